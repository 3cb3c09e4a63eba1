package com.bigtimedeals.engine.expr;

import java.util.Objects;

/** Whether two document paths of one update or projection collide, as the service judges it. */
final class PathRelation {
    private PathRelation() {
    }

    /**
     * Records an overlap (one path is the other, or lies inside it) or a conflict (at the same depth, one steps by
     * list index where the other steps by name); paths that part ways before either happens are fine.
     */
    static void check(DocumentPath one, DocumentPath two, ExpressionErrors errors) {
        int n = Math.min(one.size(), two.size());
        for (int i = 0; i < n; i++) {
            Object a = one.steps().get(i);
            Object b = two.steps().get(i);
            if (kind(a) != kind(b)) {
                errors.record(ExpressionErrors.Kind.PATH_CONFLICT, "Two document paths conflict with each other; "
                        + "must remove or rewrite one of these paths; path one: " + one + ", path two: " + two);
                return;
            }
            if (!Objects.equals(a, b)) {
                return;
            }
        }
        errors.record(ExpressionErrors.Kind.PATH_OVERLAP, "Two document paths overlap with each other; "
                + "must remove or rewrite one of these paths; path one: " + one + ", path two: " + two);
    }

    private static int kind(Object step) {
        return step == null ? 0 : step instanceof Integer ? 1 : 2;
    }
}
