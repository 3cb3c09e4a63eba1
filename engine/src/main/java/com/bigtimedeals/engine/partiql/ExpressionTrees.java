package com.bigtimedeals.engine.partiql;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.expr.ExpressionFunction;
import com.bigtimedeals.engine.expr.Syntax;
import com.bigtimedeals.engine.expr.Token;
import com.bigtimedeals.engine.partiql.Ast.Node;
import com.bigtimedeals.engine.value.Value;

/**
 * PartiQL's WHERE and SET clauses mapped onto the expression language's syntax tree ({@link Syntax}), with no text
 * between: every name becomes a {@code #n} placeholder and every value a {@code :v} placeholder of {@link #names()}
 * and {@link #values()}, so the engine's one checking pass ({@code ExpressionContext}'s tree entries) checks and
 * evaluates them with exactly the semantics of the item operations' expressions.
 */
public final class ExpressionTrees {
    private final List<Value> parameters;
    private final Map<String, String> names = new LinkedHashMap<>();
    private final Map<String, Value> values = new LinkedHashMap<>();
    private int depth;
    private int deepest;

    public ExpressionTrees(List<Value> parameters) {
        this.parameters = parameters;
    }

    public Map<String, String> names() {
        return names;
    }

    public Map<String, Value> values() {
        return values;
    }

    /** The deepest nesting of the trees built so far, for the checks' stack. */
    public int depth() {
        return deepest;
    }

    /** A WHERE condition (or a part of one). */
    public Syntax.Cond condition(Node n) {
        enter();
        try {
            return conditionAt(n);
        } finally {
            depth--;
        }
    }

    private Syntax.Cond conditionAt(Node n) {
        if (n instanceof Ast.And a) {
            return join(a.parts(), true);
        }
        if (n instanceof Ast.Or o) {
            return join(o.parts(), false);
        }
        if (n instanceof Ast.Not not) {
            return new Syntax.Not(condition(not.part()));
        }
        if (n instanceof Ast.Compare c) {
            return new Syntax.Compare(operand(c.left()), comparator(c.op()), operand(c.right()));
        }
        if (n instanceof Ast.Between b) {
            Syntax.Cond between = new Syntax.Between(operand(b.value()), operand(b.low()), operand(b.high()));
            return b.negated() ? new Syntax.Not(between) : between;
        }
        if (n instanceof Ast.In in) {
            if (in.options().isEmpty()) {
                throw ApiException.validation("IN operator must have at least one value");
            }
            Syntax.Operand value = operand(in.value());
            List<Syntax.Operand> options = new ArrayList<>();
            for (Node o : in.options()) {
                options.add(operand(o));
            }
            Syntax.Cond cond = new Syntax.In(value, options);
            return in.negated() ? new Syntax.Not(cond) : cond;
        }
        if (n instanceof Ast.Is is) {
            if (!(is.value() instanceof Ast.Path p)) {
                throw ApiException.validation("IS " + is.what() + " can only be applied to a document path");
            }
            Syntax.PathRef path = path(p);
            Syntax.Cond cond = is.what().equals("MISSING") ? function("attribute_not_exists", List.of(path))
                    : function("attribute_type", List.of(path, value(new Value.S("NULL"))));
            return is.negated() ? new Syntax.Not(cond) : cond;
        }
        if (n instanceof Ast.Call call) {
            return call(call);
        }
        throw ApiException.validation("Unsupported expression in a WHERE clause: the condition must be a comparison or a function");
    }

    /** {@code a AND b AND c} as the expression parser reads it: joined from the left. */
    private Syntax.Cond join(List<Node> parts, boolean and) {
        Syntax.Cond joined = null;
        for (Node p : parts) {
            Syntax.Cond next = condition(p);
            joined = joined == null ? next : and ? new Syntax.And(joined, next) : new Syntax.Or(joined, next);
        }
        return joined;
    }

    /** {@code a AND b}, either possibly null (absent). */
    public static Syntax.Cond and(Syntax.Cond a, Syntax.Cond b) {
        return a == null ? b : b == null ? a : new Syntax.And(a, b);
    }

    /** {@code a OR b}. */
    public static Syntax.Cond or(Syntax.Cond a, Syntax.Cond b) {
        return new Syntax.Or(a, b);
    }

    /** {@code attribute_exists(name)} or {@code attribute_not_exists(name)} of a top-level attribute. */
    public Syntax.Cond exists(String attribute, boolean exists) {
        return function(exists ? "attribute_exists" : "attribute_not_exists", List.of(name(attribute)));
    }

    /** The whole conjunction of {@code parts}, or null when there are none. */
    public Syntax.Cond all(List<Node> parts) {
        return parts.isEmpty() ? null : condition(parts.size() == 1 ? parts.get(0) : new Ast.And(parts));
    }

