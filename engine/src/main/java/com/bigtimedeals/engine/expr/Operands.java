package com.bigtimedeals.engine.expr;

import java.util.Map;

import com.bigtimedeals.engine.value.Value;

/** The operands of a checked condition, evaluated against an item: null stands for "no value". */
final class Operands {
    private Operands() {
    }

    interface Operand {
        Value evaluate(Map<String, Value> item);
    }

    record PathOperand(DocumentPath path) implements Operand {
        @Override
        public Value evaluate(Map<String, Value> item) {
            return path.resolve(item);
        }
    }

    record Constant(Value value) implements Operand {
        @Override
        public Value evaluate(Map<String, Value> item) {
            return value;
        }
    }

    record Size(Operand of) implements Operand {
        @Override
        public Value evaluate(Map<String, Value> item) {
            Value v = of.evaluate(item);
            return v == null ? null : Values.size(v);
        }
    }
}
