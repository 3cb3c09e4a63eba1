package com.bigtimedeals.engine.expr;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.value.NumberFormatError;
import com.bigtimedeals.engine.value.Numbers;
import com.bigtimedeals.engine.value.Value;

/** The right-hand sides of SET actions, evaluated against the item as it was before the update. */
final class UpdateValues {
    static final String MISSING_ATTRIBUTE = "The provided expression refers to an attribute that does not exist in the item";
    static final String WRONG_TYPE = "An operand in the update expression has an incorrect data type";

    private UpdateValues() {
    }

    interface ValueExpr {
        /** The value, never null: a missing attribute is the service's error. */
        Value evaluate(Map<String, Value> item);
    }

    record Constant(Value value) implements ValueExpr {
        @Override
        public Value evaluate(Map<String, Value> item) {
            return value;
        }
    }

    record PathValue(DocumentPath path) implements ValueExpr {
        @Override
        public Value evaluate(Map<String, Value> item) {
            Value v = path.resolve(item);
            if (v == null) {
                throw new ExpressionException(MISSING_ATTRIBUTE);
            }
            return v;
        }
    }

    /** {@code if_not_exists(path, value)}: the attribute at {@code path} if it is there, else {@code value}. */
    record IfNotExists(DocumentPath path, ValueExpr otherwise) implements ValueExpr {
        @Override
        public Value evaluate(Map<String, Value> item) {
            Value v = path.resolve(item);
            return v != null ? v : otherwise.evaluate(item);
        }
    }

    /** {@code list_append(a, b)}: the elements of {@code b} after those of {@code a}; both must be lists. */
    record ListAppend(ValueExpr first, ValueExpr second) implements ValueExpr {
        @Override
        public Value evaluate(Map<String, Value> item) {
            Value a = first.evaluate(item);
            Value b = second.evaluate(item);
            if (!(a instanceof Value.L la) || !(b instanceof Value.L lb)) {
                throw new ExpressionException(WRONG_TYPE);
            }
            List<Value> joined = new ArrayList<>(la.values().size() + lb.values().size());
            joined.addAll(la.values());
            joined.addAll(lb.values());
            return new Value.L(joined);
        }
    }

    /** {@code a + b} and {@code a - b} on numbers. */
    record Arithmetic(boolean plus, ValueExpr left, ValueExpr right) implements ValueExpr {
        @Override
        public Value evaluate(Map<String, Value> item) {
            Value a = left.evaluate(item);
            Value b = right.evaluate(item);
            if (!(a instanceof Value.N na) || !(b instanceof Value.N nb)) {
                throw new ExpressionException(WRONG_TYPE);
            }
            return plus ? add(na.value(), nb.value()) : add(na.value(), nb.value().negate());
        }
    }

    /**
     * The exact sum. The service stores no more than 38 significant digits and does not round: a sum that needs
     * more ({@code 1E50 + 1}) is refused, and with its overflow message, as the service words it; a sum beyond its
     * range is refused with the overflow or underflow message.
     */
    static Value.N add(BigDecimal a, BigDecimal b) {
        BigDecimal sum = Numbers.normalise(a.add(b));
        if (sum.precision() > Numbers.MAX_PRECISION) {
            throw new ExpressionException(OVERFLOW);
        }
        try {
            return new Value.N(Numbers.checkRange(sum));
        } catch (NumberFormatError e) {
            throw new ExpressionException(e.getMessage());
        }
    }

    static final String OVERFLOW = "Number overflow. Attempting to store a number with magnitude larger than supported range";
}
