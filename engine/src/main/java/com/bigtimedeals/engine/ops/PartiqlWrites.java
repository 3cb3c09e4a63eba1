package com.bigtimedeals.engine.ops;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.AttributeValues;
import com.bigtimedeals.engine.api.ConditionalCheckFailed;
import com.bigtimedeals.engine.codec.Sizes;
import com.bigtimedeals.engine.core.Capacity;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.ItemKeys;
import com.bigtimedeals.engine.core.ItemWrites;
import com.bigtimedeals.engine.core.TransactWrites;
import com.bigtimedeals.engine.core.WritePath;
import com.bigtimedeals.engine.expr.Condition;
import com.bigtimedeals.engine.expr.ExpressionContext;
import com.bigtimedeals.engine.expr.ExpressionException;
import com.bigtimedeals.engine.expr.KeySchema;
import com.bigtimedeals.engine.expr.Update;
import com.bigtimedeals.engine.partiql.Ast;
import com.bigtimedeals.engine.partiql.ExpressionTrees;
import com.bigtimedeals.engine.expr.Syntax;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.ItemSize;
import com.bigtimedeals.engine.value.Value;

/**
 * PartiQL INSERT, UPDATE, DELETE and EXISTS as the item actions they are (Developer Guide, "PartiQL for
 * DynamoDB"): an INSERT is a put that fails if the key exists; an UPDATE changes an existing item only; a DELETE of
 * a missing item succeeds, of an item its WHERE clause does not match fails; EXISTS checks a condition in a
 * transaction. Each WHERE clause must name the whole primary key with equalities; the rest of it is a condition.
 * A statement is planned into a typed {@link Action}, checked as PutItem, UpdateItem and DeleteItem check theirs,
 * and run by the core ({@link #write}) or inside a transaction ({@link Action#transactional}).
 */
final class PartiqlWrites {
    private final Context ctx;

    PartiqlWrites(Context ctx) {
        this.ctx = ctx;
    }

    /**
     * One item action, checked: its kind, table, key (a put's from its item), the item a put writes, the condition
     * and update, what RETURNING asks for (an UPDATE's ReturnValues; ALL_OLD for a DELETE), and the bytes of the
     * values its expressions carry (a transaction's payload counts them).
     */
    record Action(TransactWrites.Kind kind, Table table, Map<String, Value> key, Map<String, Value> item, Condition condition,
                  Update update, String returnValues, long valuesSize) {
        /** The action inside a TransactWriteItems. */
        TransactWrites.Action transactional(boolean returnOldOnFailure) {
            return new TransactWrites.Action(kind, table.name(), kind == TransactWrites.Kind.PUT ? null : key, item, condition,
                    update, returnOldOnFailure);
        }
    }

    /** What a write answers: the attributes RETURNING asked for (null or empty when none) and what it consumed. */
    record Written(Map<String, Value> attributes, Capacity capacity) {
    }

    /** The item a WHERE clause names by its whole primary key, and what else the clause asks of it. */
    record Target(Table table, Map<String, Value> key, List<Ast.Node> rest) {
    }

    static List<Ast.Node> conjuncts(Ast.Node where) {
        if (where == null) {
            return List.of();
        }
        return where instanceof Ast.And and ? and.parts() : List.of(where);
    }

    /** The attribute and value of a {@code name = value} clause (either way round); null for any other clause. */
    static Map.Entry<String, Ast.Node> equality(Ast.Node n) {
        if (!(n instanceof Ast.Compare c) || !c.op().equals("=")) {
            return null;
        }
        if (c.left() instanceof Ast.Path p && p.isAttribute() && isValue(c.right())) {
            return Map.entry(p.first(), c.right());
        }
        if (c.right() instanceof Ast.Path p && p.isAttribute() && isValue(c.left())) {
            return Map.entry(p.first(), c.left());
        }
        return null;
    }

    static boolean isValue(Ast.Node n) {
        return n instanceof Ast.Literal || n instanceof Ast.Param;
    }

