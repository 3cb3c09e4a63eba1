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
import com.bigtimedeals.engine.partiql.Ast.Node;
import com.bigtimedeals.engine.value.Value;

/**
 * Writes PartiQL expressions as the equivalent DynamoDB expressions (condition, key condition and update
 * expressions), every name as a {@code #n} placeholder and every value as a {@code :v} placeholder, so the engine's
 * own expression language evaluates them with exactly the semantics of the item operations.
 */
public final class ExpressionText {
    private final List<Value> parameters;
    private final Map<String, String> names = new LinkedHashMap<>();
    private final Map<String, Value> values = new LinkedHashMap<>();

    public ExpressionText(List<Value> parameters) {
        this.parameters = parameters;
    }

    public Map<String, String> names() {
        return names;
    }

    public Map<String, Value> values() {
        return values;
    }

    /** A WHERE condition (or a part of one). */
    public String condition(Node n) {
        if (n instanceof Ast.And a) {
            return join(a.parts(), " AND ");
        }
        if (n instanceof Ast.Or o) {
            return join(o.parts(), " OR ");
        }
        if (n instanceof Ast.Not not) {
            return "NOT (" + condition(not.part()) + ")";
        }
        if (n instanceof Ast.Compare c) {
            return operand(c.left()) + " " + c.op() + " " + operand(c.right());
        }
        if (n instanceof Ast.Between b) {
            String text = operand(b.value()) + " BETWEEN " + operand(b.low()) + " AND " + operand(b.high());
            return b.negated() ? "NOT (" + text + ")" : text;
        }
        if (n instanceof Ast.In in) {
            if (in.options().isEmpty()) {
                throw ApiException.validation("IN operator must have at least one value");
            }
            List<String> options = new ArrayList<>();
            for (Node o : in.options()) {
                options.add(operand(o));
            }
            String text = operand(in.value()) + " IN (" + String.join(", ", options) + ")";
            return in.negated() ? "NOT (" + text + ")" : text;
        }
        if (n instanceof Ast.Is is) {
            if (!(is.value() instanceof Ast.Path p)) {
                throw ApiException.validation("IS " + is.what() + " can only be applied to a document path");
            }
            String path = path(p);
            String text = is.what().equals("MISSING") ? "attribute_not_exists(" + path + ")"
                    : "attribute_type(" + path + ", " + value(new Value.S("NULL")) + ")";
            return is.negated() ? "NOT " + text : text;
        }
        if (n instanceof Ast.Call call) {
            return call(call);
        }
        throw ApiException.validation("Unsupported expression in a WHERE clause: the condition must be a comparison or a function");
    }

    private String join(List<Node> parts, String op) {
        List<String> texts = new ArrayList<>();
        for (Node p : parts) {
            texts.add("(" + condition(p) + ")");
        }
        return String.join(op, texts);
    }

    /** A condition function: one of the expression language's table, or PartiQL's {@code missing} or {@code exists}. */
    private String call(Ast.Call call) {
        String f = call.function();
        List<String> args = new ArrayList<>();
        for (Node a : call.args()) {
            args.add(operand(a));
        }
        String name = f.equals("missing") ? "attribute_not_exists" : f.equals("exists") ? "attribute_exists" : f;
        ExpressionFunction function = ExpressionFunction.named(name);
        if (function == null || !function.allowedIn(ExpressionFunction.Use.CONDITION) || function.yieldsValue()) {
            throw ApiException.validation("Unsupported function: " + f);
        }
        return name + "(" + String.join(", ", args) + ")";
    }

    /** An operand: a path, a value, or {@code size(path)}. */
    public String operand(Node n) {
        if (n instanceof Ast.Path p) {
            return path(p);
        }
        if (n instanceof Ast.Call c && c.function().equals("size") && c.args().size() == 1) {
            return "size(" + operand(c.args().get(0)) + ")";
        }
        if (n instanceof Ast.Arithmetic a) {
            return operand(a.left()) + " " + a.op() + " " + operand(a.right());
        }
        return value(evaluate(n, "root"));
    }

    /** The value of an update's SET: a value, a path, arithmetic, list_append or if_not_exists. */
    public String setValue(Node n) {
        if (n instanceof Ast.Call c && isUpdateFunction(c.function())) {
            List<String> args = new ArrayList<>();
            for (Node a : c.args()) {
                args.add(setValue(a));
            }
            return c.function() + "(" + String.join(", ", args) + ")";
        }
        return operand(n);
    }

    /** An update expression's function ({@code list_append}, {@code if_not_exists}); a called name is never + or -. */
    private static boolean isUpdateFunction(String name) {
        ExpressionFunction function = ExpressionFunction.named(name);
        return function != null && function.allowedIn(ExpressionFunction.Use.UPDATE_SET);
    }

    public String path(Ast.Path p) {
        StringBuilder sb = new StringBuilder();
        for (Object step : p.steps()) {
            if (step instanceof Integer i) {
                sb.append('[').append(i).append(']');
            } else {
                if (sb.length() > 0) {
                    sb.append('.');
                }
                sb.append(name((String) step));
            }
        }
        return sb.toString();
    }

    public String name(String attribute) {
        for (Map.Entry<String, String> e : names.entrySet()) {
            if (e.getValue().equals(attribute)) {
                return e.getKey();
            }
        }
        String placeholder = "#n" + names.size();
        names.put(placeholder, attribute);
        return placeholder;
    }

    public String value(Value v) {
        String placeholder = ":v" + values.size();
        values.put(placeholder, v);
        return placeholder;
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
