package com.bigtimedeals.engine.expr;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.value.Value;

/**
 * A document path with its expression attribute names substituted: each step is an attribute name (a String) or
 * a list index (an Integer). The service prints one as {@code [a, b, [1]]} in its messages.
 */
public record DocumentPath(List<Object> steps) {
    public DocumentPath {
        steps = Collections.unmodifiableList(new ArrayList<>(steps));
    }

    public static DocumentPath of(Object... steps) {
        return new DocumentPath(List.of(steps));
    }

    /** The top-level attribute the path starts from. */
    public String head() {
        return (String) steps.get(0);
    }

    public int size() {
        return steps.size();
    }

    public boolean isIndex(int i) {
        return steps.get(i) instanceof Integer;
    }

    /** The value at this path in {@code item}, or null where any step is missing or of the wrong kind. */
    public Value resolve(Map<String, Value> item) {
        Value current = item.get(head());
        for (int i = 1; i < steps.size() && current != null; i++) {
            current = step(current, steps.get(i));
        }
        return current;
    }

    static Value step(Value container, Object step) {
        if (step instanceof Integer index) {
            if (container instanceof Value.L list && index < list.values().size()) {
                return list.values().get(index);
            }
            return null;
        }
        if (container instanceof Value.M map) {
            return map.values().get((String) step);
        }
        return null;
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < steps.size(); i++) {
            if (i > 0) {
                out.append(", ");
            }
            Object step = steps.get(i);
            if (step instanceof Integer) {
                out.append('[').append(step).append(']');
            } else {
                out.append(step);
            }
        }
        return out.append(']').toString();
    }
}