    /** {@code name = operand}: a key condition's partition key equality. */
    public Syntax.Cond equals(String attribute, Node value) {
        return new Syntax.Compare(name(attribute), symbol(Token.Kind.EQ, "="), operand(value));
    }

    /** A condition function: one of the expression language's table, or PartiQL's {@code missing} or {@code exists}. */
    private Syntax.Cond call(Ast.Call call) {
        String f = call.function();
        List<Syntax.Operand> args = new ArrayList<>();
        for (Node a : call.args()) {
            args.add(operand(a));
        }
        String name = f.equals("missing") ? "attribute_not_exists" : f.equals("exists") ? "attribute_exists" : f;
        ExpressionFunction function = ExpressionFunction.named(name);
        if (function == null || !function.allowedIn(ExpressionFunction.Use.CONDITION) || function.yieldsValue()) {
            throw ApiException.validation("Unsupported function: " + f);
        }
        return function(name, args);
    }

    private static Syntax.Cond function(String name, List<Syntax.Operand> args) {
        return new Syntax.FunctionCond(new Syntax.Call(new Token(Token.Kind.NAME, name, 0, 0), args));
    }

    /** An operand: a path, a value, or {@code size(path)}. */
    public Syntax.Operand operand(Node n) {
        enter();
        try {
            if (n instanceof Ast.Path p) {
                return path(p);
            }
            if (n instanceof Ast.Call c && c.function().equals("size") && c.args().size() == 1) {
                return new Syntax.Call(new Token(Token.Kind.NAME, "size", 0, 0), List.of(operand(c.args().get(0))));
            }
            if (n instanceof Ast.Arithmetic) {
                throw ApiException.validation("Unsupported expression: + and - join two operands only as the whole value of a SET");
            }
            return value(evaluate(n, "root"));
        } finally {
            depth--;
        }
    }

    /** An UPDATE's SET, set_add, set_delete and REMOVE actions as an update expression's clauses, in that order. */
    public List<Syntax.Clause> update(Ast.Update update) {
        List<Syntax.Action> sets = new ArrayList<>();
        List<Syntax.Action> adds = new ArrayList<>();
        List<Syntax.Action> deletes = new ArrayList<>();
        for (Ast.SetAction a : update.sets()) {
            Syntax.PathRef path = path(a.path());
            if (a.value() instanceof Ast.Call c && (c.function().equals("set_add") || c.function().equals("set_delete"))
                    && c.args().size() == 2) {
                boolean add = c.function().equals("set_add");
                Token operand = placeholder(evaluate(c.args().get(1), "root"));
                (add ? adds : deletes).add(new Syntax.Action(add ? Syntax.Section.ADD : Syntax.Section.DELETE, path, null, operand));
            } else {
                sets.add(new Syntax.Action(Syntax.Section.SET, path, setValue(a.value()), null));
            }
        }
        List<Syntax.Action> removes = new ArrayList<>();
        for (Ast.Path p : update.removes()) {
            removes.add(new Syntax.Action(Syntax.Section.REMOVE, path(p), null, null));
        }
        List<Syntax.Clause> clauses = new ArrayList<>();
        clause(clauses, Syntax.Section.SET, sets);
        clause(clauses, Syntax.Section.ADD, adds);
        clause(clauses, Syntax.Section.DELETE, deletes);
        clause(clauses, Syntax.Section.REMOVE, removes);
        return clauses;
    }

    private static void clause(List<Syntax.Clause> clauses, Syntax.Section section, List<Syntax.Action> actions) {
        if (!actions.isEmpty()) {
            clauses.add(new Syntax.Clause(section, actions));
        }
    }

    /** The value of an update's SET: a value, a path, arithmetic, list_append or if_not_exists. */
    private Syntax.SetValue setValue(Node n) {
        if (n instanceof Ast.Arithmetic a) {
            Token op = a.op().equals("+") ? symbol(Token.Kind.PLUS, "+") : symbol(Token.Kind.MINUS, "-");
            return new Syntax.SetValue(operand(a.left()), op, operand(a.right()));
        }
        return new Syntax.SetValue(setOperand(n), null, null);
    }

    /** A SET operand: an update function's call (its arguments SET operands too) or an operand. */
    private Syntax.Operand setOperand(Node n) {
        if (n instanceof Ast.Call c && isUpdateFunction(c.function())) {
            enter();
            try {
                List<Syntax.Operand> args = new ArrayList<>();
                for (Node a : c.args()) {
                    args.add(setOperand(a));
                }
                return new Syntax.Call(new Token(Token.Kind.NAME, c.function(), 0, 0), args);
            } finally {
                depth--;
            }
        }
        return operand(n);
    }

