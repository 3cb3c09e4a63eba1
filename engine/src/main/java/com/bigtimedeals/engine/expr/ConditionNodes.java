package com.bigtimedeals.engine.expr;

import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.value.Value;

/**
 * The nodes of a checked condition. A missing attribute has no value: every comparison with it is false except
 * {@code <>}, which is true (the values are not equal).
 */
final class ConditionNodes {
    private ConditionNodes() {
    }

    enum Comparator {
        EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">=");

        final String symbol;

        Comparator(String symbol) {
            this.symbol = symbol;
        }

        static Comparator of(Token.Kind kind) {
            return switch (kind) {
                case EQ -> EQ;
                case NE -> NE;
                case LT -> LT;
                case LE -> LE;
                case GT -> GT;
                case GE -> GE;
                default -> throw new IllegalArgumentException(kind.name());
            };
        }

        boolean ordering() {
            return this != EQ && this != NE;
        }

        boolean test(Value a, Value b) {
            if (this == EQ) {
                return a != null && a.equals(b);
            }
            if (this == NE) {
                return a == null || !a.equals(b);
            }
            Integer c = Values.compare(a, b);
            if (c == null) {
                return false;
            }
            return switch (this) {
                case LT -> c < 0;
                case LE -> c <= 0;
                case GT -> c > 0;
                default -> c >= 0;
            };
        }
    }

    record Compare(Comparator comparator, Operands.Operand left, Operands.Operand right) implements Condition {
        @Override
        public boolean test(Map<String, Value> item) {
            return comparator.test(left.evaluate(item), right.evaluate(item));
        }
    }

    record Between(Operands.Operand operand, Operands.Operand lower, Operands.Operand upper) implements Condition {
        @Override
        public boolean test(Map<String, Value> item) {
            Value v = operand.evaluate(item);
            Integer low = Values.compare(v, lower.evaluate(item));
            if (low == null || low < 0) {
                return false;
            }
            Integer high = Values.compare(v, upper.evaluate(item));
            return high != null && high <= 0;
        }
    }

    record In(Operands.Operand operand, List<Operands.Operand> candidates) implements Condition {
        @Override
        public boolean test(Map<String, Value> item) {
            Value v = operand.evaluate(item);
            if (v == null) {
                return false;
            }
            for (Operands.Operand candidate : candidates) {
                if (v.equals(candidate.evaluate(item))) {
                    return true;
                }
            }
            return false;
        }
    }

    record Exists(DocumentPath path, boolean expected) implements Condition {
        @Override
        public boolean test(Map<String, Value> item) {
            return (path.resolve(item) != null) == expected;
        }
    }

    /** {@code attribute_type(operand, :type)}: the operand may be a path or a value. */
    record TypeIs(Operands.Operand operand, String type) implements Condition {
        @Override
        public boolean test(Map<String, Value> item) {
            Value v = operand.evaluate(item);
            return v != null && v.type().name().equals(type);
        }
    }

    record BeginsWith(Operands.Operand operand, Operands.Operand prefix) implements Condition {
        @Override
        public boolean test(Map<String, Value> item) {
            return Values.beginsWith(operand.evaluate(item), prefix.evaluate(item));
        }
    }

    record Contains(Operands.Operand container, Operands.Operand member) implements Condition {
        @Override
        public boolean test(Map<String, Value> item) {
            return Values.contains(container.evaluate(item), member.evaluate(item));
        }
    }

    record And(Condition left, Condition right) implements Condition {
        @Override
        public boolean test(Map<String, Value> item) {
            return left.test(item) && right.test(item);
        }
    }

    record Or(Condition left, Condition right) implements Condition {
        @Override
        public boolean test(Map<String, Value> item) {
            return left.test(item) || right.test(item);
        }
    }

    record Not(Condition inner) implements Condition {
        @Override
        public boolean test(Map<String, Value> item) {
            return !inner.test(item);
        }
    }
}
