package com.bigtimedeals.engine.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The grammar of condition, filter and key condition expressions (Developer Guide, "Condition and filter
 * expressions, operators, and functions"), as an ordered-choice parser: at each point the alternatives are tried in
 * a fixed order and the first that matches wins, which decides how parentheses around operands, paths and
 * conditions are read. Precedence, loosest first: OR, AND, NOT, then the comparisons and functions.
 */
final class ConditionParser extends TokenParser {
    private static final Set<String> KEYWORDS = Set.of("BETWEEN", "IN", "AND", "OR", "NOT");
    private static final int OR = 1;
    private static final int PARENS = 2;
    private static final int COND = 3;
    private static final int OPERAND_PARENS = 4;
    private static final int OPERAND = 5;
    private static final int PATH = 6;

    private ConditionParser(String text) {
        super(text, KEYWORDS);
    }

    /** The parse tree, or the service's syntax error ({@code prefix} names the parameter). */
    static Syntax.Cond parse(String text, String prefix) {
        ConditionParser parser = new ConditionParser(text);
        Syntax.Cond cond = parser.or();
        if (cond == null || !parser.at(Token.Kind.EOF)) {
            throw parser.syntaxError(prefix);
        }
        parser.refusePathFault(prefix);
        return cond;
    }

    private Syntax.Cond or() {
        return memo(OR, () -> {
            Syntax.Cond left = and();
            while (left != null) {
                int save = pos;
                if (!acceptKeyword("OR")) {
                    break;
                }
                Syntax.Cond right = and();
                if (right == null) {
                    pos = save;
                    break;
                }
                left = new Syntax.Or(left, right);
            }
            return left;
        });
    }

    private Syntax.Cond and() {
        Syntax.Cond left = not();
        while (left != null) {
            int save = pos;
            if (!acceptKeyword("AND")) {
                break;
            }
            Syntax.Cond right = not();
            if (right == null) {
                pos = save;
                break;
            }
            left = new Syntax.And(left, right);
        }
        return left;
    }

    private Syntax.Cond not() {
        int save = pos;
        if (acceptKeyword("NOT")) {
            Syntax.Cond inner = not();
            if (inner != null) {
                return new Syntax.Not(inner);
            }
            pos = save;
        }
        return parens();
    }

    /** {@code ((condition))} (redundant), a comparison or function, or {@code (condition)}. */
    private Syntax.Cond parens() {
        return memo(PARENS, () -> {
            int start = pos;
            if (accept(Token.Kind.LPAREN) != null && accept(Token.Kind.LPAREN) != null) {
                Syntax.Cond inner = or();
                if (inner != null && accept(Token.Kind.RPAREN) != null && accept(Token.Kind.RPAREN) != null) {
                    return new Syntax.Paren(inner, true);
                }
            }
            pos = start;
            Syntax.Cond cond = cond();
            if (cond != null) {
                return cond;
            }
            pos = start;
            if (accept(Token.Kind.LPAREN) != null) {
                Syntax.Cond inner = or();
                if (inner != null && accept(Token.Kind.RPAREN) != null) {
                    return new Syntax.Paren(inner, false);
                }
            }
            return null;
        });
    }

    private Syntax.Cond cond() {
        return memo(COND, () -> {
            int start = pos;
            Syntax.Operand left = operandParens();
            if (left != null) {
                int afterLeft = pos;
                Token operator = comparator();
                if (operator != null) {
                    Syntax.Operand right = operandParens();
                    if (right != null) {
                        return new Syntax.Compare(left, operator, right);
                    }
                }
                pos = afterLeft;
                if (acceptKeyword("BETWEEN")) {
                    Syntax.Operand lower = operandParens();
                    if (lower != null && acceptKeyword("AND")) {
                        Syntax.Operand upper = operandParens();
                        if (upper != null) {
                            return new Syntax.Between(left, lower, upper);
                        }
                    }
                }
                pos = afterLeft;
                if (acceptKeyword("IN") && accept(Token.Kind.LPAREN) != null) {
                    List<Syntax.Operand> candidates = commaList(this::operandParens);
                    if (candidates != null && accept(Token.Kind.RPAREN) != null) {
                        return new Syntax.In(left, candidates);
                    }
                }
            }
            pos = start;
            Syntax.Call call = call(this::operandParens);
            return call == null ? null : new Syntax.FunctionCond(call);
        });
    }

    private Token comparator() {
        Token t = peek();
        switch (t.kind()) {
            case EQ, NE, LT, LE, GT, GE -> {
                pos++;
                return t;
            }
            default -> {
                failHere();
                return null;
            }
        }
    }

    /** {@code ((operand))} (redundant), {@code (operand)} or an operand. */
    private Syntax.Operand operandParens() {
        return memo(OPERAND_PARENS, () -> {
            int start = pos;
            if (accept(Token.Kind.LPAREN) != null && accept(Token.Kind.LPAREN) != null) {
                Syntax.Operand inner = operand();
                if (inner != null && accept(Token.Kind.RPAREN) != null && accept(Token.Kind.RPAREN) != null) {
                    return new Syntax.ParenOperand(inner, true);
                }
            }
            pos = start;
            if (accept(Token.Kind.LPAREN) != null) {
                Syntax.Operand inner = operand();
                if (inner != null && accept(Token.Kind.RPAREN) != null) {
                    return new Syntax.ParenOperand(inner, false);
                }
            }
            pos = start;
            return operand();
        });
    }

    private Syntax.Operand operand() {
        return memo(OPERAND, () -> operand(this::operandParens, this::path));
    }

    /** A path whose start may be parenthesised, {@code (a.b).c}, then list indexes and map keys. */
    private Syntax.PathRef path() {
        return memo(PATH, () -> {
            int start = pos;
            List<Syntax.Step> steps = new ArrayList<>();
            boolean redundant = false;
            Token head = identifier();
            if (head != null) {
                steps.add(new Syntax.Step(head, 0));
            } else {
                Syntax.PathRef grouped = groupedPath();
                if (grouped == null) {
                    pos = start;
                    return null;
                }
                steps.addAll(grouped.steps());
                redundant = grouped.redundantParens();
            }
            pathTail(steps);
            return new Syntax.PathRef(steps, redundant);
        });
    }

    private Syntax.PathRef groupedPath() {
        int start = pos;
        if (accept(Token.Kind.LPAREN) != null && accept(Token.Kind.LPAREN) != null) {
            Syntax.PathRef inner = path();
            if (inner != null && accept(Token.Kind.RPAREN) != null && accept(Token.Kind.RPAREN) != null) {
                return new Syntax.PathRef(inner.steps(), true);
            }
        }
        pos = start;
        if (accept(Token.Kind.LPAREN) != null) {
            Syntax.PathRef inner = path();
            if (inner != null && accept(Token.Kind.RPAREN) != null) {
                return inner;
            }
        }
        pos = start;
        return null;
    }
}
