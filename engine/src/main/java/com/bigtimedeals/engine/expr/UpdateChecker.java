package com.bigtimedeals.engine.expr;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import com.bigtimedeals.engine.value.Value;

/**
 * Checks a parsed update expression the way the service does and builds the update to apply. The error reported
 * is chosen by kind, in the service's order: reserved word, unknown function, repeated clause, undefined name,
 * undefined value, overlapping paths, conflicting paths, ADD or DELETE operand type, then a function's operands.
 */
final class UpdateChecker {
    /** A checked SET operand: what it evaluates to, and its type when known before any item is seen. */
    private record Checked(UpdateValues.ValueExpr runtime, String type, boolean isPath) {
    }

    private static final ExpressionErrors.Rules RULES = ExpressionErrors.Rules.UPDATE;

    private final ExpressionContext context;
    private final String prefix;
    private final ExpressionErrors errors = new ExpressionErrors();
    private final List<DocumentPath> targets = new ArrayList<>();
    private final Set<String> nestedHeads = new LinkedHashSet<>();
    private int operators;

    UpdateChecker(ExpressionContext context, String prefix) {
        this.context = context;
        this.prefix = prefix;
    }

    Update check(List<Syntax.Clause> clauses) {
        Set<Syntax.Section> seen = EnumSet.noneOf(Syntax.Section.class);
        List<UpdateActions.Action> actions = new ArrayList<>();
        for (Syntax.Clause clause : clauses) {
            for (Syntax.Action action : clause.actions()) {
                actions.add(action(action));
            }
            if (!seen.add(clause.section())) {
                errors.record(ExpressionErrors.Kind.SECTION_REPEATED, "The \"" + clause.section()
                        + "\" section can only be used once in an update expression;");
            }
        }
        errors.report(RULES, prefix, operators);
        return new UpdateActions(actions, nestedHeads);
    }

    private UpdateActions.Action action(Syntax.Action action) {
        switch (action.section()) {
            case SET -> {
                DocumentPath target = path(action.target());
                Syntax.SetValue value = action.value();
                UpdateValues.ValueExpr runtime;
                if (value.operator() == null) {
                    runtime = operand(value.left()).runtime();
                } else {
                    String op = value.operator().text();
                    operators++;
                    Checked left = operand(value.left());
                    Checked right = operand(value.right());
                    function(op, List.of(left, right));
                    runtime = new UpdateValues.Arithmetic(op.equals("+"), left.runtime(), right.runtime());
                }
                addTarget(target);
                return new UpdateActions.SetAction(target, runtime);
            }
            case REMOVE -> {
                DocumentPath target = path(action.target());
                addTarget(target);
                return new UpdateActions.RemoveAction(target);
            }
            default -> {
                DocumentPath target = path(action.target());
                Value operand = context.value(action.operand(), errors, RULES.undefinedValue);
                addTarget(target);
                String section = action.section().name();
                if (operand != null && !(operand instanceof Value.SS || operand instanceof Value.NS
                        || operand instanceof Value.BS || (operand instanceof Value.N && section.equals("ADD")))) {
                    errors.record(ExpressionErrors.Kind.OPERAND_TYPE, "Incorrect operand type for operator or function; "
                            + "operator: " + section + ", operand type: " + Values.longTypeName(operand)
                            + ", typeSet: ALLOWED_FOR_" + section + "_OPERAND");
                }
                return action.section() == Syntax.Section.ADD ? new UpdateActions.AddAction(target, operand)
                        : new UpdateActions.DeleteAction(target, operand);
            }
        }
    }

    private Checked operand(Syntax.Operand o) {
        o = Syntax.unwrap(o);
        if (o instanceof Syntax.ValueRef ref) {
            Value value = context.value(ref.token(), errors, RULES.undefinedValue);
            return new Checked(new UpdateValues.Constant(value), value == null ? null : value.type().name(), false);
        }
        if (o instanceof Syntax.PathRef path) {
            return new Checked(new UpdateValues.PathValue(path(path)), null, true);
        }
        Syntax.Call call = (Syntax.Call) o;
        operators++;
        List<Checked> args = new ArrayList<>();
        for (Syntax.Operand arg : call.args()) {
            Checked checked = operand(arg);
            // list_append must stand at the top of a SET value: the service refuses it as another function's operand.
            if (Syntax.unwrap(arg) instanceof Syntax.Call inner && inner.functionName().equals("list_append")) {
                errors.record(ExpressionErrors.Kind.MISUSED_FUNCTION,
                        "The function is not allowed to be used this way in an expression; function: list_append");
            }
            args.add(checked);
        }
        String type = function(call.functionName(), args);
        UpdateValues.ValueExpr runtime = null;
        if (args.size() == 2) {
            if (call.functionName().equals("if_not_exists") && args.get(0).runtime() instanceof UpdateValues.PathValue p) {
                runtime = new UpdateValues.IfNotExists(p.path(), args.get(1).runtime());
            } else if (call.functionName().equals("list_append")) {
                runtime = new UpdateValues.ListAppend(args.get(0).runtime(), args.get(1).runtime());
            }
        }
        return new Checked(runtime, type, false);
    }

    /** Checks a function or an arithmetic operator; returns the type it yields when known. */
    private String function(String name, List<Checked> args) {
        ExpressionFunction function = ExpressionFunction.called(name, args.size(), RULES, errors);
        if (function == null) {
            return null;
        }
        switch (function) {
            case IF_NOT_EXISTS -> {
                if (!args.get(0).isPath()) {
                    errors.record(ExpressionErrors.Kind.FUNCTION, function.requiresPath());
                    return null;
                }
                return args.get(1).type();
            }
            case LIST_APPEND -> {
                return operandsOfType(name, args, "L");
            }
            default -> {
                return operandsOfType(name, args, "N");
            }
        }
    }

    /** Values written in the request must already have the type the function takes. */
    private String operandsOfType(String name, List<Checked> args, String type) {
        for (Checked arg : args) {
            if (arg.runtime() instanceof UpdateValues.Constant c && c.value() != null && !type.equals(arg.type())) {
                errors.record(ExpressionErrors.Kind.FUNCTION, ExpressionFunction.operandType(name, arg.type()));
                return null;
            }
        }
        return type;
    }

    private DocumentPath path(Syntax.PathRef path) {
        DocumentPath resolved = context.path(path, errors, RULES.undefinedName);
        if (resolved.size() > 1 && resolved.steps().get(0) != null) {
            nestedHeads.add(resolved.head());
        }
        return resolved;
    }

    /**
     * Two actions may not touch the same path, nor one a path inside the other (they overlap), nor step into the
     * same place once as a map and once as a list (they conflict).
     */
    private void addTarget(DocumentPath target) {
        for (DocumentPath earlier : targets) {
            PathRelation.check(earlier, target, errors);
        }
        targets.add(target);
    }
}
