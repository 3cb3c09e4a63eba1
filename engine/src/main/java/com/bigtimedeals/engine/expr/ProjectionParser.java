package com.bigtimedeals.engine.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The grammar of projection expressions (Developer Guide, "Projection expressions"): document paths separated by
 * commas. ExpressionErrors, by kind: reserved word, undefined name, overlapping paths, conflicting paths.
 */
final class ProjectionParser extends TokenParser {
    private ProjectionParser(String text) {
        super(text, Set.of());
    }

    static Projection parse(String text, String prefix, ExpressionContext context) {
        ProjectionParser parser = new ProjectionParser(text);
        List<Syntax.PathRef> written = parser.commaList(parser::simplePath);
        if (written == null || !parser.at(Token.Kind.EOF)) {
            throw parser.syntaxError(prefix);
        }
        parser.refusePathFault(prefix);
        ExpressionErrors errors = new ExpressionErrors();
        List<DocumentPath> paths = new ArrayList<>(written.size());
        for (Syntax.PathRef path : written) {
            paths.add(context.path(path, errors, ExpressionErrors.Rules.PROJECTION.undefinedName));
        }
        for (int i = 0; i < paths.size(); i++) {
            for (int j = 0; j < i; j++) {
                PathRelation.check(paths.get(j), paths.get(i), errors);
            }
        }
        errors.report(ExpressionErrors.Rules.PROJECTION, prefix, 0);
        return new PathProjection(paths);
    }
}
