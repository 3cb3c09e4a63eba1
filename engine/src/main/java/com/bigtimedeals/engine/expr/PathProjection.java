package com.bigtimedeals.engine.expr;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import com.bigtimedeals.engine.value.Value;

/**
 * A projection onto document paths, shaped as the service returns it: each path that exists in the item is kept
 * with the maps and lists that lead to it, holding only the projected parts; projected list elements keep their
 * order but close up ({@code l[1], l[3]} of a four-element list is a two-element list).
 */
final class PathProjection implements Projection {
    private final List<DocumentPath> paths;
    private final Set<String> topLevelNames = new LinkedHashSet<>();
    private final Set<String> nestedTopLevelNames = new LinkedHashSet<>();
    private final boolean allTopLevel;

    PathProjection(List<DocumentPath> paths) {
        this.paths = List.copyOf(paths);
        boolean flat = true;
        for (DocumentPath path : paths) {
            topLevelNames.add(path.head());
            if (path.size() > 1) {
                nestedTopLevelNames.add(path.head());
            }
            flat &= path.size() == 1;
        }
        allTopLevel = flat;
    }

    @Override
    public Map<String, Value> apply(Map<String, Value> item) {
        if (allTopLevel) {
            Map<String, Value> out = new LinkedHashMap<>();
            for (String name : topLevelNames) {
                Value v = item.get(name);
                if (v != null) {
                    out.put(name, v);
                }
            }
            return out;
        }
        return project(paths, item);
    }

    @Override
    public Set<String> topLevelNames() {
        return topLevelNames;
    }

    @Override
    public Set<String> nestedTopLevelNames() {
        return nestedTopLevelNames;
    }

    /** The parts of {@code item} at {@code paths}, with what leads to them. */
    static Map<String, Value> project(List<DocumentPath> paths, Map<String, Value> item) {
        Map<String, Object> root = new LinkedHashMap<>();
        for (DocumentPath path : paths) {
            Value v = path.resolve(item);
            if (v == null) {
                continue;
            }
            Object node = root;
            List<Object> steps = path.steps();
            for (int i = 0; i < steps.size() - 1; i++) {
                Object step = steps.get(i);
                Object next = steps.get(i + 1) instanceof Integer ? new TreeMap<Integer, Object>()
                        : new LinkedHashMap<String, Object>();
                node = child(node, step, next);
            }
            put(node, steps.get(steps.size() - 1), v);
        }
        Map<String, Value> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : root.entrySet()) {
            out.put(e.getKey(), build(e.getValue()));
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Object child(Object node, Object step, Object created) {
        if (step instanceof Integer index) {
            return ((TreeMap<Integer, Object>) node).computeIfAbsent(index, k -> created);
        }
        return ((Map<String, Object>) node).computeIfAbsent((String) step, k -> created);
    }

    @SuppressWarnings("unchecked")
    private static void put(Object node, Object step, Value value) {
        if (step instanceof Integer index) {
            ((TreeMap<Integer, Object>) node).put(index, value);
        } else {
            ((Map<String, Object>) node).put((String) step, value);
        }
    }

    @SuppressWarnings("unchecked")
    private static Value build(Object node) {
        if (node instanceof Value v) {
            return v;
        }
        if (node instanceof TreeMap<?, ?> list) {
            List<Value> elements = new ArrayList<>(list.size());
            for (Object element : list.values()) {
                elements.add(build(element));
            }
            return new Value.L(elements);
        }
        Map<String, Value> map = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : ((Map<String, Object>) node).entrySet()) {
            map.put(e.getKey(), build(e.getValue()));
        }
        return new Value.M(map);
    }
}
