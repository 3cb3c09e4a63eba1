package com.bigtimedeals.engine.expr;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The machinery of the expression grammars: a token cursor with backtracking, memoised rules (so nested
 * parentheses cannot make parsing exponential), and the farthest point any rule failed, which is the token the
 * service names in its syntax errors.
 */
abstract class TokenParser {
    private static final Object FAILED = new Object();

    private record Memo(Object node, int end) {
    }

    final String text;
    final List<Token> tokens;
    int pos;
    private int farthest;
    private final Set<String> keywords;
    private final Map<Long, Memo> memo = new HashMap<>();
    /** The first path too deep or list index out of range met while parsing, reported once the text parses. */
    private String pathFault;

    /** The service's limit on a document path's elements (Developer Guide: nested attributes up to 32 levels). */
    static final int MAX_PATH_DEPTH = 32;

    /**
     * The service's refusal of a document path of {@code steps} elements, beyond {@link #MAX_PATH_DEPTH}; null within
     * it. Written once, for paths parsed from text and for trees that came without it (PartiQL's, {@link Syntax}).
     */
    static String depthFault(int steps) {
        return steps > MAX_PATH_DEPTH ? "The document path has too many nesting levels; nesting levels: " + steps : null;
    }

    TokenParser(String text, Set<String> keywords) {
        this.text = text;
        this.tokens = Lexer.tokenize(text, Lexer.EXPRESSION);
        this.keywords = keywords;
    }

    Token peek() {
        return tokens.get(pos);
    }

    boolean at(Token.Kind kind) {
        if (tokens.get(pos).is(kind)) {
            return true;
        }
        failHere();
        return false;
    }

    /** Consumes a token of this kind, or records the failure here and consumes nothing. */
    Token accept(Token.Kind kind) {
        Token t = tokens.get(pos);
        if (t.is(kind)) {
            pos++;
            return t;
        }
        failHere();
        return null;
    }

    boolean acceptKeyword(String keyword) {
        if (tokens.get(pos).isKeyword(keyword)) {
            pos++;
            return true;
        }
        failHere();
        return false;
    }

    /** A name that is not one of this grammar's keywords. */
    Token acceptName() {
        Token t = tokens.get(pos);
        if (t.is(Token.Kind.NAME) && !keywords.contains(t.text().toUpperCase(Locale.ROOT))) {
            pos++;
            return t;
        }
        failHere();
        return null;
    }

    boolean isKeyword(Token t) {
        return t.is(Token.Kind.NAME) && keywords.contains(t.text().toUpperCase(Locale.ROOT));
    }

    void failHere() {
        if (pos > farthest) {
            farthest = pos;
        }
    }

    /** Runs a rule at most once per position: its result (or failure) and end position are remembered. */
    @SuppressWarnings("unchecked")
    <T> T memo(int rule, Supplier<T> body) {
        long key = ((long) rule << 32) | pos;
        Memo m = memo.get(key);
        if (m != null) {
            pos = m.end();
            return m.node() == FAILED ? null : (T) m.node();
        }
        int start = pos;
        T node = body.get();
        if (node == null) {
            pos = start;
        }
        memo.put(key, new Memo(node == null ? FAILED : node, pos));
        return node;
    }

    /**
     * After a successful parse: the service's error for the first document path with more than 32 elements
     * ({@code The document path has too many nesting levels; nesting levels: 33}) or list index beyond the int range
     * ({@code List index is not within the allowable range; index: [99999999999999]}), if any.
     */
    void refusePathFault(String prefix) {
        if (pathFault != null) {
            throw new ExpressionException(prefix + pathFault);
        }
    }

    /** Fails the whole parse at the farthest point reached. */
    ExpressionException syntaxError(String prefix) {
        return new ExpressionException(prefix + syntaxMessage(text, tokens, farthest));
    }

    /**
     * The service's wording: the offending token, and the text from the token before it to the token after it
     * ({@code near: "myNum Mystr2 myNum2"}); at the end of the text the token is {@code <EOF>}.
     */
    static String syntaxMessage(String text, List<Token> tokens, int index) {
        Token bad = tokens.get(index);
        int from = index > 0 ? tokens.get(index - 1).start() : bad.start();
        int to;
        if (bad.is(Token.Kind.EOF)) {
            to = index > 0 ? tokens.get(index - 1).end() : bad.end();
        } else {
            Token next = tokens.get(index + 1);
            to = next.is(Token.Kind.EOF) ? bad.end() : next.end();
        }
        return "Syntax error; token: \"" + bad.quoted() + "\", near: \"" + text.substring(from, to) + "\"";
    }

