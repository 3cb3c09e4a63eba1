package com.bigtimedeals.engine.partiql;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.expr.Lexer;
import com.bigtimedeals.engine.expr.Token.Kind;
import com.bigtimedeals.engine.expr.Token;
import com.bigtimedeals.engine.partiql.Ast.Node;
import com.bigtimedeals.engine.value.NumberFormatError;
import com.bigtimedeals.engine.value.Numbers;
import com.bigtimedeals.engine.value.Value;

/**
 * Reads the statements PartiQL for DynamoDB accepts (Developer Guide, "PartiQL for DynamoDB"): SELECT (with an
 * index, WHERE and ORDER BY), INSERT ... VALUE, UPDATE with SET and REMOVE clauses and RETURNING, DELETE with
 * RETURNING ALL OLD *, and EXISTS(SELECT ...) for transactions. Keywords are case-insensitive; table and index
 * names may be double-quoted; a table alias is refused ({@code Aliasing is not supported}).
 */
public final class Parser {
    private final List<Token> tokens;
    private int at;
    private int params;
    /** An UPDATE or DELETE named {@code "table"."index"}: refused once the statement is read. */
    private boolean writeOnIndex;

    private Parser(String statement) {
        this.tokens = Lexer.tokenize(statement, Lexer.PARTIQL);
        for (Token t : tokens) {
            // A character PartiQL does not know, or a string or comment left open: refused before any parsing.
            if (t.is(Kind.UNKNOWN)) {
                throw StatementErrors.notWellFormed("");
            }
        }
    }

    /** The statement, and how many {@code ?} parameters it takes. */
    public record Parsed(Ast.Statement statement, int parameters) {
    }

    public static Parsed parse(String statement) {
        Parser p = new Parser(statement);
        Ast.Statement s = p.statement();
        if (p.peek().is(";")) {
            p.at++;
        }
        if (p.peek().kind() != Kind.EOF) {
            throw StatementErrors.leftover();
        }
        if (p.writeOnIndex) {
            // The service refuses an UPDATE or DELETE on "table"."index" before it looks the table up, so a table that
            // does not exist answers this too (captures Q23, Q24 recorded in nubo-db/dynoxide
            // tests/partiql_index_qualifier.rs and src/partiql/executor.rs).
            throw ApiException.validation("This operation is not supported on an index");
        }
        return new Parsed(s, p.params);
    }

    // ---- statements ----

    private Ast.Statement statement() {
        Token t = peek();
        if (t.is("SELECT")) {
            return select();
        }
        if (t.is("INSERT")) {
            at++;
            expect("INTO");
            String table = name();
            if (peek().is(".")) {
                // Not wrapped as a syntax error (capture Q25 recorded in nubo-db/dynoxide tests/partiql_index_qualifier.rs).
                throw ApiException.validation("FROM clause may only contain a single table name in data manipulation statements");
            }
            refuseInsertAlias();
            expect("VALUE");
            return new Ast.Insert(table, peek().is("{") ? map("root", true) : value("root"));
        }
        if (t.is("UPDATE")) {
            return update();
        }
        if (t.is("DELETE")) {
            at++;
            expect("FROM");
            String table = name();
            indexOnWrite();
            refuseAlias();
            expect("WHERE");
            Node where = expression();
            boolean old = false;
            if (accept("RETURNING")) {
                expect("ALL");
                expect("OLD");
                expect("*");
                old = true;
            }
            return new Ast.Delete(table, where, old);
        }
        if (t.is("EXISTS")) {
            at++;
            expect("(");
            Ast.Select s = select();
            expect(")");
            return new Ast.Exists(s);
        }
        throw StatementErrors.notWellFormed("Unexpected keyword");
    }

    private Ast.Select select() {
        expect("SELECT");
        List<Ast.Path> projection = null;
        if (!accept("*")) {
            projection = new ArrayList<>();
            do {
                projection.add(path());
            } while (accept(","));
        }
        expect("FROM");
        String table = name();
        String index = null;
        if (accept(".")) {
            index = name();
        }
        refuseAlias();
        Node where = null;
        if (accept("WHERE")) {
            where = expression();
        }
        String orderBy = null;
        boolean descending = false;
        if (accept("ORDER")) {
            expect("BY");
            orderBy = path().first();
            if (accept("DESC")) {
                descending = true;
            } else {
                accept("ASC");
            }
        }
        return new Ast.Select(projection, table, index, where, orderBy, descending);
    }

