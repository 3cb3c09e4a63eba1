package com.bigtimedeals.engine.expr;

import java.util.ArrayList;
import java.util.List;

/** A position-free rendering of parse trees, to compare what was parsed with what was meant. */
final class Canonical {
    private Canonical() {
    }

    static String of(Syntax.Cond c) {
        c = Syntax.unwrap(c);
        if (c instanceof Syntax.Or or) {
            return "(OR " + of(or.left()) + " " + of(or.right()) + ")";
        }
        if (c instanceof Syntax.And and) {
            return "(AND " + of(and.left()) + " " + of(and.right()) + ")";
        }
        if (c instanceof Syntax.Not not) {
            return "(NOT " + of(not.inner()) + ")";
        }
        if (c instanceof Syntax.Compare compare) {
            return "(" + compare.operator().text() + " " + of(compare.left()) + " " + of(compare.right()) + ")";
        }
        if (c instanceof Syntax.Between between) {
            return "(BETWEEN " + of(between.operand()) + " " + of(between.lower()) + " " + of(between.upper()) + ")";
        }
        if (c instanceof Syntax.In in) {
            List<String> all = new ArrayList<>();
            for (Syntax.Operand o : in.candidates()) {
                all.add(of(o));
            }
            return "(IN " + of(in.operand()) + " " + String.join(" ", all) + ")";
        }
        Syntax.Call call = ((Syntax.FunctionCond) c).call();
        List<String> args = new ArrayList<>();
        for (Syntax.Operand o : call.args()) {
            args.add(of(o));
        }
        return "(" + call.functionName() + " " + String.join(" ", args) + ")";
    }

    static String of(Syntax.Operand o) {
        o = Syntax.unwrap(o);
        if (o instanceof Syntax.ValueRef ref) {
            return ref.token().text();
        }
        if (o instanceof Syntax.PathRef path) {
            StringBuilder out = new StringBuilder();
            for (Syntax.Step step : path.steps()) {
                if (step.isIndex()) {
                    out.append('[').append(step.index()).append(']');
                } else {
                    out.append(out.isEmpty() ? "" : ".").append(step.name().text());
                }
            }
            return out.toString();
        }
        Syntax.Call call = (Syntax.Call) o;
        List<String> args = new ArrayList<>();
        for (Syntax.Operand arg : call.args()) {
            args.add(of(arg));
        }
        return call.functionName() + "(" + String.join(", ", args) + ")";
    }
}
