package com.bigtimedeals.engine.expr;

/**
 * One token of an expression and where it lies in the text: the service's syntax errors quote the offending token
 * and the text around it ({@code Syntax error; token: "1", near: "+ 1"}).
 */
record Token(Kind kind, String text, int start, int end) {
    enum Kind {
        /** An attribute or function name, or a keyword: a letter, then letters, digits and underscores. */
        NAME,
        /** {@code #name}: an expression attribute name. */
        NAME_PLACEHOLDER,
        /** {@code :value}: an expression attribute value. */
        VALUE_PLACEHOLDER,
        /** Decimal digits, meaningful only as a list index. */
        NUMBER,
        EQ, NE, LT, LE, GT, GE, PLUS, MINUS, LPAREN, RPAREN, LBRACKET, RBRACKET, COMMA, DOT,
        /** Any other character: never valid, but it is the token the service names in its message. */
        UNKNOWN,
        EOF
    }

    boolean is(Kind k) {
        return kind == k;
    }

    /** Keywords are matched without regard to case ({@code and}, {@code And} and {@code AND} are one keyword). */
    boolean isKeyword(String keyword) {
        return kind == Kind.NAME && text.equalsIgnoreCase(keyword);
    }

    /** How the service names the token in a syntax error. */
    String quoted() {
        return kind == Kind.EOF ? "<EOF>" : text;
    }
}
