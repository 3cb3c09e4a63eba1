package com.bigtimedeals.engine.expr;

import java.util.List;

/**
 * The parse tree of condition, key condition and update expressions, exactly as written: names and values are still
 * placeholders, and redundant parentheses are kept so the checks can report them. The expression parsers build it
 * from text; PartiQL maps its WHERE and SET clauses onto it ({@code partiql.ExpressionTrees}), and both are checked by
 * the same pass ({@link ExpressionContext}'s tree entries).
 */
public final class Syntax {
    private Syntax() {
    }

    public sealed interface Operand permits PathRef, ValueRef, Call, ParenOperand {
    }

    /** One step of a written path: {@code name} (an identifier or a #placeholder) or, when null, {@code index}. */
    public record Step(Token name, int index) {
        boolean isIndex() {
            return name == null;
        }
    }

    /** A document path; {@code redundantParens} when it was written in doubled parentheses, {@code ((a.b)).c}. */
    public record PathRef(List<Step> steps, boolean redundantParens) implements Operand {
    }

    public record ValueRef(Token token) implements Operand {
    }

    public record Call(Token name, List<Operand> args) implements Operand {
        String functionName() {
            return name.text();
        }
    }

    /** An operand in parentheses; {@code redundant} for doubled ones, {@code ((a))}. */
    public record ParenOperand(Operand inner, boolean redundant) implements Operand {
    }

    public sealed interface Cond permits Or, And, Not, Paren, Compare, Between, In, FunctionCond {
    }

    public record Or(Cond left, Cond right) implements Cond {
    }

    public record And(Cond left, Cond right) implements Cond {
    }

    public record Not(Cond inner) implements Cond {
    }

    public record Paren(Cond inner, boolean redundant) implements Cond {
    }

    public record Compare(Operand left, Token operator, Operand right) implements Cond {
    }

    public record Between(Operand operand, Operand lower, Operand upper) implements Cond {
    }

    public record In(Operand operand, List<Operand> candidates) implements Cond {
    }

    public record FunctionCond(Call call) implements Cond {
    }

    /** An update expression's clauses. */
    public enum Section {
        SET, REMOVE, ADD, DELETE
    }

    /** A SET value: {@code operand}, or {@code left op right} with {@code op} PLUS or MINUS. */
    public record SetValue(Operand left, Token operator, Operand right) {
    }

    /** One action: SET has {@code value}; ADD and DELETE have {@code operand} (a value placeholder). */
    public record Action(Section section, PathRef target, SetValue value, Token operand) {
    }

    /** A clause as written; a repeated clause is kept so the checks can refuse it. */
    public record Clause(Section section, List<Action> actions) {
    }

    /**
     * The first document path of a tree with more than {@link TokenParser#MAX_PATH_DEPTH} elements, refused as the
     * parsers refuse it ({@link TokenParser#depthFault}); null when none.
     */
    static String pathFault(Object node) {
        if (node instanceof PathRef p) {
            return TokenParser.depthFault(p.steps().size());
        }
        List<?> children = List.of();
        if (node instanceof Or or) {
            children = List.of(or.left(), or.right());
        } else if (node instanceof And and) {
            children = List.of(and.left(), and.right());
        } else if (node instanceof Not not) {
            children = List.of(not.inner());
        } else if (node instanceof Paren paren) {
            children = List.of(paren.inner());
        } else if (node instanceof Compare c) {
            children = List.of(c.left(), c.right());
        } else if (node instanceof Between b) {
            children = List.of(b.operand(), b.lower(), b.upper());
        } else if (node instanceof In in) {
            children = concat(in.operand(), in.candidates());
        } else if (node instanceof FunctionCond f) {
            children = List.of(f.call());
        } else if (node instanceof Call call) {
            children = call.args();
        } else if (node instanceof ParenOperand paren) {
            children = List.of(paren.inner());
        } else if (node instanceof Clause clause) {
            children = clause.actions();
        } else if (node instanceof Action action) {
            children = action.value() == null ? List.of(action.target())
                    : concat(action.target(), action.value().right() == null ? List.of(action.value().left())
                    : List.of(action.value().left(), action.value().right()));
        }
        for (Object child : children) {
            String fault = pathFault(child);
            if (fault != null) {
                return fault;
            }
        }
        return null;
    }

    private static List<Object> concat(Object first, List<?> more) {
        List<Object> all = new java.util.ArrayList<>();
        all.add(first);
        all.addAll(more);
        return all;
    }

    /** The operand without its parentheses. */
    static Operand unwrap(Operand operand) {
        while (operand instanceof ParenOperand p) {
            operand = p.inner();
        }
        return operand;
    }

    static Cond unwrap(Cond cond) {
        while (cond instanceof Paren p) {
            cond = p.inner();
        }
        return cond;
    }
}
