package com.bigtimedeals.engine.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * Splits DynamoDB's expressions and PartiQL statements into tokens: one lexer, the two languages' differences
 * stated as a {@link Dialect} each. It never fails: a character the dialect does not allow, and a string or comment
 * left open, become an UNKNOWN token, which the expression grammars name in their syntax errors and PartiQL refuses.
 */
public final class Lexer {
    /**
     * What one language's tokens are made of.
     *
     * @param blank white space between tokens
     * @param nameStart and {@code namePart}: the characters of a bare name or keyword
     * @param digit the characters of a number
     * @param placeholders {@code #name} and {@code :value} are tokens (a sigil then name characters)
     * @param decimals a number may have a point (also leading: {@code .5}) and an exponent
     * @param quotes {@code 'string'} and {@code "name"}, a doubled quote standing for one
     * @param comments {@code -- to the end of the line} and {@code /* to *\/} count as white space
     * @param symbols every operator and bracket, by its text; a two-character one is matched before one character
     */
    public record Dialect(IntPredicate blank, IntPredicate nameStart, IntPredicate namePart, IntPredicate digit,
            boolean placeholders, boolean decimals, boolean quotes, boolean comments, Map<String, Token.Kind> symbols) {
    }

    private static final Map<String, Token.Kind> EXPRESSION_SYMBOLS = Map.ofEntries(Map.entry("=", Token.Kind.EQ),
            Map.entry("<>", Token.Kind.NE), Map.entry("<", Token.Kind.LT), Map.entry("<=", Token.Kind.LE),
            Map.entry(">", Token.Kind.GT), Map.entry(">=", Token.Kind.GE), Map.entry("+", Token.Kind.PLUS),
            Map.entry("-", Token.Kind.MINUS), Map.entry("(", Token.Kind.LPAREN), Map.entry(")", Token.Kind.RPAREN),
            Map.entry("[", Token.Kind.LBRACKET), Map.entry("]", Token.Kind.RBRACKET), Map.entry(",", Token.Kind.COMMA),
            Map.entry(".", Token.Kind.DOT));

    /**
     * DynamoDB's condition, filter, key condition, update and projection expressions: ASCII names that start with a
     * letter ({@code _abc} is the token {@code _} and then {@code abc}, as the service reads it), placeholders, and
     * list indexes of decimal digits.
     */
    public static final Dialect EXPRESSION = new Dialect(c -> c == ' ' || c == '\t' || c == '\r' || c == '\n',
            Lexer::isAsciiLetter, c -> isAsciiLetter(c) || isAsciiDigit(c) || c == '_', Lexer::isAsciiDigit,
            true, false, false, false, EXPRESSION_SYMBOLS);

    /**
     * DynamoDB's PartiQL: Unicode names that may hold {@code _} and {@code $}, single-quoted strings, double-quoted
     * names, decimal numbers, {@code ?} parameters, tuple and bag brackets ({@code {}}, {@code << >>}), comments. A
     * {@code #} is not a comment there, and a {@code :} is only a tuple's colon.
     */
    public static final Dialect PARTIQL;

    static {
        Map<String, Token.Kind> symbols = new java.util.HashMap<>(EXPRESSION_SYMBOLS);
        symbols.putAll(Map.of("<<", Token.Kind.BAG_OPEN, ">>", Token.Kind.BAG_CLOSE, "!=", Token.Kind.NE,
                "||", Token.Kind.CONCAT, "{", Token.Kind.LBRACE, "}", Token.Kind.RBRACE, ":", Token.Kind.COLON,
                "*", Token.Kind.STAR, "/", Token.Kind.SLASH, ";", Token.Kind.SEMICOLON));
        symbols.put("?", Token.Kind.PARAMETER);
        PARTIQL = new Dialect(Character::isWhitespace, c -> Character.isLetter(c) || c == '_' || c == '$',
                c -> Character.isLetterOrDigit(c) || c == '_' || c == '$', Character::isDigit, false, true, true, true,
                Map.copyOf(symbols));
    }

    private final String text;
    private final Dialect dialect;
    private int pos;

    private Lexer(String text, Dialect dialect) {
        this.text = text;
        this.dialect = dialect;
    }

    /** The tokens of {@code text}, the last one EOF. */
    public static List<Token> tokenize(String text, Dialect dialect) {
        return new Lexer(text, dialect).run();
    }

