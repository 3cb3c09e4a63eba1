package com.bigtimedeals.engine.expr;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.value.Value;

/**
 * Checks a parsed condition the way the service does and builds the condition to evaluate. ExpressionErrors are gathered in
 * the order the service meets them (operands before the operator that uses them, conditions left to right) and the
 * one reported is chosen by kind: redundant parentheses, unknown function, misused function, reserved word, then
 * the first condition with a error (undefined name or value, operand count, operands not distinct, operand type).
 */
final class ConditionChecker {
    private static final Set<String> TYPE_NAMES = Set.of("S", "N", "B", "NULL", "SS", "BOOL", "L", "BS", "NS", "M");

    /** One checked operand: what it evaluates to, and what the checks need to know about it. */
    record CheckedOperand(Operands.Operand runtime, Value value, String type, DocumentPath path, String function) {
    }

    private static final ExpressionErrors.Rules RULES = ExpressionErrors.Rules.CONDITION;

    private final ExpressionContext context;
    private final String prefix;
    private final ExpressionErrors errors = new ExpressionErrors();
    private final Set<String> heads = new LinkedHashSet<>();
    private final Set<String> nestedHeads = new LinkedHashSet<>();
    private int operators;

    ConditionChecker(ExpressionContext context, String prefix) {
        this.context = context;
        this.prefix = prefix;
    }

    Condition check(Syntax.Cond root) {
        Condition condition = cond(root);
        misusedSize(root);
        errors.report(RULES, prefix, operators);
        return new CheckedCondition(condition, Set.copyOf(heads), Set.copyOf(nestedHeads));
    }

    /** A checked condition, with the top-level attributes it reads, and those it reads inside. */
    private record CheckedCondition(Condition root, Set<String> topLevelNames, Set<String> nestedTopLevelNames)
            implements Condition {
        @Override
        public boolean test(Map<String, Value> item) {
            return root.test(item);
        }
    }

    private Condition cond(Syntax.Cond c) {
        if (c instanceof Syntax.Or or) {
            operators++;
            Condition left = cond(or.left());
            Condition right = cond(or.right());
            misusedSize(or.left());
            misusedSize(or.right());
            return new ConditionNodes.Or(left, right);
        }
        if (c instanceof Syntax.And and) {
            operators++;
            Condition left = cond(and.left());
            Condition right = cond(and.right());
            misusedSize(and.left());
            misusedSize(and.right());
            return new ConditionNodes.And(left, right);
        }
        if (c instanceof Syntax.Not not) {
            operators++;
            Condition inner = cond(not.inner());
            misusedSize(not.inner());
            return new ConditionNodes.Not(inner);
        }
        if (c instanceof Syntax.Paren paren) {
            if (paren.redundant()) {
                redundantParens();
            }
            return cond(paren.inner());
        }
        Condition built;
        // Comparisons, BETWEEN and IN count towards the limit; functions do not (measured by others against the
        // service: a < f(f(...)) nested 1355 deep is refused for its unknown function, not for its operator count).
        if (c instanceof Syntax.Compare compare) {
            operators++;
            built = compare(compare);
        } else if (c instanceof Syntax.Between between) {
            operators++;
            built = between(between);
        } else if (c instanceof Syntax.In in) {
            operators++;
            built = in(in);
        } else {
            built = functionCondition(((Syntax.FunctionCond) c).call());
        }
        conditionEnds();
        return built;
    }

    private Condition compare(Syntax.Compare compare) {
        CheckedOperand left = operand(compare.left());
        CheckedOperand right = operand(compare.right());
        ConditionNodes.Comparator comparator = ConditionNodes.Comparator.of(compare.operator().kind());
        misusedFunction(List.of(left, right));
        distinct(comparator.symbol, List.of(left, right));
        if (comparator.ordering()) {
            orderable(comparator.symbol, List.of(left, right));
        }
        return new ConditionNodes.Compare(comparator, left.runtime(), right.runtime());
    }

