package com.bigtimedeals.engine.expr;

/** Renders the clauses of a parsed update expression without their positions. */
final class UpdateParserProbe {
    private final String text;

    UpdateParserProbe(String text) {
        this.text = text;
    }

    String canonical() {
        StringBuilder out = new StringBuilder();
        for (Syntax.Clause clause : UpdateParser.clauses(text, "Invalid UpdateExpression: ")) {
            for (Syntax.Action action : clause.actions()) {
                out.append('(').append(clause.section()).append(' ').append(Canonical.of(action.target()));
                if (action.value() != null) {
                    Syntax.SetValue v = action.value();
                    out.append(' ').append(v.operator() == null ? Canonical.of(v.left())
                            : "(" + v.operator().text() + " " + Canonical.of(v.left()) + " " + Canonical.of(v.right()) + ")");
                } else if (action.operand() != null) {
                    out.append(' ').append(action.operand().text());
                }
                out.append(')');
            }
        }
        return out.toString();
    }
}
