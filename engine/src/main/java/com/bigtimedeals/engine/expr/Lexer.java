package com.bigtimedeals.engine.expr;

import java.util.ArrayList;
import java.util.List;

/** Splits an expression into tokens; never fails: a character no token allows becomes an UNKNOWN token. */
final class Lexer {
    private Lexer() {
    }

    static List<Token> tokenize(String text) {
        List<Token> tokens = new ArrayList<>();
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                i++;
                continue;
            }
            int start = i;
            Token.Kind kind;
            if (isNameStart(c)) {
                i = skipNameChars(text, i + 1);
                kind = Token.Kind.NAME;
            } else if (isDigit(c)) {
                while (i < n && isDigit(text.charAt(i))) {
                    i++;
                }
                kind = Token.Kind.NUMBER;
            } else if ((c == '#' || c == ':') && i + 1 < n && isNameChar(text.charAt(i + 1))) {
                i = skipNameChars(text, i + 1);
                kind = c == '#' ? Token.Kind.NAME_PLACEHOLDER : Token.Kind.VALUE_PLACEHOLDER;
            } else {
                i++;
                kind = switch (c) {
                    case '=' -> Token.Kind.EQ;
                    case '<' -> {
                        if (i < n && text.charAt(i) == '>') {
                            i++;
                            yield Token.Kind.NE;
                        }
                        if (i < n && text.charAt(i) == '=') {
                            i++;
                            yield Token.Kind.LE;
                        }
                        yield Token.Kind.LT;
                    }
                    case '>' -> {
                        if (i < n && text.charAt(i) == '=') {
                            i++;
                            yield Token.Kind.GE;
                        }
                        yield Token.Kind.GT;
                    }
                    case '+' -> Token.Kind.PLUS;
                    case '-' -> Token.Kind.MINUS;
                    case '(' -> Token.Kind.LPAREN;
                    case ')' -> Token.Kind.RPAREN;
                    case '[' -> Token.Kind.LBRACKET;
                    case ']' -> Token.Kind.RBRACKET;
                    case ',' -> Token.Kind.COMMA;
                    case '.' -> Token.Kind.DOT;
                    default -> {
                        if (Character.isHighSurrogate(c) && i < n && Character.isLowSurrogate(text.charAt(i))) {
                            i++;
                        }
                        yield Token.Kind.UNKNOWN;
                    }
                };
            }
            tokens.add(new Token(kind, text.substring(start, i), start, i));
        }
        tokens.add(new Token(Token.Kind.EOF, "", n, n));
        return tokens;
    }

    private static int skipNameChars(String text, int i) {
        while (i < text.length() && isNameChar(text.charAt(i))) {
            i++;
        }
        return i;
    }

    /** A bare name starts with a letter: {@code _abc} is the token {@code _} and then {@code abc}, as the service reads it. */
    static boolean isNameStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    static boolean isNameChar(char c) {
        return isNameStart(c) || isDigit(c) || c == '_';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
