package com.bigtimedeals.engine.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The grammar of update expressions (Developer Guide, "Update expressions"): clauses SET, REMOVE, ADD and DELETE in
 * any order, each a comma-separated list of actions. A SET value is an operand, or two operands joined by one
 * {@code +} or {@code -}, optionally in parentheses; an operand is a path, a value placeholder or a function call,
 * optionally in parentheses. Paths are plain here: no parentheses around them.
 */
final class UpdateParser extends TokenParser {
    private static final Set<String> KEYWORDS = Set.of("SET", "REMOVE", "ADD", "DELETE");

    private UpdateParser(String text) {
        super(text, KEYWORDS);
    }

    static Update parse(String text, String prefix, ExpressionContext context) {
        return new UpdateChecker(context, prefix).check(clauses(text, prefix));
    }

    /** The clauses as written, or the service's syntax error. */
    static List<Syntax.Clause> clauses(String text, String prefix) {
        UpdateParser parser = new UpdateParser(text);
        List<Syntax.Clause> clauses = new ArrayList<>();
        while (true) {
            Syntax.Clause clause = parser.clause();
            if (clause == null) {
                break;
            }
            clauses.add(clause);
        }
        if (clauses.isEmpty() || !parser.at(Token.Kind.EOF)) {
            throw parser.syntaxError(prefix);
        }
        parser.refusePathFault(prefix);
        return clauses;
    }

    private Syntax.Clause clause() {
        int start = pos;
        for (Syntax.Section section : Syntax.Section.values()) {
            if (acceptKeyword(section.name())) {
                List<Syntax.Action> actions = commaList(() -> action(section));
                if (actions != null) {
                    return new Syntax.Clause(section, actions);
                }
                pos = start;
                return null;
            }
        }
        return null;
    }

    private Syntax.Action action(Syntax.Section section) {
        int start = pos;
        Syntax.PathRef target = simplePath();
        if (target == null) {
            return null;
        }
        switch (section) {
            case REMOVE -> {
                return new Syntax.Action(section, target, null, null);
            }
            case SET -> {
                if (accept(Token.Kind.EQ) != null) {
                    Syntax.SetValue value = setValue();
                    if (value != null) {
                        return new Syntax.Action(section, target, value, null);
                    }
                }
            }
            default -> {
                Token operand = accept(Token.Kind.VALUE_PLACEHOLDER);
                if (operand != null) {
                    return new Syntax.Action(section, target, null, operand);
                }
            }
        }
        pos = start;
        return null;
    }

    /** {@code (value)} when nothing but the end of the action follows it, else {@code operand [+|- operand]}. */
    private Syntax.SetValue setValue() {
        int start = pos;
        if (accept(Token.Kind.LPAREN) != null) {
            Syntax.SetValue inner = arithmetic();
            if (inner != null && accept(Token.Kind.RPAREN) != null
                    && !peek().is(Token.Kind.PLUS) && !peek().is(Token.Kind.MINUS)) {
                return inner;
            }
        }
        pos = start;
        return arithmetic();
    }

    private Syntax.SetValue arithmetic() {
        Syntax.Operand left = operandParens();
        if (left == null) {
            return null;
        }
        int afterLeft = pos;
        Token operator = peek();
        if (operator.is(Token.Kind.PLUS) || operator.is(Token.Kind.MINUS)) {
            pos++;
            Syntax.Operand right = operandParens();
            if (right != null) {
                return new Syntax.SetValue(left, operator, right);
            }
        } else {
            failHere();
        }
        pos = afterLeft;
        return new Syntax.SetValue(left, null, null);
    }

    /** {@code (operand)} or an operand: doubled parentheses are not an operand's here. */
    private Syntax.Operand operandParens() {
        return parenthesised(this::operand, false);
    }

    private Syntax.Operand operand() {
        return operand(this::operandParens, this::simplePath);
    }
}