    private Condition between(Syntax.Between between) {
        CheckedOperand operand = operand(between.operand());
        CheckedOperand lower = operand(between.lower());
        CheckedOperand upper = operand(between.upper());
        misusedFunction(List.of(operand, lower, upper));
        orderable("BETWEEN", List.of(operand, lower, upper));
        if (!errors.has(ExpressionErrors.Kind.FUNCTION) && lower.value() != null && upper.value() != null) {
            String bounds = "lower bound operand: " + Values.describe(lower.value()) + ", upper bound operand: "
                    + Values.describe(upper.value());
            if (lower.value().type() != upper.value().type()) {
                errors.record(ExpressionErrors.Kind.FUNCTION,
                        "The BETWEEN operator requires same data type for lower and upper bounds; " + bounds);
            } else {
                Integer order = Values.compare(lower.value(), upper.value());
                if (order != null && order > 0) {
                    errors.record(ExpressionErrors.Kind.FUNCTION, "The BETWEEN operator requires upper bound to be greater "
                            + "than or equal to lower bound; " + bounds);
                }
            }
        }
        return new ConditionNodes.Between(operand.runtime(), lower.runtime(), upper.runtime());
    }

    private Condition in(Syntax.In in) {
        CheckedOperand operand = operand(in.operand());
        List<CheckedOperand> all = new ArrayList<>();
        all.add(operand);
        List<Operands.Operand> candidates = new ArrayList<>();
        for (Syntax.Operand o : in.candidates()) {
            CheckedOperand candidate = operand(o);
            all.add(candidate);
            candidates.add(candidate.runtime());
        }
        misusedFunction(all);
        // The limit counts the values in the list, not the operand before IN: a IN (b, ...) takes 100 values.
        if (in.candidates().size() > ExpressionContext.MAX_IN_VALUES) {
            errors.record(ExpressionErrors.Kind.OPERAND_COUNT, ExpressionContext.tooManyInValues(in.candidates().size()));
        }
        return new ConditionNodes.In(operand.runtime(), candidates);
    }

    private Condition functionCondition(Syntax.Call call) {
        List<CheckedOperand> args = new ArrayList<>();
        call(call, args);
        ExpressionFunction function = ExpressionFunction.named(call.functionName());
        if (function == null || !function.allowedIn(RULES.functions)
                || args.size() != function.arity) {
            return null;
        }
        CheckedOperand first = args.get(0);
        return switch (function) {
            case ATTRIBUTE_EXISTS -> new ConditionNodes.Exists(first.path(), true);
            case ATTRIBUTE_NOT_EXISTS -> new ConditionNodes.Exists(first.path(), false);
            case ATTRIBUTE_TYPE -> new ConditionNodes.TypeIs(first.runtime(),
                    args.get(1).value() instanceof Value.S s ? s.value() : null);
            case BEGINS_WITH -> new ConditionNodes.BeginsWith(first.runtime(), args.get(1).runtime());
            case CONTAINS -> new ConditionNodes.Contains(first.runtime(), args.get(1).runtime());
            default -> null;
        };
    }

    CheckedOperand operand(Syntax.Operand o) {
        if (o instanceof Syntax.ParenOperand paren) {
            if (paren.redundant()) {
                redundantParens();
            }
            return operand(paren.inner());
        }
        if (o instanceof Syntax.ValueRef ref) {
            Value value = context.value(ref.token(), errors, RULES.undefinedValue);
            return new CheckedOperand(new Operands.Constant(value), value, value == null ? null : value.type().name(),
                    null, null);
        }
        if (o instanceof Syntax.PathRef path) {
            DocumentPath resolved = path(path);
            return new CheckedOperand(new Operands.PathOperand(resolved), null, null, resolved, null);
        }
        Syntax.Call call = (Syntax.Call) o;
        List<CheckedOperand> args = new ArrayList<>();
        String type = call(call, args);
        Operands.Operand runtime = "size".equals(call.functionName()) && args.size() == 1
                ? new Operands.Size(args.get(0).runtime()) : null;
        return new CheckedOperand(runtime, null, type, null, call.functionName());
    }

    /** Resolves a path's names, checking each written name against the reserved words. */
    DocumentPath path(Syntax.PathRef path) {
        if (path.redundantParens()) {
            redundantParens();
        }
        DocumentPath resolved = context.path(path, errors, RULES.undefinedName);
        String head = (String) resolved.steps().get(0);
        if (head != null) {
            heads.add(head);
            if (resolved.size() > 1) {
                nestedHeads.add(head);
            }
        }
        return resolved;
    }

    /** Checks a function's arguments, then the function; returns the type it yields (null if unknown). */
    private String call(Syntax.Call call, List<CheckedOperand> args) {
        for (Syntax.Operand arg : call.args()) {
            args.add(operand(arg));
        }
        misusedFunction(args);
        String name = call.functionName();
        ExpressionFunction function = ExpressionFunction.called(name, args.size(), RULES, errors);
        if (function == null) {
            return null;
        }
        distinct(name, args);
        if (errors.has(ExpressionErrors.Kind.FUNCTION)) {
            return null;
        }
        return operandTypes(function, args);
    }

