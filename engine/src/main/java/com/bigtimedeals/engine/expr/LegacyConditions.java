package com.bigtimedeals.engine.expr;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.value.Value;

/**
 * The legacy comparison operators (Developer Guide, "Writing conditions with legacy parameters"): their operand
 * counts and types as the service checks them, and how each compares an item's attribute.
 */
final class LegacyConditions {
    static final String INVALID = "One or more parameter values were invalid: ";
    static final List<String> OPERATORS = List.of("IN", "NULL", "BETWEEN", "LT", "NOT_CONTAINS", "EQ", "GT", "NOT_NULL",
            "NE", "LE", "BEGINS_WITH", "GE", "CONTAINS");
    private static final Set<Value.Type> SCALARS = Set.of(Value.Type.S, Value.Type.N, Value.Type.B);
    private static final Set<Value.Type> ALL_TYPES = Set.of(Value.Type.values());
    private static final Set<Value.Type> STRINGS_AND_BINARIES = Set.of(Value.Type.S, Value.Type.B);

    private LegacyConditions() {
    }

    /** One attribute's condition, ready to test. */
    record Test(String attribute, String operator, List<Value> operands) implements Condition {
        @Override
        public boolean test(Map<String, Value> item) {
            return compare(operator, item.get(attribute), operands);
        }
    }

    /** The operand count each operator takes. */
    static boolean rightCount(String operator, int count) {
        return switch (operator) {
            case "NULL", "NOT_NULL" -> count == 0;
            case "IN" -> count >= 1;
            case "BETWEEN" -> count == 2;
            default -> count == 1;
        };
    }

    static ExpressionException wrongCount(String operator) {
        return new ExpressionException(INVALID + "Invalid number of argument(s) for the " + operator + " ComparisonOperator");
    }

    /**
     * The operand types each operator takes: EQ and NE any type (measured by others against the service: lists, maps,
     * sets and booleans compare for equality in a QueryFilter); BEGINS_WITH only strings and binaries; the others
     * strings, numbers and binaries.
     */
    private static Set<Value.Type> allowedTypes(String operator) {
        return switch (operator) {
            case "EQ", "NE" -> ALL_TYPES;
            case "BEGINS_WITH" -> STRINGS_AND_BINARIES;
            default -> SCALARS;
        };
    }

    /** The checks QueryFilter, ScanFilter and KeyConditions share: operator, count, one type, allowed types, order. */
    static void checkFilterCondition(String parameter, String attribute, String operator, List<Value> operands) {
        checkOperator(parameter, attribute, operator);
        checkOperands(operator, operands);
    }

    /**
     * The operand checks every legacy condition gets, Expected's ComparisonOperator form included: the operator's
     * count, one type, the operator's types, BETWEEN's order.
     */
    static void checkOperands(String operator, List<Value> operands) {
        if (!rightCount(operator, operands.size())) {
            throw wrongCount(operator);
        }
        sameType(operands);
        Set<Value.Type> allowed = allowedTypes(operator);
        for (Value operand : operands) {
            if (!allowed.contains(operand.type())) {
                throw new ExpressionException(INVALID + "ComparisonOperator " + operator + " is not valid for "
                        + operand.type().name() + " AttributeValue type");
            }
        }
        betweenInOrder(operator, operands);
    }

    static void checkOperator(String parameter, String attribute, String operator) {
        if (operator == null || !OPERATORS.contains(operator)) {
            String at = Character.toLowerCase(parameter.charAt(0)) + parameter.substring(1) + "." + attribute
                    + ".member.comparisonOperator";
            throw new ExpressionException("1 validation error detected: Value " + (operator == null ? "null"
                    : "'" + operator + "'") + " at '" + at + "' failed to satisfy constraint: " + (operator == null
                    ? "Member must not be null" : "Member must satisfy enum value set: " + OPERATORS));
        }
    }

    static void sameType(List<Value> operands) {
        for (Value operand : operands) {
            if (operand.type() != operands.get(0).type()) {
                throw new ExpressionException(INVALID + "AttributeValues inside AttributeValueList must be of same type");
            }
        }
    }

    static void betweenInOrder(String operator, List<Value> operands) {
        if (operator.equals("BETWEEN") && operands.size() == 2) {
            Integer order = Values.compare(operands.get(0), operands.get(1));
            if (order != null && order > 0) {
                throw new ExpressionException(
                        "The BETWEEN condition was provided a range where the lower bound is greater than the upper bound");
            }
        }
    }

    /** How the operator compares an attribute's value (null when the item lacks it) with the operands. */
    static boolean compare(String operator, Value value, List<Value> operands) {
        Value first = operands.isEmpty() ? null : operands.get(0);
        return switch (operator) {
            case "NULL" -> value == null;
            case "NOT_NULL" -> value != null;
            case "EQ" -> ConditionNodes.Comparator.EQ.test(value, first);
            case "NE" -> ConditionNodes.Comparator.NE.test(value, first);
            case "LT" -> ConditionNodes.Comparator.LT.test(value, first);
            case "LE" -> ConditionNodes.Comparator.LE.test(value, first);
            case "GT" -> ConditionNodes.Comparator.GT.test(value, first);
            case "GE" -> ConditionNodes.Comparator.GE.test(value, first);
            case "CONTAINS" -> Values.contains(value, first);
            // Measured by others against the service: on a missing attribute NOT_CONTAINS is false, as CONTAINS
            // is (unlike NE, and unlike NOT contains(...) in an expression).
            case "NOT_CONTAINS" -> value != null && !Values.contains(value, first);
            case "BEGINS_WITH" -> Values.beginsWith(value, first);
            case "IN" -> value != null && operands.contains(value);
            case "BETWEEN" -> ConditionNodes.Comparator.GE.test(value, first)
                    && ConditionNodes.Comparator.LE.test(value, operands.get(1));
            default -> false;
        };
    }

    /** AND (the default) or OR over the conditions, each on one top-level attribute. */
    static Condition combine(List<Test> conditions, String conditionalOperator) {
        Set<String> names = new LinkedHashSet<>();
        for (Test t : conditions) {
            names.add(t.attribute());
        }
        return new Combined(List.copyOf(conditions), "OR".equals(conditionalOperator), Set.copyOf(names));
    }

    private record Combined(List<Test> conditions, boolean or, Set<String> topLevelNames) implements Condition {
        @Override
        public boolean test(Map<String, Value> item) {
            if (conditions.isEmpty()) {
                return true;
            }
            for (Test c : conditions) {
                if (c.test(item) == or) {
                    return or;
                }
            }
            return !or;
        }
    }
}
