package com.bigtimedeals.engine.expr;

import java.util.EnumSet;
import java.util.Set;

/**
 * Every function of the expression language (Developer Guide, "Condition and filter expressions, operators, and
 * functions" and "Update expressions"), its number of operands, and the kinds of expression it may stand in: the one
 * table the condition, key condition and update checks read. A function known to the service but out of place is
 * refused as out of place ({@code The function is not allowed in an update expression}), not as unknown. PartiQL
 * reads it too, for the functions its WHERE and SET clauses pass on to these expressions.
 */
public enum ExpressionFunction {
    ATTRIBUTE_EXISTS("attribute_exists", 1, false, Use.CONDITION),
    ATTRIBUTE_NOT_EXISTS("attribute_not_exists", 1, false, Use.CONDITION),
    ATTRIBUTE_TYPE("attribute_type", 2, false, Use.CONDITION),
    BEGINS_WITH("begins_with", 2, false, Use.CONDITION, Use.KEY_CONDITION),
    CONTAINS("contains", 2, false, Use.CONDITION),
    SIZE("size", 1, true, Use.CONDITION),
    IF_NOT_EXISTS("if_not_exists", 2, true, Use.UPDATE_SET),
    LIST_APPEND("list_append", 2, true, Use.UPDATE_SET),
    /** A SET value's arithmetic, checked as a function of two operands. */
    PLUS("+", 2, true, Use.UPDATE_SET),
    MINUS("-", 2, true, Use.UPDATE_SET);

    /** The kinds of expression a function may stand in. */
    public enum Use {
        /** Condition and filter expressions (and key conditions, which are first checked as conditions). */
        CONDITION("a condition expression"),
        /** Key condition expressions, on top of what a condition allows. */
        KEY_CONDITION("a key condition expression"),
        /** An update expression's SET values. */
        UPDATE_SET("an update expression");

        /** How the service names the kind of expression in its message for a function out of place. */
        final String expression;

        Use(String expression) {
            this.expression = expression;
        }
    }

    final String name;
    final int arity;
    final boolean yieldsValue;
    private final Set<Use> uses;

    ExpressionFunction(String name, int arity, boolean yieldsValue, Use first, Use... more) {
        this.name = name;
        this.arity = arity;
        this.yieldsValue = yieldsValue;
        this.uses = EnumSet.of(first, more);
    }

    /** Yields a value to compare or assign, rather than a truth value to test. */
    public boolean yieldsValue() {
        return yieldsValue;
    }

    public boolean allowedIn(Use use) {
        return uses.contains(use);
    }

    /** The function of this name, or null for a name the service does not know as one. */
    public static ExpressionFunction named(String name) {
        for (ExpressionFunction f : values()) {
            if (f.name.equals(name)) {
                return f;
            }
        }
        return null;
    }

    /** The service's message for this function given {@code count} operands, not its arity. */
    private String wrongOperandCount(int count) {
        return "Incorrect number of operands for operator or function; operator or function: " + name
                + ", number of operands: " + count;
    }

    /** The service's message for a function whose first operand must be a document path and is not. */
    String requiresPath() {
        return "Operator or function requires a document path; operator or function: " + name;
    }

    /** The service's message for an operand of a type the function or operator ({@code <}, BETWEEN) does not take. */
    static String operandType(String functionOrOperator, String type) {
        return "Incorrect operand type for operator or function; operator or function: " + functionOrOperator
                + ", operand type: " + type;
    }

    /**
     * The function called {@code name} with {@code operands} operands, if these rules let it stand there with as many
     * operands as it takes; else null, with the error recorded (the first of each kind is kept): an unknown function, a
     * known one out of place, or a wrong number of operands, of the kind the rules name. The one check of a call that
     * conditions and updates share.
     */
    static ExpressionFunction called(String name, int operands, ExpressionErrors.Rules rules, ExpressionErrors errors) {
        if (errors.has(ExpressionErrors.Kind.UNKNOWN_FUNCTION)) {
            return null;
        }
        ExpressionFunction function = allowed(name, rules.functions, errors);
        if (function == null || errors.has(rules.operandCount)) {
            return null;
        }
        if (function.arity != operands) {
            errors.record(rules.operandCount, function.wrongOperandCount(operands));
            return null;
        }
        return function;
    }

    /**
     * The function of this name if it may stand in this kind of expression; else null, with the error recorded: an
     * unknown function, or a known one out of place ({@code The function is not allowed in a condition expression}).
     */
    private static ExpressionFunction allowed(String name, Use use, ExpressionErrors errors) {
        ExpressionFunction function = named(name);
        if (function == null) {
            errors.record(ExpressionErrors.Kind.UNKNOWN_FUNCTION, "Invalid function name; function: " + name);
        } else if (!function.allowedIn(use)) {
            errors.record(ExpressionErrors.Kind.MISUSED_FUNCTION,
                    "The function is not allowed in " + use.expression + "; function: " + name);
            return null;
        }
        return function;
    }
}