    static void checkKeyType(KeySchema schema, String attribute, Value v) {
        Value.Type expected = attribute.equals(schema.partitionKey()) ? schema.partitionType() : schema.sortType();
        if (v.type() != expected) {
            throw ApiException.validation("Key attribute's data type should match its data type in table's schema: Key " + attribute);
        }
    }

    /** Null when the clause does not name the whole key (the caller words that refusal). */
    Target target(String tableName, Ast.Node where, ExpressionTrees text) {
        Table table = ctx.catalog().require(tableName);
        KeySchema schema = table.key();
        Map<String, Value> key = new LinkedHashMap<>();
        List<Ast.Node> rest = new ArrayList<>();
        for (Ast.Node c : conjuncts(where)) {
            Map.Entry<String, Ast.Node> eq = equality(c);
            if (eq != null && (eq.getKey().equals(schema.partitionKey()) || eq.getKey().equals(schema.sortKey()))
                    && !key.containsKey(eq.getKey())) {
                Value v = text.evaluate(eq.getValue(), "root");
                checkKeyType(schema, eq.getKey(), v);
                key.put(eq.getKey(), v);
            } else {
                rest.add(c);
            }
        }
        if (!key.containsKey(schema.partitionKey()) || (schema.sortKey() != null && !key.containsKey(schema.sortKey()))) {
            return null;
        }
        return new Target(table, key, rest);
    }

    Target requireTarget(String tableName, Ast.Node where, ExpressionTrees text) {
        Target t = target(tableName, where, text);
        if (t == null) {
            throw ApiException.validation("Where clause does not contain a mandatory equality on all key attributes");
        }
        return t;
    }

    Action plan(Ast.Statement s, List<Value> params) {
        ExpressionTrees text = new ExpressionTrees(params);
        if (s instanceof Ast.Insert insert) {
            return insert(insert, text);
        }
        if (s instanceof Ast.Update update) {
            return update(update, text);
        }
        if (s instanceof Ast.Delete delete) {
            Target t = requireTarget(delete.table(), delete.where(), text);
            Syntax.Cond rest = text.all(t.rest());
            // A missing item is deleted "with 0 items deleted"; an item the clause does not match is a failed condition.
            Syntax.Cond condition = rest == null ? null : ExpressionTrees.or(text.exists(t.table().key().partitionKey(), false), rest);
            return action(TransactWrites.Kind.DELETE, t.table(), t.key(), null, text, condition, null, delete.returnOld() ? "ALL_OLD" : null);
        }
        Ast.Exists exists = (Ast.Exists) s;
        Target t = requireTarget(exists.table(), exists.select().where(), text);
        Syntax.Cond condition = ExpressionTrees.and(text.exists(t.table().key().partitionKey(), true), text.all(t.rest()));
        return action(TransactWrites.Kind.CONDITION_CHECK, t.table(), t.key(), null, text, condition, null, null);
    }

    private Action insert(Ast.Insert insert, ExpressionTrees text) {
        Value value = text.evaluate(insert.item(), "root");
        if (!(value instanceof Value.M m)) {
            throw ApiException.validation("Unsupported data type: the value of an INSERT must be a tuple");
        }
        Table table = ctx.catalog().require(insert.table());
        KeySchema schema = table.key();
        Map<String, Value> item = m.values();
        // The item is held to PutItem's rules for an item, in its order: names and nesting, then its size.
        try {
            AttributeValues.checkItem(item);
        } catch (AttributeValues.Invalid e) {
            throw ApiException.validation(e.getMessage());
        }
        if (Sizes.of(item) > ItemSize.MAX_ITEM_BYTES) {
            throw ApiException.validation("Item size has exceeded the maximum allowed size");
        }
        Map<String, Value> key = new LinkedHashMap<>();
        for (String k : schema.sortKey() == null ? List.of(schema.partitionKey()) : List.of(schema.partitionKey(), schema.sortKey())) {
            // A missing key attribute is left to PutItem's own check and message, as the service's INSERT is a put.
            if (item.containsKey(k)) {
                key.put(k, item.get(k));
            }
        }
        return action(TransactWrites.Kind.PUT, table, key, item, text, text.exists(schema.partitionKey(), false), null, null);
    }