    private Ast.Update update() {
        expect("UPDATE");
        String table = name();
        indexOnWrite();
        refuseAlias();
        List<Ast.SetAction> sets = new ArrayList<>();
        List<Ast.Path> removes = new ArrayList<>();
        while (true) {
            if (accept("SET")) {
                do {
                    Ast.Path p = path();
                    expect("=");
                    sets.add(new Ast.SetAction(p, operand("root")));
                } while (accept(","));
            } else if (accept("REMOVE")) {
                do {
                    removes.add(path());
                } while (accept(","));
            } else {
                break;
            }
        }
        if (sets.isEmpty() && removes.isEmpty()) {
            throw StatementErrors.notWellFormed("Expected SET or REMOVE");
        }
        expect("WHERE");
        Node where = expression();
        String returning = null;
        if (accept("RETURNING")) {
            String which = accept("ALL") ? "ALL" : expectWord("MODIFIED") ? "UPDATED" : null;
            String when = accept("OLD") ? "OLD" : expectWord("NEW") ? "NEW" : null;
            expect("*");
            returning = which + "_" + when;
        }
        return new Ast.Update(table, sets, removes, where, returning);
    }

    /** {@code "table"."index"} on an UPDATE or DELETE: the index name is read and the statement refused once read. */
    private void indexOnWrite() {
        if (accept(".")) {
            name();
            writeOnIndex = true;
        }
    }

    /** A table alias ({@code FROM "t" t}, {@code FROM "t" AS t}) is refused with its own message. */
    private void refuseAlias() {
        Token t = peek();
        if (t.is("AS") || t.kind() == Kind.QUOTED_NAME || (t.kind() == Kind.NAME && !isClauseKeyword(t))) {
            throw ApiException.validation("Aliasing is not supported");
        }
    }

    private static boolean isClauseKeyword(Token t) {
        for (String k : new String[] {"WHERE", "SET", "REMOVE", "ORDER", "RETURNING", "VALUE"}) {
            if (t.is(k)) {
                return true;
            }
        }
        return false;
    }

    // ---- expressions ----

    private Node expression() {
        List<Node> parts = new ArrayList<>();
        parts.add(conjunction());
        while (accept("OR")) {
            parts.add(conjunction());
        }
        return parts.size() == 1 ? parts.get(0) : new Ast.Or(parts);
    }

    private Node conjunction() {
        List<Node> parts = new ArrayList<>();
        parts.add(negation());
        while (accept("AND")) {
            parts.add(negation());
        }
        return parts.size() == 1 ? parts.get(0) : new Ast.And(parts);
    }

    private Node negation() {
        if (accept("NOT")) {
            return new Ast.Not(negation());
        }
        return predicate();
    }

    private Node predicate() {
        Node left = operand("root");
        Token t = peek();
        for (String op : new String[] {"=", "<>", "!=", "<", "<=", ">", ">="}) {
            if (t.is(op)) {
                at++;
                return new Ast.Compare(op.equals("!=") ? "<>" : op, left, operand("root"));
            }
        }
        boolean negated = false;
        if (t.is("NOT") && (tokens.get(at + 1).is("BETWEEN") || tokens.get(at + 1).is("IN"))) {
            at++;
            negated = true;
        }
        if (accept("BETWEEN")) {
            Node low = operand("root");
            expect("AND");
            return new Ast.Between(left, low, operand("root"), negated);
        }
        if (accept("IN")) {
            List<Node> options = new ArrayList<>();
            String close = accept("[") ? "]" : expectAnd("(", ")");
            if (!accept(close)) {
                do {
                    options.add(operand("root"));
                } while (accept(","));
                expect(close);
            }
            return new Ast.In(left, options, negated);
        }
        if (accept("IS")) {
            boolean not = accept("NOT");
            String what = accept("MISSING") ? "MISSING" : expectWord("NULL") ? "NULL" : null;
            return new Ast.Is(left, what, not);
        }
        return left;
    }

    /** An operand: a value, a path, a function call, arithmetic, or a parenthesised expression. */
    private Node operand(String where) {
        Node left = term(where);
        while (peek().is("+") || peek().is("-")) {
            String op = peek().text();
            at++;
            left = new Ast.Arithmetic(op, left, term(where));
        }
        return left;
    }

    private Node term(String where) {
        Token t = peek();
        if (t.is("(")) {
            at++;
            Node inner = expression();
            expect(")");
            return inner;
        }
        if (t.kind() == Kind.NAME && tokens.get(at + 1).is("(") && !t.is("NOT")) {
            at += 2;
            List<Node> args = new ArrayList<>();
            if (!accept(")")) {
                do {
                    args.add(operand("root"));
                } while (accept(","));
                expect(")");
            }
            return new Ast.Call(t.text().toLowerCase(java.util.Locale.ROOT), args);
        }
        if (t.kind() == Kind.NAME || t.kind() == Kind.QUOTED_NAME) {
            if (t.kind() == Kind.NAME) {
                if (t.is("TRUE") || t.is("FALSE")) {
                    at++;
                    return new Ast.Literal(t.is("TRUE") ? Value.Bool.TRUE : Value.Bool.FALSE);
                }
                if (t.is("NULL")) {
                    at++;
                    return new Ast.Literal(Value.Null.INSTANCE);
                }
                if (t.is("MISSING")) {
                    throw ApiException.validation("Unsupported data type: MISSING under key " + where);
                }
            }
            return path();
        }
        return value(where);
    }

