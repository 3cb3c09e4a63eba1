package com.bigtimedeals.engine.expr;

import java.util.EnumMap;
import java.util.Map;

/**
 * The errors found while checking one expression, the first of each kind kept. The service reports one error per
 * request, chosen by kind in a fixed order (for example redundant parentheses before an unknown function before a
 * reserved word), not by where it stands in the text.
 */
final class ExpressionErrors {
    enum Kind {
        /** More operators or functions than the service allows. */
        TOO_MANY_OPERATORS,
        REDUNDANT_PARENS, UNKNOWN_FUNCTION, MISUSED_FUNCTION, RESERVED_WORD,
        /** A whole condition's first error, chosen from the four kinds below when the condition ends. */
        CONDITION,
        UNDEFINED_NAME_OR_VALUE, OPERAND_COUNT, NOT_DISTINCT, FUNCTION,
        // Update expressions keep some of these apart and order them differently.
        SECTION_REPEATED, UNDEFINED_NAME, UNDEFINED_VALUE, PATH_OVERLAP, PATH_CONFLICT, OPERAND_TYPE
    }

    /**
     * The service's limit on operators (Developer Guide, "Service quotas"); it stops at the first one beyond, so its
     * message always counts 301 (measured by others: 909 operators are reported as "operator count: 301").
     */
    static final int MAX_OPERATORS = 300;

    /**
     * What differs between the kinds of expression the one checking pass checks, as a table: the functions each may
     * call, which kind of error an undefined name, an undefined value and a function's wrong number of operands are,
     * and the order the service reports errors in (the first error of the first kind found).
     */
    enum Rules {
        /** Conditions, filters and key conditions: an undefined name or value ends the condition it stands in. */
        CONDITION(ExpressionFunction.Use.CONDITION,
                Kind.UNDEFINED_NAME_OR_VALUE, Kind.UNDEFINED_NAME_OR_VALUE, Kind.OPERAND_COUNT,
                Kind.TOO_MANY_OPERATORS, Kind.REDUNDANT_PARENS, Kind.UNKNOWN_FUNCTION, Kind.MISUSED_FUNCTION,
                Kind.RESERVED_WORD, Kind.CONDITION),
        /** One comparison or function condition, once it ends: its first error becomes the CONDITION error. */
        CONDITION_PART(ExpressionFunction.Use.CONDITION,
                Kind.UNDEFINED_NAME_OR_VALUE, Kind.UNDEFINED_NAME_OR_VALUE, Kind.OPERAND_COUNT,
                Kind.UNDEFINED_NAME_OR_VALUE, Kind.OPERAND_COUNT, Kind.NOT_DISTINCT, Kind.FUNCTION),
        /** Update expressions: undefined names and values apart, after a repeated clause. */
        UPDATE(ExpressionFunction.Use.UPDATE_SET,
                Kind.UNDEFINED_NAME, Kind.UNDEFINED_VALUE, Kind.FUNCTION,
                Kind.TOO_MANY_OPERATORS, Kind.RESERVED_WORD, Kind.UNKNOWN_FUNCTION, Kind.MISUSED_FUNCTION,
                Kind.SECTION_REPEATED, Kind.UNDEFINED_NAME, Kind.UNDEFINED_VALUE, Kind.PATH_OVERLAP, Kind.PATH_CONFLICT,
                Kind.OPERAND_TYPE, Kind.FUNCTION),
        /** Projection expressions: paths only, no functions or values. */
        PROJECTION(null,
                Kind.UNDEFINED_NAME, Kind.UNDEFINED_VALUE, null,
                Kind.RESERVED_WORD, Kind.UNDEFINED_NAME, Kind.PATH_OVERLAP, Kind.PATH_CONFLICT);

        /** The functions the expression may call (their table, {@link ExpressionFunction}, says which stand where). */
        final ExpressionFunction.Use functions;
        final Kind undefinedName;
        final Kind undefinedValue;
        /** The kind of error a function called with the wrong number of operands is (none in a projection). */
        final Kind operandCount;
        private final Kind[] order;

        Rules(ExpressionFunction.Use functions, Kind undefinedName, Kind undefinedValue, Kind operandCount, Kind... order) {
            this.functions = functions;
            this.undefinedName = undefinedName;
            this.undefinedValue = undefinedValue;
            this.operandCount = operandCount;
            this.order = order;
        }
    }

    private final Map<Kind, String> first = new EnumMap<>(Kind.class);

    void record(Kind kind, String message) {
        first.putIfAbsent(kind, message);
    }

    boolean has(Kind kind) {
        return first.containsKey(kind);
    }

    /** The first error these rules report; null if none. */
    String first(Rules rules) {
        return first(rules.order);
    }

    /**
     * Once the whole expression is checked ({@code operators} counted): throws the error the service reports for it
     * under these rules, after {@code prefix} (which names the parameter), if there is one.
     */
    void report(Rules rules, String prefix, int operators) {
        if (operators > MAX_OPERATORS) {
            record(Kind.TOO_MANY_OPERATORS, "The expression contains too many operators; operator count: " + (MAX_OPERATORS + 1));
        }
        String error = first(rules);
        if (error != null) {
            throw new ExpressionException(prefix + error);
        }
    }

    /** The first error of the first kind, in the order given, that was found; null if none. */
    String first(Kind... order) {
        for (Kind kind : order) {
            String message = first.get(kind);
            if (message != null) {
                return message;
            }
        }
        return null;
    }
}
