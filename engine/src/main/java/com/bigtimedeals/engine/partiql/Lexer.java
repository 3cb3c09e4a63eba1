package com.bigtimedeals.engine.partiql;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a PartiQL statement into tokens as DynamoDB's PartiQL reads it: single-quoted strings (a doubled quote
 * inside), double-quoted identifiers, numbers with an optional point, leading point and exponent, {@code ?}
 * parameters, the operators and brackets (including the bag brackets {@code <<} and {@code >>}), and {@code --}
 * and {@code /* *\/} comments, which count as white space. A {@code #} is not a comment there and is refused.
 */
final class Lexer {
    enum Kind { WORD, QUOTED, STRING, NUMBER, PARAM, SYMBOL, END }

    record Token(Kind kind, String text, int at) {
        boolean is(String symbolOrKeyword) {
            return (kind == Kind.SYMBOL || kind == Kind.WORD) && text.equalsIgnoreCase(symbolOrKeyword);
        }
    }

    private final String src;
    private int pos;
    private final List<Token> tokens = new ArrayList<>();

    private Lexer(String src) {
        this.src = src;
    }

    static List<Token> tokens(String statement) {
        Lexer l = new Lexer(statement);
        l.run();
        return l.tokens;
    }

    private void run() {
        while (true) {
            skipBlank();
            if (pos >= src.length()) {
                tokens.add(new Token(Kind.END, "", pos));
                return;
            }
            char c = src.charAt(pos);
            int start = pos;
            if (c == '\'') {
                tokens.add(new Token(Kind.STRING, quoted('\''), start));
            } else if (c == '"') {
                tokens.add(new Token(Kind.QUOTED, quoted('"'), start));
            } else if (Character.isDigit(c) || (c == '.' && pos + 1 < src.length() && Character.isDigit(src.charAt(pos + 1)))) {
                tokens.add(new Token(Kind.NUMBER, number(), start));
            } else if (Character.isLetter(c) || c == '_' || c == '$') {
                while (pos < src.length() && (Character.isLetterOrDigit(src.charAt(pos)) || src.charAt(pos) == '_' || src.charAt(pos) == '$')) {
                    pos++;
                }
                tokens.add(new Token(Kind.WORD, src.substring(start, pos), start));
            } else if (c == '?') {
                pos++;
                tokens.add(new Token(Kind.PARAM, "?", start));
            } else {
                tokens.add(new Token(Kind.SYMBOL, symbol(), start));
            }
        }
    }

    private void skipBlank() {
        while (pos < src.length()) {
            char c = src.charAt(pos);
            if (Character.isWhitespace(c)) {
                pos++;
            } else if (src.startsWith("--", pos)) {
                while (pos < src.length() && src.charAt(pos) != '\n') {
                    pos++;
                }
            } else if (src.startsWith("/*", pos)) {
                int end = src.indexOf("*/", pos + 2);
                if (end < 0) {
                    throw Syntax.notWellFormed("");
                }
                pos = end + 2;
            } else {
                return;
            }
        }
    }

    private String quoted(char quote) {
        StringBuilder sb = new StringBuilder();
        pos++;
        while (true) {
            if (pos >= src.length()) {
                throw Syntax.notWellFormed("");
            }
            char c = src.charAt(pos++);
            if (c == quote) {
                if (pos < src.length() && src.charAt(pos) == quote) {
                    sb.append(quote);
                    pos++;
                    continue;
                }
                return sb.toString();
            }
            sb.append(c);
        }
    }

    private String number() {
        int start = pos;
        while (pos < src.length() && Character.isDigit(src.charAt(pos))) {
            pos++;
        }
        if (pos < src.length() && src.charAt(pos) == '.') {
            pos++;
            while (pos < src.length() && Character.isDigit(src.charAt(pos))) {
                pos++;
            }
        }
        if (pos < src.length() && (src.charAt(pos) == 'e' || src.charAt(pos) == 'E')) {
            int mark = pos;
            pos++;
            if (pos < src.length() && (src.charAt(pos) == '+' || src.charAt(pos) == '-')) {
                pos++;
            }
            if (pos < src.length() && Character.isDigit(src.charAt(pos))) {
                while (pos < src.length() && Character.isDigit(src.charAt(pos))) {
                    pos++;
                }
            } else {
                pos = mark;
            }
        }
        return src.substring(start, pos);
    }

    private String symbol() {
        for (String s : new String[] {"<<", ">>", "<=", ">=", "<>", "!=", "||"}) {
            if (src.startsWith(s, pos)) {
                pos += 2;
                return s;
            }
        }
        char c = src.charAt(pos);
        if ("()[]{},.:*=<>+-/;".indexOf(c) < 0) {
            throw Syntax.notWellFormed("");
        }
        pos++;
        return String.valueOf(c);
    }
}