    private List<Token> run() {
        List<Token> tokens = new ArrayList<>();
        int n = text.length();
        while (true) {
            if (!skipBlank()) {
                tokens.add(new Token(Token.Kind.UNKNOWN, text.substring(pos), pos, n));
                pos = n;
            }
            if (pos >= n) {
                tokens.add(new Token(Token.Kind.EOF, "", n, n));
                return tokens;
            }
            int start = pos;
            Token.Kind kind = next();
            String value = kind == Token.Kind.STRING || kind == Token.Kind.QUOTED_NAME ? unquoted(start, pos)
                    : text.substring(start, pos);
            tokens.add(new Token(kind, value, start, pos));
        }
    }

    /** Steps over white space and comments; false for a comment left open. */
    private boolean skipBlank() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (dialect.blank().test(c)) {
                pos++;
            } else if (dialect.comments() && text.startsWith("--", pos)) {
                while (pos < text.length() && text.charAt(pos) != '\n') {
                    pos++;
                }
            } else if (dialect.comments() && text.startsWith("/*", pos)) {
                int end = text.indexOf("*/", pos + 2);
                if (end < 0) {
                    return false;
                }
                pos = end + 2;
            } else {
                return true;
            }
        }
        return true;
    }

    /** Reads one token from {@code pos}, leaving {@code pos} after it. */
    private Token.Kind next() {
        int n = text.length();
        char c = text.charAt(pos);
        if (dialect.quotes() && (c == '\'' || c == '"')) {
            return quoted(c) ? (c == '\'' ? Token.Kind.STRING : Token.Kind.QUOTED_NAME) : Token.Kind.UNKNOWN;
        }
        if (dialect.digit().test(c) || (dialect.decimals() && c == '.' && pos + 1 < n
                && dialect.digit().test(text.charAt(pos + 1)))) {
            number();
            return Token.Kind.NUMBER;
        }
        if (dialect.nameStart().test(c)) {
            pos = nameEnd(pos + 1);
            return Token.Kind.NAME;
        }
        if (dialect.placeholders() && (c == '#' || c == ':') && pos + 1 < n && dialect.namePart().test(text.charAt(pos + 1))) {
            pos = nameEnd(pos + 1);
            return c == '#' ? Token.Kind.NAME_PLACEHOLDER : Token.Kind.VALUE_PLACEHOLDER;
        }
        if (pos + 1 < n) {
            Token.Kind two = dialect.symbols().get(text.substring(pos, pos + 2));
            if (two != null) {
                pos += 2;
                return two;
            }
        }
        Token.Kind one = dialect.symbols().get(String.valueOf(c));
        pos++;
        if (one != null) {
            return one;
        }
        if (Character.isHighSurrogate(c) && pos < n && Character.isLowSurrogate(text.charAt(pos))) {
            pos++;
        }
        return Token.Kind.UNKNOWN;
    }

    private int nameEnd(int i) {
        while (i < text.length() && dialect.namePart().test(text.charAt(i))) {
            i++;
        }
        return i;
    }

    /** Steps over a quoted string or name; false when it is never closed (then {@code pos} is the end). */
    private boolean quoted(char quote) {
        pos++;
        while (pos < text.length()) {
            if (text.charAt(pos++) == quote) {
                if (pos < text.length() && text.charAt(pos) == quote) {
                    pos++;
                    continue;
                }
                return true;
            }
        }
        return false;
    }

    private String unquoted(int start, int end) {
        String quote = text.substring(start, start + 1);
        return text.substring(start + 1, end - 1).replace(quote + quote, quote);
    }

    private void number() {
        IntPredicate digit = dialect.digit();
        pos = digits(pos);
        if (!dialect.decimals()) {
            return;
        }
        if (pos < text.length() && text.charAt(pos) == '.') {
            pos = digits(pos + 1);
        }
        if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
            int exponent = pos + 1;
            if (exponent < text.length() && (text.charAt(exponent) == '+' || text.charAt(exponent) == '-')) {
                exponent++;
            }
            if (exponent < text.length() && digit.test(text.charAt(exponent))) {
                pos = digits(exponent);
            }
        }
    }

    private int digits(int i) {
        while (i < text.length() && dialect.digit().test(text.charAt(i))) {
            i++;
        }
        return i;
    }

    /** A character of an expression attribute name or value key after its sigil. */
    static boolean isNameChar(char c) {
        return EXPRESSION.namePart().test(c);
    }

    private static boolean isAsciiLetter(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isAsciiDigit(int c) {
        return c >= '0' && c <= '9';
    }
}