    /** Checks the operand types the function takes; returns the type it yields (null when refused). */
    private String operandTypes(ExpressionFunction function, List<CheckedOperand> args) {
        String name = function.name;
        switch (function) {
            case ATTRIBUTE_EXISTS, ATTRIBUTE_NOT_EXISTS -> {
                if (args.get(0).path() == null) {
                    errors.record(ExpressionErrors.Kind.FUNCTION, function.requiresPath());
                }
                return null;
            }
            case BEGINS_WITH -> {
                for (CheckedOperand arg : args) {
                    if (arg.type() != null && !arg.type().equals("S") && !arg.type().equals("B")) {
                        operandType(name, arg.type());
                        return null;
                    }
                }
                return "BOOL";
            }
            case ATTRIBUTE_TYPE -> {
                CheckedOperand type = args.get(1);
                if (!"S".equals(type.type())) {
                    operandType(name, type.type() == null ? "{NS,SS,L,BS,N,M,B,BOOL,NULL,S}" : type.type());
                    return null;
                }
                String typeName = ((Value.S) type.value()).value();
                if (!TYPE_NAMES.contains(typeName)) {
                    errors.record(ExpressionErrors.Kind.FUNCTION, "Invalid attribute type name found; type: " + typeName
                            + ", valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
                    return null;
                }
                return "BOOL";
            }
            case SIZE -> {
                String type = args.get(0).type();
                if ("N".equals(type) || "BOOL".equals(type) || "NULL".equals(type)) {
                    operandType(name, type);
                    return null;
                }
                return "N";
            }
            default -> {
                return "BOOL";
            }
        }
    }

    private void operandType(String function, String type) {
        errors.record(ExpressionErrors.Kind.FUNCTION, ExpressionFunction.operandType(function, type));
    }

    /** Ordering comparisons and BETWEEN take only strings, numbers and binaries. */
    private void orderable(String operator, List<CheckedOperand> operands) {
        if (errors.has(ExpressionErrors.Kind.FUNCTION)) {
            return;
        }
        for (CheckedOperand o : operands) {
            if (o.value() != null && !Values.isOrderable(o.value())) {
                operandType(operator, o.type());
                return;
            }
        }
    }

    /** Only a condition function that yields a value ({@code size}) may stand where a value is expected. */
    private void misusedFunction(List<CheckedOperand> operands) {
        for (CheckedOperand o : operands) {
            if (o.function() != null && !yieldsValueInConditions(o.function())) {
                misused(o.function());
                return;
            }
        }
    }

    /** {@code size} yields a number, not a truth value, so it cannot stand as a condition. */
    private void misusedSize(Syntax.Cond c) {
        if (Syntax.unwrap(c) instanceof Syntax.FunctionCond f && yieldsValueInConditions(f.call().functionName())) {
            misused(f.call().functionName());
        }
    }

    private static boolean yieldsValueInConditions(String name) {
        ExpressionFunction function = ExpressionFunction.named(name);
        return function != null && function.yieldsValue && function.allowedIn(RULES.functions);
    }

    private void misused(String function) {
        errors.record(ExpressionErrors.Kind.MISUSED_FUNCTION,
                "The function is not allowed to be used this way in an expression; function: " + function);
    }

    /** {@code a = a} or {@code contains(a, a)}: the service refuses comparing a path with itself. */
    private void distinct(String operator, List<CheckedOperand> operands) {
        if (errors.has(ExpressionErrors.Kind.NOT_DISTINCT) || operands.size() != 2) {
            return;
        }
        DocumentPath first = operands.get(0).path();
        if (first != null && first.equals(operands.get(1).path())) {
            errors.record(ExpressionErrors.Kind.NOT_DISTINCT, "The first operand must be distinct from the remaining "
                    + "operands for this operator or function; operator: " + operator + ", first operand: " + first);
        }
    }

    private void redundantParens() {
        errors.record(ExpressionErrors.Kind.REDUNDANT_PARENS, "The expression has redundant parentheses;");
    }

    /** A comparison or function condition is complete: its first error, if any, is the condition error. */
    private void conditionEnds() {
        if (errors.has(ExpressionErrors.Kind.CONDITION)) {
            return;
        }
        String error = errors.first(ExpressionErrors.Rules.CONDITION_PART);
        if (error != null) {
            errors.record(ExpressionErrors.Kind.CONDITION, error);
        }
    }
}