    /** A literal value ({@code where} names its place for number errors: root, root.x, root[1]). */
    private Node value(String where) {
        Token t = next();
        if (t.is(Kind.STRING)) {
            return new Ast.Literal(new Value.S(t.text()));
        }
        if (t.is(Kind.NUMBER)) {
            return new Ast.Literal(number(t.text(), where));
        }
        if (t.is(Kind.PARAMETER)) {
            return new Ast.Param(params++);
        }
        if (t.is("-") && peek().kind() == Kind.NUMBER) {
            return new Ast.Literal(number("-" + next().text(), where));
        }
        if (t.is("{")) {
            at--;
            return map(where, false);
        }
        if (t.is("[") || t.is("<<")) {
            String close = t.is("[") ? "]" : ">>";
            List<Node> values = new ArrayList<>();
            if (!accept(close)) {
                do {
                    values.add(operand(where + "[" + values.size() + "]"));
                } while (accept(","));
                expect(close);
            }
            return t.is("[") ? new Ast.ListLiteral(values) : new Ast.BagLiteral(values);
        }
        throw StatementErrors.notWellFormed("Unexpected term");
    }

    /**
     * A tuple literal. The attributes of an INSERT's item are each a root of their own in number errors
     * ({@code under root}); inside a value, a member is named by its key ({@code under root.x}).
     */
    private Node map(String where, boolean item) {
        expect("{");
        List<String> keys = new ArrayList<>();
        List<Node> values = new ArrayList<>();
        if (!accept("}")) {
            do {
                Token k = next();
                if (k.kind() != Kind.STRING) {
                    throw StatementErrors.notWellFormed("Expected a string key in a tuple");
                }
                expect(":");
                keys.add(k.text());
                values.add(operand(item ? "root" : where + "." + k.text()));
            } while (accept(","));
            expect("}");
        }
        return new Ast.MapLiteral(keys, values);
    }

    /** An alias on INSERT is not recognised as one: the statement simply has a token left over. */
    private void refuseInsertAlias() {
        if (!peek().is("VALUE")) {
            throw StatementErrors.leftover();
        }
    }

    private static Value number(String text, String where) {
        BigDecimal parsed;
        try {
            parsed = new BigDecimal(text);
        } catch (NumberFormatException | ArithmeticException e) {
            throw StatementErrors.notWellFormed("");
        }
        try {
            return new Value.N(Numbers.checkRange(Numbers.normalise(parsed)));
        } catch (NumberFormatError e) {
            throw ApiException.validation(e.getMessage() + " under " + where);
        } catch (ArithmeticException e) {
            throw StatementErrors.notWellFormed("");
        }
    }

    /** A document path: a name, then {@code .name} and {@code [n]} steps. */
    private Ast.Path path() {
        List<Object> steps = new ArrayList<>();
        steps.add(name());
        while (true) {
            if (peek().is(".") && (tokens.get(at + 1).kind() == Kind.NAME || tokens.get(at + 1).kind() == Kind.QUOTED_NAME)) {
                at++;
                steps.add(name());
            } else if (peek().is("[")) {
                at++;
                Token n = next();
                if (n.kind() != Kind.NUMBER || !n.text().chars().allMatch(Character::isDigit)) {
                    throw StatementErrors.notWellFormed("Expected a list index");
                }
                try {
                    steps.add(Integer.parseInt(n.text()));
                } catch (NumberFormatException tooLarge) {
                    throw StatementErrors.notWellFormed("List index out of range");
                }
                expect("]");
            } else {
                return new Ast.Path(steps);
            }
        }
    }

    private String name() {
        Token t = next();
        if (t.kind() == Kind.NAME || t.kind() == Kind.QUOTED_NAME) {
            return t.text();
        }
        throw StatementErrors.notWellFormed("Expected identifier");
    }

    // ---- tokens ----

    private Token peek() {
        return tokens.get(at);
    }

    private Token next() {
        Token t = tokens.get(at);
        if (t.kind() != Kind.EOF) {
            at++;
        }
        return t;
    }

    private boolean accept(String s) {
        if (peek().is(s) && peek().kind() != Kind.QUOTED_NAME) {
            at++;
            return true;
        }
        return false;
    }

    private void expect(String s) {
        if (!accept(s)) {
            throw StatementErrors.notWellFormed(peek().kind() == Kind.EOF ? "Unexpected end of statement" : "Expected " + s);
        }
    }

    private boolean expectWord(String s) {
        expect(s);
        return true;
    }

    private String expectAnd(String open, String close) {
        expect(open);
        return close;
    }
}
