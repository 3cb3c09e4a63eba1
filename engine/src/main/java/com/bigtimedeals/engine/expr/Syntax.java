package com.bigtimedeals.engine.expr;

import java.util.List;

/**
 * The parse tree of condition, key condition and update operands, exactly as written: names and values are still
 * placeholders, and redundant parentheses are kept so the checks can report them.
 */
final class Syntax {
    private Syntax() {
    }

    sealed interface Operand permits PathRef, ValueRef, Call, ParenOperand {
    }

    /** One step of a written path: {@code name} (an identifier or a #placeholder) or, when null, {@code index}. */
    record Step(Token name, int index) {
        boolean isIndex() {
            return name == null;
        }
    }

    /** A document path; {@code redundantParens} when it was written in doubled parentheses, {@code ((a.b)).c}. */
    record PathRef(List<Step> steps, boolean redundantParens) implements Operand {
    }

    record ValueRef(Token token) implements Operand {
    }

    record Call(Token name, List<Operand> args) implements Operand {
        String functionName() {
            return name.text();
        }
    }

    /** An operand in parentheses; {@code redundant} for doubled ones, {@code ((a))}. */
    record ParenOperand(Operand inner, boolean redundant) implements Operand {
    }

    sealed interface Cond permits Or, And, Not, Paren, Compare, Between, In, FunctionCond {
    }

    record Or(Cond left, Cond right) implements Cond {
    }

    record And(Cond left, Cond right) implements Cond {
    }

    record Not(Cond inner) implements Cond {
    }

    record Paren(Cond inner, boolean redundant) implements Cond {
    }

    record Compare(Operand left, Token operator, Operand right) implements Cond {
    }

    record Between(Operand operand, Operand lower, Operand upper) implements Cond {
    }

    record In(Operand operand, List<Operand> candidates) implements Cond {
    }

    record FunctionCond(Call call) implements Cond {
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
