package com.bigtimedeals.engine.expr;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.value.Value;

/**
 * Legacy AttributeUpdates (Developer Guide, "AttributeUpdates"): PUT replaces an attribute; ADD adds to a number,
 * unites a set or extends a list (a missing attribute starts from the value); DELETE without a value removes the
 * attribute, with a set removes those members (an emptied set goes).
 */
final class LegacyUpdates implements Update {
    private static final String TYPE_MISMATCH = "Type mismatch for attribute to update";

    private final Map<String, Legacy.AttributeUpdate> updates;

    LegacyUpdates(Map<String, Legacy.AttributeUpdate> updates) {
        this.updates = new LinkedHashMap<>(updates);
    }

    /** The checks the service makes on the request alone, attribute by attribute. */
    static void check(Map<String, Legacy.AttributeUpdate> updates) {
        for (Legacy.AttributeUpdate update : updates.values()) {
            String action = action(update);
            Value value = update.value();
            if (value == null) {
                if (!action.equals("DELETE")) {
                    throw new ExpressionException(LegacyConditions.INVALID
                            + "Only DELETE action is allowed when no attribute value is specified");
                }
                continue;
            }
            Value.Type type = value.type();
            if (action.equals("DELETE") && !isSet(type)) {
                throw new ExpressionException(LegacyConditions.INVALID
                        + "DELETE action with value is not supported for the type " + type.name());
            }
            if (action.equals("ADD") && !isSet(type) && type != Value.Type.N && type != Value.Type.L) {
                throw new ExpressionException(LegacyConditions.INVALID + "ADD action is not supported for the type "
                        + type.name());
            }
        }
    }

    private static boolean isSet(Value.Type type) {
        return type == Value.Type.SS || type == Value.Type.NS || type == Value.Type.BS;
    }

    static String action(Legacy.AttributeUpdate update) {
        return update.action() == null ? "PUT" : update.action();
    }

    @Override
    public Map<String, Value> apply(Map<String, Value> item) {
        Map<String, Value> out = new LinkedHashMap<>(item);
        for (Map.Entry<String, Legacy.AttributeUpdate> e : updates.entrySet()) {
            String name = e.getKey();
            Value value = e.getValue().value();
            Value existing = out.get(name);
            switch (action(e.getValue())) {
                case "PUT" -> out.put(name, value);
                case "ADD" -> out.put(name, added(existing, value));
                default -> {
                    if (value == null) {
                        out.remove(name);
                    } else if (existing != null) {
                        Value remaining = removed(existing, value);
                        if (remaining == null) {
                            out.remove(name);
                        } else {
                            out.put(name, remaining);
                        }
                    }
                }
            }
        }
        return out;
    }

    private static Value added(Value existing, Value value) {
        if (existing == null) {
            return value;
        }
        if (existing.type() != value.type()) {
            throw new ExpressionException(TYPE_MISMATCH);
        }
        if (value instanceof Value.N n) {
            return UpdateValues.add(((Value.N) existing).value(), n.value());
        }
        if (value instanceof Value.L l) {
            List<Value> joined = new ArrayList<>(((Value.L) existing).values());
            joined.addAll(l.values());
            return new Value.L(joined);
        }
        if (value instanceof Value.SS ss) {
            Set<String> all = new LinkedHashSet<>(((Value.SS) existing).values());
            all.addAll(ss.values());
            return new Value.SS(all);
        }
        if (value instanceof Value.NS ns) {
            Set<java.math.BigDecimal> all = new LinkedHashSet<>(((Value.NS) existing).values());
            all.addAll(ns.values());
            return new Value.NS(all);
        }
        Set<Value.B> all = new LinkedHashSet<>(((Value.BS) existing).values());
        all.addAll(((Value.BS) value).values());
        return new Value.BS(all);
    }

    /** The set without the members, or null when none remain. */
    private static Value removed(Value existing, Value value) {
        if (existing.type() != value.type()) {
            throw new ExpressionException(TYPE_MISMATCH);
        }
        if (value instanceof Value.SS ss) {
            Set<String> rest = new LinkedHashSet<>(((Value.SS) existing).values());
            rest.removeAll(ss.values());
            return rest.isEmpty() ? null : new Value.SS(rest);
        }
        if (value instanceof Value.NS ns) {
            Set<java.math.BigDecimal> rest = new LinkedHashSet<>(((Value.NS) existing).values());
            rest.removeAll(ns.values());
            return rest.isEmpty() ? null : new Value.NS(rest);
        }
        Set<Value.B> rest = new LinkedHashSet<>(((Value.BS) existing).values());
        rest.removeAll(((Value.BS) value).values());
        return rest.isEmpty() ? null : new Value.BS(rest);
    }

    @Override
    public Map<String, Value> updatedAttributes(Map<String, Value> version) {
        Map<String, Value> out = new LinkedHashMap<>();
        for (String name : updates.keySet()) {
            Value v = version.get(name);
            if (v != null) {
                out.put(name, v);
            }
        }
        return out;
    }

    @Override
    public void checkKeyAttributes(Set<String> keyAttributes) {
        for (String key : keyAttributes) {
            if (updates.containsKey(key)) {
                throw new ExpressionException(LegacyConditions.INVALID + "Cannot update attribute " + key
                        + ". This attribute is part of the key");
            }
        }
    }

    @Override
    public Set<String> topLevelNames() {
        return updates.keySet();
    }

    @Override
    public boolean removesOnly() {
        if (updates.isEmpty()) {
            return false;
        }
        for (Legacy.AttributeUpdate update : updates.values()) {
            if (!action(update).equals("DELETE")) {
                return false;
            }
        }
        return true;
    }
}
