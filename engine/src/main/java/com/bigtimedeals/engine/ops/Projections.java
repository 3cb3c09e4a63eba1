package com.bigtimedeals.engine.ops;

import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.expr.ExpressionException;
import com.bigtimedeals.engine.expr.Legacy;
import com.bigtimedeals.engine.expr.Projection;

/** ProjectionExpression or AttributesToGet of a read, parsed; null when the read returns whole items. */
final class Projections {
    private Projections() {
    }

    static Projection parse(Expressions ex, Map<String, Object> req) {
        String text = Req.string(req, "ProjectionExpression");
        List<String> names = Req.strings(req, "AttributesToGet");
        try {
            Projection p = null;
            if (text != null) {
                p = ex.context().projection(text);
            } else if (names != null) {
                p = Legacy.attributesToGet(names);
            }
            return p;
        } catch (ExpressionException e) {
            throw ex.invalid(e);
        }
    }
}
