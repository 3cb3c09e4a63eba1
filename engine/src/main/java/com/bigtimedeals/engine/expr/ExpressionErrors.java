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

    private final Map<Kind, String> first = new EnumMap<>(Kind.class);

    void record(Kind kind, String message) {
        first.putIfAbsent(kind, message);
    }

    boolean has(Kind kind) {
        return first.containsKey(kind);
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
