package com.bigtimedeals.engine.partiql;

import java.util.List;

import com.bigtimedeals.engine.value.Value;

/** The parsed form of a PartiQL statement: its clauses and the expressions in them. */
public final class Ast {
    private Ast() {
    }

    /** An expression of a WHERE clause, a SET value or an INSERT item. */
    public sealed interface Node permits Path, Literal, Param, MapLiteral, ListLiteral, BagLiteral, Compare, Between, In, Is,
            And, Or, Not, Call, Arithmetic {
    }

    /** A document path: names (String) and list positions (Integer). */
    public record Path(List<Object> steps) implements Node {
        public String first() {
            return (String) steps.get(0);
        }

        public boolean isAttribute() {
            return steps.size() == 1;
        }
    }

    public record Literal(Value value) implements Node {
    }

    /** A {@code ?}, numbered from 0 in the order the statement has them. */
    public record Param(int index) implements Node {
    }

    public record MapLiteral(List<String> keys, List<Node> values) implements Node {
    }

    public record ListLiteral(List<Node> values) implements Node {
    }

    /** {@code <<a, b>>}: a set. */
    public record BagLiteral(List<Node> values) implements Node {
    }

    public record Compare(String op, Node left, Node right) implements Node {
    }

    public record Between(Node value, Node low, Node high, boolean negated) implements Node {
    }

    public record In(Node value, List<Node> options, boolean negated) implements Node {
    }

    /** {@code IS [NOT] MISSING} and {@code IS [NOT] NULL}. */
    public record Is(Node value, String what, boolean negated) implements Node {
    }

    public record And(List<Node> parts) implements Node {
    }

    public record Or(List<Node> parts) implements Node {
    }

    public record Not(Node part) implements Node {
    }

    public record Call(String function, List<Node> args) implements Node {
    }

    public record Arithmetic(String op, Node left, Node right) implements Node {
    }

    /** A statement. */
    public sealed interface Statement permits Select, Insert, Update, Delete, Exists {
        String table();
    }

    /** {@code projection} null for {@code *}. */
    public record Select(List<Path> projection, String table, String index, Node where, String orderBy, boolean descending)
            implements Statement {
    }

    public record Insert(String table, Node item) implements Statement {
    }

    public record SetAction(Path path, Node value) {
    }

    /** {@code returning}: null, or ALL_OLD, UPDATED_OLD, ALL_NEW, UPDATED_NEW. */
    public record Update(String table, List<SetAction> sets, List<Path> removes, Node where, String returning) implements Statement {
    }

    public record Delete(String table, Node where, boolean returnOld) implements Statement {
    }

    /** {@code EXISTS(SELECT ...)}, a condition check inside ExecuteTransaction. */
    public record Exists(Select select) implements Statement {
        @Override
        public String table() {
            return select.table();
        }
    }
}
