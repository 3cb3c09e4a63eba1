package com.bigtimedeals.engine.expr;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.bigtimedeals.engine.value.Value;

/**
 * An item being updated: copied only along the paths an update touches, with lists kept in their original
 * positions until the end, so every list index an update names means the element that was there before the update.
 * Removed elements close up and elements set beyond a list's end are appended, in index order, when the item is
 * rebuilt.
 */
final class Document {
    private final MapNode root;

    Document(Map<String, Value> item) {
        root = new MapNode(item);
    }

    /** The value at {@code path} as the update has left it so far, or null; the path's parent must exist. */
    Value get(DocumentPath path) {
        Object parent = parentOf(path);
        Object last = path.steps().get(path.size() - 1);
        Object node = parent instanceof MapNode map ? map.entries.get((String) last) : ((ListNode) parent).get((Integer) last);
        return node == null ? null : build(node);
    }

    void set(DocumentPath path, Value value) {
        Object parent = parentOf(path);
        Object last = path.steps().get(path.size() - 1);
        if (parent instanceof MapNode map) {
            map.entries.put((String) last, value);
        } else {
            ((ListNode) parent).set((Integer) last, value);
        }
    }

    void remove(DocumentPath path) {
        Object parent = parentOf(path);
        Object last = path.steps().get(path.size() - 1);
        if (parent instanceof MapNode map) {
            map.entries.remove((String) last);
        } else {
            ((ListNode) parent).remove((Integer) last);
        }
    }

    Map<String, Value> toItem() {
        return root.build();
    }

    /**
     * The map or list the path's last step applies to: every step before it must lead to an existing map (for a
     * name) or list (for an index), or the path is invalid for update.
     */
    private Object parentOf(DocumentPath path) {
        Object node = root;
        List<Object> steps = path.steps();
        for (int i = 0; i < steps.size() - 1; i++) {
            Object step = steps.get(i);
            Object child;
            if (node instanceof MapNode map && step instanceof String name) {
                child = map.entries.get(name);
            } else if (node instanceof ListNode list && step instanceof Integer index) {
                child = list.get(index);
            } else {
                throw new ExpressionException(UpdateActions.INVALID_PATH);
            }
            Object mutable = child == null ? null : mutableChild(child, steps.get(i + 1));
            if (mutable == null || mutable instanceof Value) {
                throw new ExpressionException(UpdateActions.INVALID_PATH);
            }
            if (mutable != child) {
                if (node instanceof MapNode map) {
                    map.entries.put((String) step, mutable);
                } else {
                    ((ListNode) node).set((Integer) step, mutable);
                }
            }
            node = mutable;
        }
        Object last = steps.get(steps.size() - 1);
        if ((node instanceof MapNode && last instanceof String) || (node instanceof ListNode && last instanceof Integer)) {
            return node;
        }
        throw new ExpressionException(UpdateActions.INVALID_PATH);
    }

    /** A child the next step enters, as a mutable node: a map for a name, a list for an index; else unchanged. */
    private static Object mutableChild(Object child, Object nextStep) {
        if (nextStep instanceof String && child instanceof Value.M m) {
            return new MapNode(m.values());
        }
        if (nextStep instanceof Integer && child instanceof Value.L l) {
            return new ListNode(l.values());
        }
        return child;
    }

    private static Value build(Object node) {
        if (node instanceof MapNode map) {
            return new Value.M(map.build());
        }
        if (node instanceof ListNode list) {
            return new Value.L(list.build());
        }
        return (Value) node;
    }

    /** A map being changed; children are Values, or nodes where a path went deeper. */
    private static final class MapNode {
        final LinkedHashMap<String, Object> entries;

        MapNode(Map<String, Value> values) {
            entries = new LinkedHashMap<>(values);
        }

        Map<String, Value> build() {
            Map<String, Value> out = new LinkedHashMap<>(entries.size() * 2);
            for (Map.Entry<String, Object> e : entries.entrySet()) {
                out.put(e.getKey(), Document.build(e.getValue()));
            }
            return out;
        }
    }

    /** A list being changed, still indexed as before the update. */
    private static final class ListNode {
        final List<Object> elements;
        final BitSet removed = new BitSet();
        final TreeMap<Integer, Object> appended = new TreeMap<>();

        ListNode(List<Value> values) {
            elements = new ArrayList<>(values);
        }

        Object get(int index) {
            if (index < elements.size()) {
                return removed.get(index) ? null : elements.get(index);
            }
            return appended.get(index);
        }

        void set(int index, Object value) {
            if (index < elements.size()) {
                elements.set(index, value);
                removed.clear(index);
            } else {
                appended.put(index, value);
            }
        }

        void remove(int index) {
            if (index < elements.size()) {
                removed.set(index);
            } else {
                appended.remove(index);
            }
        }

        List<Value> build() {
            List<Value> out = new ArrayList<>(elements.size() + appended.size());
            for (int i = 0; i < elements.size(); i++) {
                if (!removed.get(i)) {
                    out.add(Document.build(elements.get(i)));
                }
            }
            for (Object value : appended.values()) {
                out.add(Document.build(value));
            }
            return out;
        }
    }
}