    private Action update(Ast.Update update, ExpressionTrees text) {
        Target t = requireTarget(update.table(), update.where(), text);
        // The attributes an UPDATE names are held to PutItem's rule for names, in its words (not in those of the
        // ExpressionAttributeNames the statement is mapped onto).
        for (Ast.SetAction a : update.sets()) {
            checkName(a.path());
        }
        for (Ast.Path p : update.removes()) {
            checkName(p);
        }
        List<Syntax.Clause> clauses = text.update(update);
        // An UPDATE changes an existing item only: where none matches, the condition fails.
        Syntax.Cond condition = ExpressionTrees.and(text.exists(t.table().key().partitionKey(), true), text.all(t.rest()));
        return action(TransactWrites.Kind.UPDATE, t.table(), t.key(), null, text, condition, clauses, update.returning());
    }

    /**
     * The action with its expressions checked, as UpdateItem checks its own: the update, then the condition, then
     * whether the update touches a key attribute (the service's last check of the request).
     */
    private static Action action(TransactWrites.Kind kind, Table table, Map<String, Value> key, Map<String, Value> item,
                                 ExpressionTrees text, Syntax.Cond conditionTree, List<Syntax.Clause> clauses, String returnValues) {
        ExpressionContext expressions = new ExpressionContext(text.names().isEmpty() ? null : text.names(),
                text.values().isEmpty() ? null : text.values());
        try {
            Update update = clauses == null ? null : expressions.update(clauses, text.depth());
            Condition condition = conditionTree == null ? Condition.ALWAYS
                    : expressions.condition(ExpressionContext.Kind.ConditionExpression, conditionTree, text.depth());
            if (update != null) {
                update.checkKeyAttributes(UpdateItem.keyAttributes(table));
            }
            long valuesSize = 0;
            for (Value v : text.values().values()) {
                valuesSize += ItemSize.of(v);
            }
            return new Action(kind, table, key, item, condition, update, returnValues, valuesSize);
        } catch (ExpressionException e) {
            throw ApiException.validation(e.getMessage());
        }
    }

    /**
     * Runs one write as its item operation would, with its checks that need the table: no path into a key attribute,
     * then the key (a put's item) against the schema. An EXISTS runs only inside a transaction.
     */
    Written write(Action a, boolean returnOldOnFailure) {
        if (a.kind() == TransactWrites.Kind.CONDITION_CHECK) {
            throw ApiException.validation("EXISTS is supported only within ExecuteTransaction");
        }
        KeyAccess.check(a.table(), a.update() == null ? null : a.update().nestedTopLevelNames(), a.condition().nestedTopLevelNames());
        WritePath.Outcome o;
        try {
            switch (a.kind()) {
                case PUT -> {
                    ItemKeys.checkItem(a.table(), a.item());
                    o = ItemWrites.put(ctx, a.table(), a.item(), a.condition(), returnOldOnFailure);
                }
                case UPDATE -> {
                    ItemKeys.checkKey(a.table(), a.key());
                    o = ItemWrites.update(ctx, a.table(), a.key(), a.update(), a.condition(), returnOldOnFailure);
                    return new Written(UpdateItem.returned(a.returnValues(), a.update(), o), o.capacity());
                }
                default -> {
                    ItemKeys.checkKey(a.table(), a.key());
                    o = ItemWrites.delete(ctx, a.table(), a.key(), a.condition(), returnOldOnFailure);
                }
            }
        } catch (ConditionalCheckFailed e) {
            if (a.kind() == TransactWrites.Kind.PUT) {
                throw duplicate();
            }
            throw e;
        }
        return new Written("ALL_OLD".equals(a.returnValues()) ? o.before() : null, o.capacity());
    }

    static ApiException duplicate() {
        return new ApiException(ApiException.DYNAMODB + "DuplicateItemException", "Duplicate primary key exists in table");
    }

    private static void checkName(Ast.Path path) {
        try {
            AttributeValues.checkName(path.first());
        } catch (AttributeValues.Invalid e) {
            throw ApiException.validation(e.getMessage());
        }
    }

}
