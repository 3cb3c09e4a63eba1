package com.bigtimedeals.engine.expr;

/**
 * One token of an expression or a PartiQL statement and where it lies in the text: the service's syntax errors quote
 * the offending token and the text around it ({@code Syntax error; token: "1", near: "+ 1"}). Which kinds a text
 * can hold depends on its {@link Lexer.Dialect}.
 */
public record Token(Kind kind, String text, int start, int end) {
    public enum Kind {
        /** An attribute or function name, or a keyword (the dialect says which characters make one). */
        NAME,
        /** {@code #name}: an expression attribute name. */
        NAME_PLACEHOLDER,
        /** {@code :value}: an expression attribute value. */
        VALUE_PLACEHOLDER,
        /** Digits (in PartiQL also a point and an exponent). */
        NUMBER,
        /** PartiQL's {@code 'text'}; the token's text is the string, its doubled quotes made single. */
        STRING,
        /** PartiQL's {@code "name"}; the token's text is the name, its doubled quotes made single. */
        QUOTED_NAME,
        /** PartiQL's {@code ?}. */
        PARAMETER,
        EQ(true), NE(true), LT(true), LE(true), GT(true), GE(true), PLUS(true), MINUS(true), LPAREN(true),
        RPAREN(true), LBRACKET(true), RBRACKET(true), COMMA(true), DOT(true),
        /** PartiQL's other symbols: tuple braces and colon, {@code *}, {@code /}, {@code ;}, bag brackets, {@code ||}. */
        LBRACE(true), RBRACE(true), COLON(true), STAR(true), SLASH(true), SEMICOLON(true), BAG_OPEN(true),
        BAG_CLOSE(true), CONCAT(true),
        /** Any other character (or an unterminated string or comment): never valid, but the service names it. */
        UNKNOWN,
        EOF;

        private final boolean symbol;

        Kind() {
            this(false);
        }

        Kind(boolean symbol) {
            this.symbol = symbol;
        }
    }

    public boolean is(Kind k) {
        return kind == k;
    }

    /** Keywords are matched without regard to case ({@code and}, {@code And} and {@code AND} are one keyword). */
    public boolean isKeyword(String keyword) {
        return kind == Kind.NAME && text.equalsIgnoreCase(keyword);
    }

    /** This keyword, or this symbol as written ({@code "("}, {@code "<="}): how PartiQL's parser asks. */
    public boolean is(String symbolOrKeyword) {
        return (kind == Kind.NAME || kind.symbol) && text.equalsIgnoreCase(symbolOrKeyword);
    }

    /** How the service names the token in a syntax error. */
    String quoted() {
        return kind == Kind.EOF ? "<EOF>" : text;
    }
}