    /** {@code (a, b, c)}-style lists: one or more, separated by commas; a trailing comma ends the list before it. */
    <T> List<T> commaList(Supplier<T> element) {
        T first = element.get();
        if (first == null) {
            return null;
        }
        List<T> list = new ArrayList<>();
        list.add(first);
        while (true) {
            int save = pos;
            if (accept(Token.Kind.COMMA) == null) {
                break;
            }
            T next = element.get();
            if (next == null) {
                pos = save;
                break;
            }
            list.add(next);
        }
        return list;
    }

    /** A list index: decimal digits; an index too large for any list still parses, and finds nothing. */
    static int index(Token number) {
        try {
            return Integer.parseInt(number.text());
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }

    /** An attribute name in a path: a name that is not a keyword, or an expression attribute name. */
    Token identifier() {
        Token t = peek();
        if (t.is(Token.Kind.NAME_PLACEHOLDER)) {
            pos++;
            return t;
        }
        return acceptName();
    }

    /** The steps after a path's first element: {@code [n]} list indexes and {@code .name} map keys. */
    void pathTail(List<Syntax.Step> steps) {
        while (true) {
            int save = pos;
            if (accept(Token.Kind.LBRACKET) != null) {
                Token number = accept(Token.Kind.NUMBER);
                if (number != null && accept(Token.Kind.RBRACKET) != null) {
                    int index = index(number);
                    if (index == Integer.MAX_VALUE && !number.text().equals(String.valueOf(Integer.MAX_VALUE))
                            && pathFault == null) {
                        pathFault = "List index is not within the allowable range; index: [" + number.text() + "]";
                    }
                    steps.add(new Syntax.Step(null, index));
                    continue;
                }
            } else if (accept(Token.Kind.DOT) != null) {
                Token name = identifier();
                if (name != null) {
                    steps.add(new Syntax.Step(name, 0));
                    continue;
                }
            }
            pos = save;
            if (pathFault == null) {
                pathFault = depthFault(steps.size());
            }
            return;
        }
    }

    /**
     * An operand, the same in conditions and updates: a function call, a {@code :value}, or a path; each grammar
     * says how an argument may be parenthesised and how its paths are written.
     */
    Syntax.Operand operand(Supplier<Syntax.Operand> argument, Supplier<Syntax.PathRef> path) {
        Syntax.Call call = call(argument);
        if (call != null) {
            return call;
        }
        Token value = accept(Token.Kind.VALUE_PLACEHOLDER);
        if (value != null) {
            return new Syntax.ValueRef(value);
        }
        return path.get();
    }

    /**
     * {@code (operand)}, or else the operand bare; when {@code doubled}, {@code ((operand))} is tried first and kept
     * as redundant, so that the condition checks can refuse it.
     */
    Syntax.Operand parenthesised(Supplier<Syntax.Operand> operand, boolean doubled) {
        int start = pos;
        if (doubled && accept(Token.Kind.LPAREN) != null && accept(Token.Kind.LPAREN) != null) {
            Syntax.Operand inner = operand.get();
            if (inner != null && accept(Token.Kind.RPAREN) != null && accept(Token.Kind.RPAREN) != null) {
                return new Syntax.ParenOperand(inner, true);
            }
        }
        pos = start;
        if (accept(Token.Kind.LPAREN) != null) {
            Syntax.Operand inner = operand.get();
            if (inner != null && accept(Token.Kind.RPAREN) != null) {
                return new Syntax.ParenOperand(inner, false);
            }
        }
        pos = start;
        return operand.get();
    }

    /** {@code name ( argument, ... )}: the name is checked against {@link ExpressionFunction} afterwards. */
    Syntax.Call call(Supplier<Syntax.Operand> argument) {
        int start = pos;
        Token name = acceptName();
        if (name != null && accept(Token.Kind.LPAREN) != null) {
            List<Syntax.Operand> args = commaList(argument);
            if (args != null && accept(Token.Kind.RPAREN) != null) {
                return new Syntax.Call(name, args);
            }
        }
        pos = start;
        return null;
    }

    /** A path that starts with a plain identifier (update and projection expressions). */
    Syntax.PathRef simplePath() {
        Token head = identifier();
        if (head == null) {
            return null;
        }
        List<Syntax.Step> steps = new ArrayList<>();
        steps.add(new Syntax.Step(head, 0));
        pathTail(steps);
        return new Syntax.PathRef(steps, false);
    }
}
