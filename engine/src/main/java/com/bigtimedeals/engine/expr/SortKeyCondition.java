package com.bigtimedeals.engine.expr;

import com.bigtimedeals.engine.value.Ordering;
import com.bigtimedeals.engine.value.Value;

/**
 * The sort-key part of a key condition. {@code second} is set only for BETWEEN. The request layer may use the
 * operator and operands to seek a range instead of testing every item.
 */
public record SortKeyCondition(String attribute, Op op, Value first, Value second) {
    public enum Op {
        EQ, LT, LE, GT, GE, BETWEEN, BEGINS_WITH
    }

    public boolean test(Value value) {
        if (value == null || value.type() != first.type()) {
            return false;
        }
        int c = Ordering.compare(value, first);
        return switch (op) {
            case EQ -> c == 0;
            case LT -> c < 0;
            case LE -> c <= 0;
            case GT -> c > 0;
            case GE -> c >= 0;
            case BETWEEN -> c >= 0 && Ordering.compare(value, second) <= 0;
            case BEGINS_WITH -> Values.beginsWith(value, first);
        };
    }
}