    /** An update expression's function ({@code list_append}, {@code if_not_exists}); a called name is never + or -. */
    private static boolean isUpdateFunction(String name) {
        ExpressionFunction function = ExpressionFunction.named(name);
        return function != null && function.allowedIn(ExpressionFunction.Use.UPDATE_SET);
    }

    public Syntax.PathRef path(Ast.Path p) {
        List<Syntax.Step> steps = new ArrayList<>();
        for (Object step : p.steps()) {
            steps.add(step instanceof Integer i ? new Syntax.Step(null, i) : new Syntax.Step(nameToken((String) step), 0));
        }
        return new Syntax.PathRef(steps, false);
    }

    /** A top-level attribute as a path. */
    public Syntax.PathRef name(String attribute) {
        return new Syntax.PathRef(List.of(new Syntax.Step(nameToken(attribute), 0)), false);
    }

    private Token nameToken(String attribute) {
        for (Map.Entry<String, String> e : names.entrySet()) {
            if (e.getValue().equals(attribute)) {
                return new Token(Token.Kind.NAME_PLACEHOLDER, e.getKey(), 0, 0);
            }
        }
        String placeholder = "#n" + names.size();
        names.put(placeholder, attribute);
        return new Token(Token.Kind.NAME_PLACEHOLDER, placeholder, 0, 0);
    }

    private Syntax.ValueRef value(Value v) {
        return new Syntax.ValueRef(placeholder(v));
    }

    private Token placeholder(Value v) {
        String placeholder = ":v" + values.size();
        values.put(placeholder, v);
        return new Token(Token.Kind.VALUE_PLACEHOLDER, placeholder, 0, 0);
    }

    private static Token comparator(String op) {
        return switch (op) {
            case "=" -> symbol(Token.Kind.EQ, op);
            case "<>" -> symbol(Token.Kind.NE, op);
            case "<" -> symbol(Token.Kind.LT, op);
            case "<=" -> symbol(Token.Kind.LE, op);
            case ">" -> symbol(Token.Kind.GT, op);
            default -> symbol(Token.Kind.GE, op);
        };
    }

    private static Token symbol(Token.Kind kind, String text) {
        return new Token(kind, text, 0, 0);
    }

    private void enter() {
        depth++;
        deepest = Math.max(deepest, depth);
    }

    /** The value a literal, parameter or document literal denotes ({@code where} names it in error messages). */
    public Value evaluate(Node n, String where) {
        if (n instanceof Ast.Literal l) {
            return l.value();
        }
        if (n instanceof Ast.Param p) {
            return parameters.get(p.index());
        }
        if (n instanceof Ast.MapLiteral m) {
            Map<String, Value> map = new LinkedHashMap<>();
            for (int i = 0; i < m.keys().size(); i++) {
                String key = m.keys().get(i);
                if (map.containsKey(key)) {
                    throw ApiException.validation("Duplicate keys in tuple. Key: " + key + " under " + where);
                }
                map.put(key, evaluate(m.values().get(i), where + "." + key));
            }
            return new Value.M(map);
        }
        if (n instanceof Ast.ListLiteral l) {
            List<Value> list = new ArrayList<>();
            for (Node v : l.values()) {
                list.add(evaluate(v, where + "[" + list.size() + "]"));
            }
            return new Value.L(list);
        }
        if (n instanceof Ast.BagLiteral b) {
            return set(b, where);
        }
        throw ApiException.validation("Unsupported data type under key " + where + ": a value was expected");
    }

    /** A bag literal is a set: of strings, numbers or binaries, never empty and never mixed. */
    private Value set(Ast.BagLiteral b, String where) {
        List<Value> members = new ArrayList<>();
        for (Node v : b.values()) {
            members.add(evaluate(v, where));
        }
        if (members.isEmpty()) {
            throw ApiException.validation("One or more parameter values were invalid: An set  may not be empty");
        }
        Value.Type type = members.get(0).type();
        for (Value m : members) {
            if (m.type() != type) {
                throw ApiException.validation("Set values must all have the same type under key " + where);
            }
        }
        switch (type) {
            case S: {
                Set<String> s = new LinkedHashSet<>();
                for (Value m : members) {
                    s.add(((Value.S) m).value());
                }
                return new Value.SS(s);
            }
            case N: {
                Set<BigDecimal> s = new LinkedHashSet<>();
                for (Value m : members) {
                    s.add(((Value.N) m).value());
                }
                return new Value.NS(s);
            }
            case B: {
                Set<Value.B> s = new LinkedHashSet<>();
                for (Value m : members) {
                    s.add((Value.B) m);
                }
                return new Value.BS(s);
            }
            default:
                throw ApiException.validation("Unsupported data type in a set under key " + where + ": " + type);
        }
    }
}
