package com.bigtimedeals.engine.expr;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.value.Value;

/**
 * A checked update expression: its actions, applied the way the service applies them. Every SET value is computed
 * from the item as it was before the update; then the actions run in the order written, each reading list indexes
 * as they were before the update (so {@code REMOVE l[1], l[2]} removes the second and third elements, and a SET
 * beyond a list's end appends, several in index order).
 */
final class UpdateActions implements Update {
    static final String INVALID_PATH = "The document path provided in the update expression is invalid for update";

    sealed interface Action permits SetAction, RemoveAction, AddAction, DeleteAction {
        DocumentPath target();
    }

    record SetAction(DocumentPath target, UpdateValues.ValueExpr value) implements Action {
    }

    record RemoveAction(DocumentPath target) implements Action {
    }

    record AddAction(DocumentPath target, Value operand) implements Action {
    }

    record DeleteAction(DocumentPath target, Value operand) implements Action {
    }

    private final List<Action> actions;
    private final List<DocumentPath> targets = new ArrayList<>();

    private final Set<String> nestedTopLevelNames;

    UpdateActions(List<Action> actions, Set<String> nestedTopLevelNames) {
        this.actions = List.copyOf(actions);
        this.nestedTopLevelNames = Set.copyOf(nestedTopLevelNames);
        for (Action action : actions) {
            targets.add(action.target());
        }
    }

    @Override
    public Map<String, Value> apply(Map<String, Value> item) {
        return apply(item, item.isEmpty());
    }

    @Override
    public Map<String, Value> applyToMissing(Map<String, Value> key) {
        return apply(key, true);
    }

    private Map<String, Value> apply(Map<String, Value> item, boolean missing) {
        List<Value> newValues = new ArrayList<>(actions.size());
        for (Action action : actions) {
            newValues.add(action instanceof SetAction set ? set.value().evaluate(item) : null);
        }
        Document document = new Document(item);
        // A missing item has nothing to remove from: the service ignores REMOVE and DELETE there, even on paths
        // that would be invalid on an item that exists.
        for (int i = 0; i < actions.size(); i++) {
            Action action = actions.get(i);
            if (action instanceof SetAction) {
                document.set(action.target(), newValues.get(i));
            } else if (action instanceof RemoveAction) {
                if (!missing) {
                    document.remove(action.target());
                }
            } else if (action instanceof AddAction add) {
                document.set(add.target(), added(document.get(add.target()), add.operand()));
            } else if (!missing) {
                DeleteAction delete = (DeleteAction) action;
                Value existing = document.get(delete.target());
                if (existing != null) {
                    Value remaining = deleted(existing, delete.operand());
                    if (remaining == null) {
                        document.remove(delete.target());
                    } else {
                        document.set(delete.target(), remaining);
                    }
                }
            }
        }
        return document.toItem();
    }

    /** ADD: a number is added to, a set gains the members; a missing attribute starts from the operand. */
    private static Value added(Value existing, Value operand) {
        if (existing == null) {
            return operand;
        }
        if (existing instanceof Value.N n && operand instanceof Value.N m) {
            return UpdateValues.add(n.value(), m.value());
        }
        if (existing instanceof Value.SS a && operand instanceof Value.SS b) {
            return new Value.SS(union(a.values(), b.values()));
        }
        if (existing instanceof Value.NS a && operand instanceof Value.NS b) {
            return new Value.NS(union(a.values(), b.values()));
        }
        if (existing instanceof Value.BS a && operand instanceof Value.BS b) {
            return new Value.BS(union(a.values(), b.values()));
        }
        throw new ExpressionException(UpdateValues.WRONG_TYPE);
    }

    /** DELETE: the set without the members; null when none remain, since a set may not be empty. */
    private static Value deleted(Value existing, Value operand) {
        if (existing instanceof Value.SS a && operand instanceof Value.SS b) {
            Set<String> r = difference(a.values(), b.values());
            return r.isEmpty() ? null : new Value.SS(r);
        }
        if (existing instanceof Value.NS a && operand instanceof Value.NS b) {
            Set<BigDecimal> r = difference(a.values(), b.values());
            return r.isEmpty() ? null : new Value.NS(r);
        }
        if (existing instanceof Value.BS a && operand instanceof Value.BS b) {
            Set<Value.B> r = difference(a.values(), b.values());
            return r.isEmpty() ? null : new Value.BS(r);
        }
        throw new ExpressionException(UpdateValues.WRONG_TYPE);
    }

    private static <T> Set<T> union(Set<T> a, Set<T> b) {
        Set<T> all = new LinkedHashSet<>(a);
        all.addAll(b);
        return all;
    }

    private static <T> Set<T> difference(Set<T> a, Set<T> b) {
        Set<T> rest = new LinkedHashSet<>(a);
        rest.removeAll(b);
        return rest;
    }

    @Override
    public Map<String, Value> updatedAttributes(Map<String, Value> version) {
        return PathProjection.project(targets, version);
    }

    @Override
    public void checkKeyAttributes(Set<String> keyAttributes) {
        for (String key : keyAttributes) {
            for (DocumentPath target : targets) {
                if (key.equals(target.steps().get(0))) {
                    throw new ExpressionException("One or more parameter values were invalid: Cannot update attribute "
                            + key + ". This attribute is part of the key");
                }
            }
        }
    }

    @Override
    public boolean removesOnly() {
        for (Action action : actions) {
            if (!(action instanceof RemoveAction || action instanceof DeleteAction)) {
                return false;
            }
        }
        return !actions.isEmpty();
    }

    @Override
    public Set<String> nestedTopLevelNames() {
        return nestedTopLevelNames;
    }

    @Override
    public Set<String> topLevelNames() {
        Set<String> names = new LinkedHashSet<>();
        for (DocumentPath target : targets) {
            names.add(target.head());
        }
        return names;
    }
}
