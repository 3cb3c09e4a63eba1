package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.attributeMap;
import static com.bigtimedeals.engine.api.Shape.fieldStruct;
import static com.bigtimedeals.engine.api.Shape.list;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.stringMap;
import static com.bigtimedeals.engine.api.Shape.valueStruct;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.WritePath;
import com.bigtimedeals.engine.core.Capacity;
import com.bigtimedeals.engine.core.ItemKeys;
import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.codec.Sizes;
import com.bigtimedeals.engine.commit.Change;
import com.bigtimedeals.engine.commit.ItemLocks;
import com.bigtimedeals.engine.expr.Condition;
import com.bigtimedeals.engine.expr.ExpressionException;
import com.bigtimedeals.engine.expr.Update;
import com.bigtimedeals.engine.fault.Faults;
import com.bigtimedeals.engine.json.JsonTree;
import com.bigtimedeals.engine.table.PartitionThroughput;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;

/**
 * TransactWriteItems: up to 100 condition checks, puts, updates and deletes, all or nothing and serializable. The
 * items are locked in one global order; an item held by another transaction cancels this one with
 * TransactionConflict, as the service does. All changes are committed as one record.
 */
public final class TransactWriteItems implements Operation {
    static final int MAX_ACTIONS = 100;
    /**
     * The largest transaction payload: what the actions carry (a Put's item; the key and ExpressionAttributeValues of
     * an Update, Delete or ConditionCheck), by the item size rules.
     */
    static final long MAX_TRANSACTION_BYTES = 4L * 1024 * 1024;

    private static Shape action(String type, boolean item, boolean condition, boolean update) {
        Shape s = fieldStruct(type);
        s.field(item ? "Item" : "Key", attributeMap().notNull());
        s.field("TableName", Shape.tableNameMember());
        if (update) {
            s.field("UpdateExpression", string().notNull());
        }
        s.field("ConditionExpression", condition ? string().notNull() : string());
        s.field("ExpressionAttributeNames", stringMap());
        s.field("ExpressionAttributeValues", attributeMap());
        s.field("ReturnValuesOnConditionCheckFailure", ItemShapes.returnValuesOnConditionCheckFailure());
        return s;
    }

    private static final Shape SHAPE = Shape.request()
            .field("TransactItems", list(valueStruct("TransactWriteItem")
                    .field("ConditionCheck", action("ConditionCheck", false, true, false))
                    .field("Put", action("Put", true, false, false))
                    .field("Delete", action("Delete", false, false, false))
                    .field("Update", action("Update", false, false, true))).notNull().length(1, MAX_ACTIONS))
            .field("ReturnConsumedCapacity", ItemShapes.returnConsumedCapacity())
            .field("ReturnItemCollectionMetrics", ItemShapes.returnItemCollectionMetrics())
            .field("ClientRequestToken", string().length(1, 36));

    private final Context ctx;

    public TransactWriteItems(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Shape shape() {
        return SHAPE;
    }

    /** One action, parsed and checked. */
    private static final class Action {
        String kind;
        Map<String, Object> raw;
        Table table;
        Map<String, Value> key;
        Map<String, Value> item;
        Condition condition;
        Update update;
        byte[] keyBytes;
        ItemLocks.ItemId id;
        Map<String, Value> before;
        byte[] beforeBytes;
        Map<String, Value> after;
        /** Why the service cancels this action before reading its item (the key or item does not fit the schema). */
        String invalid;
        /** What the action carries toward the transaction's 4 MB. */
        long payload;
    }

    @Override
    public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
        List<Object> items = Req.list(req, "TransactItems");
        if (items.size() > MAX_ACTIONS) {
            throw ApiException.validation("1 validation error detected: Value at 'TransactItems' failed to satisfy constraint: Member must have length less than or equal to 100");
        }
        List<Action> actions = parse(items);
        String mode = Req.string(req, "ReturnConsumedCapacity");
        String token = Req.string(req, "ClientRequestToken");
        if (token == null) {
            Result result = run(actions, req);
            respond(out, mode, result.consumed(), "Write", result.metrics());
            return;
        }
        byte[] earlier = ctx.idempotency().claim(token, fingerprint(req));
        if (earlier != null) {
            // A repeat writes nothing and answers what the first call answered (its ItemCollectionMetrics), but its
            // ConsumedCapacity is its own: API_TransactWriteItems, ClientRequestToken: "Subsequent TransactWriteItems
            // calls with the same client token return the number of read capacity units consumed in reading the
            // item", and none unless this call asks for it.
            respond(out, mode, CapacityJson.wanted(mode) ? replayCapacity(actions) : Map.of(), "Read",
                    earlier.length == 0 ? null : earlier);
            return;
        }
        Result result;
        try {
            result = run(actions, req);
        } catch (RuntimeException e) {
            ctx.idempotency().abandon(token);
            throw e;
        }
        ctx.idempotency().finish(token, result.metrics() == null ? new byte[0] : result.metrics());
        respond(out, mode, result.consumed(), "Write", result.metrics());
    }

    /** What a transaction that ran consumed per table, and its ItemCollectionMetrics (JSON) when asked for. */
    private record Result(Map<String, Capacity> consumed, byte[] metrics) {
    }

    /**
     * What a repeated call consumed: reading the transaction's items, as strongly consistent reads of what they are
     * now (4 KB units, one at least, an absent item too), per table. The API reference gives the kind of units, not
     * how they are counted; this is the engine's reading of it.
     */
    private static Map<String, Capacity> replayCapacity(List<Action> actions) {
        Map<String, Capacity> consumed = new LinkedHashMap<>();
        for (Action a : actions) {
            byte[] stored = a.keyBytes == null ? null : a.table.items.get(a.keyBytes);
            consumed.computeIfAbsent(a.table.name(), Capacity::new)
                    .addTable(Capacity.read(stored == null ? 0 : ItemCodec.size(stored), true));
        }
        return consumed;
    }

    /** What makes two requests with one token "the same request": everything but the token. */
    private static String fingerprint(Map<String, Object> req) {
        Map<String, Object> copy = new LinkedHashMap<>(req);
        copy.remove("ClientRequestToken");
        copy.remove("ReturnConsumedCapacity");
        return deep(copy);
    }

    private static String deep(Object o) {
        if (o instanceof byte[] b) {
            return Arrays.toString(b);
        }
        if (o instanceof Map<?, ?> m) {
            StringBuilder sb = new StringBuilder("{");
            for (Map.Entry<?, ?> e : m.entrySet()) {
                sb.append(e.getKey()).append('=').append(deep(e.getValue())).append(',');
            }
            return sb.append('}').toString();
        }
        if (o instanceof List<?> l) {
            StringBuilder sb = new StringBuilder("[");
            for (Object x : l) {
                sb.append(deep(x)).append(',');
            }
            return sb.append(']').toString();
        }
        return String.valueOf(o);
    }

    private List<Action> parse(List<Object> items) {
        List<Action> actions = new ArrayList<>();
        for (Object o : items) {
            Map<String, Object> entry = Req.asMap(o);
            if (entry.size() != 1) {
                throw ApiException.validation("TransactItems can only contain one of Check, Put, Update or Delete");
            }
            Action a = new Action();
            a.kind = entry.keySet().iterator().next();
            a.raw = Req.map(entry, a.kind);
            Expressions ex = new Expressions("TransactWriteItems", a.raw);
            if (a.kind.equals("Put")) {
                a.item = ex.attributes(Req.map(a.raw, "Item"));
                if (Sizes.of(a.item) > PutItem.MAX_ITEM_BYTES) {
                    throw ApiException.validation("Item size has exceeded the maximum allowed size");
                }
            } else {
                a.key = ex.attributes(Req.map(a.raw, "Key"));
            }
            Table found = ctx.catalog().get(Req.string(a.raw, "TableName"));
            if (a.kind.equals("Update")) {
                a.update = UpdateItem.parseUpdate(ex, a.raw, found == null ? java.util.Set.of() : UpdateItem.keyAttributes(found));
            }
            a.condition = WriteConditions.parse(ex, a.raw);
            // Inside a transaction the service accepts names or values with no expression at all.
            if (Req.has(a.raw, "ConditionExpression") || Req.has(a.raw, "UpdateExpression")) {
                Expressions.requireAllUsed(ex, a.raw);
            }
            UpdateItem.checkKeys(ex, a.update, found);
            // What the action carries, as a Put's item counts whole: an Update's values are what it writes (12
            // Updates SETting 390 KB each are as large a request as 12 Puts of those items), and any action's condition
            // values, a Put's too, are carried as well.
            a.payload = (a.item != null ? Sizes.of(a.item) : Sizes.of(a.key)) + ex.expressionValuesSize();
            actions.add(a);
        }
        long total = 0;
        for (Action a : actions) {
            total += a.payload;
        }
        if (total > MAX_TRANSACTION_BYTES) {
            throw ApiException.validation("Transaction payload size cannot exceed 4MB. Payload Size: " + total);
        }
        java.util.Set<List<Object>> seen = new java.util.HashSet<>();
        for (Action a : actions) {
            a.table = ctx.catalog().require(Req.string(a.raw, "TableName"));
        }
        for (Action a : actions) {
            // A key or item that does not fit the schema cancels its action (reason ValidationError); empty or
            // oversized key values are refused for the whole request, as the service does.
            try {
                if (a.item != null) {
                    ItemKeys.checkItem(a.table, a.item);
                    a.key = ItemKeys.keyOf(a.table.key(), a.item);
                } else {
                    ItemKeys.checkKey(a.table, a.key);
                }
            } catch (ApiException e) {
                if (!ItemKeys.cancelsTransactionAction(e)) {
                    throw e;
                }
                a.invalid = e.getMessage();
            }
        }
        for (Action a : actions) {
            if (a.invalid != null) {
                continue;
            }
            a.keyBytes = a.table.key(a.key);
            a.id = new ItemLocks.ItemId(a.table.id, a.keyBytes);
            if (!seen.add(List.of(a.table.id, java.nio.ByteBuffer.wrap(a.keyBytes)))) {
                throw ApiException.validation("Transaction request cannot include multiple operations on one item");
            }
        }
        return actions;
    }

    private Result run(List<Action> actions, Map<String, Object> req) {
        int n = actions.size();
        if (ctx.faults().fires(Faults.Kind.CONFLICT, "TransactWriteItems", actions.get(0).table.name())) {
            throw TransactionCanceled.at(n, 0, TransactionCanceled.conflict());
        }
        List<Action> order = new ArrayList<>();
        for (Action a : actions) {
            if (a.id != null) {
                order.add(a);
            }
        }
        order.sort((x, y) -> x.id.compareTo(y.id));
        List<Action> locked = new ArrayList<>();
        try {
            for (Action a : order) {
                if (!ctx.locks().lockForTransaction(a.id)) {
                    throw TransactionCanceled.at(n, actions.indexOf(a), TransactionCanceled.conflict());
                }
                locked.add(a);
            }
            List<TransactionCanceled.Reason> reasons = new ArrayList<>();
            boolean failed = false;
            ApiException hoisted = null;
            for (Action a : actions) {
                TransactionCanceled.Reason r;
                if (a.invalid != null) {
                    r = new TransactionCanceled.Reason("ValidationError", a.invalid, null);
                } else {
                    try {
                        r = decide(a);
                    } catch (ApiException refused) {
                        hoisted = hoisted == null ? refused : hoisted;
                        r = TransactionCanceled.Reason.NONE;
                    }
                }
                failed |= r != TransactionCanceled.Reason.NONE;
                reasons.add(r);
            }
            if (hoisted != null) {
                throw hoisted;
            }
            if (failed) {
                throw new TransactionCanceled(reasons);
            }
            Map<String, Capacity> consumed = new LinkedHashMap<>();
            List<Change> changes = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Action a = actions.get(i);
                long oldSize = a.beforeBytes == null ? 0 : ItemCodec.size(a.beforeBytes);
                Capacity c = consumed.computeIfAbsent(a.table.name(), Capacity::new);
                if (a.kind.equals("ConditionCheck")) {
                    c.addTable(2 * Capacity.write(oldSize));
                    continue;
                }
                long newSize = a.after == null ? 0 : Sizes.of(a.after);
                Capacity one = WritePath.capacity(a.table, a.before, oldSize, a.after, newSize);
                one.scale(2);
                try {
                    if (ctx.throughput().enabledFor(a.table)) {
                        ctx.throughput().take(a.table, true, WritePath.draws(a.table, a.key, a.before, oldSize, a.after, newSize, 2));
                    }
                } catch (ApiException throttled) {
                    boolean onDemand = a.table.def().payPerRequest();
                    throw TransactionCanceled.at(n, i, new TransactionCanceled.Reason(
                            onDemand ? "ThrottlingError" : "ProvisionedThroughputExceeded",
                            onDemand ? "Throughput exceeds the current capacity of your table or index. DynamoDB is automatically scaling your table or index so please try again shortly."
                                    : PartitionThroughput.exceeded(a.table).getMessage(), null));
                }
                c.add(one);
                boolean same = a.before == null ? a.after == null : a.before.equals(a.after);
                if (!same) {
                    changes.add(new Change(a.table, a.keyBytes, a.before, a.beforeBytes, a.after,
                            a.after == null ? null : ItemCodec.encode(a.after, newSize), false));
                }
            }
            if (!changes.isEmpty()) {
                ctx.committer().commit(changes);
            }
            return new Result(consumed, collectionMetrics(req, actions));
        } finally {
            for (Action a : locked) {
                ctx.locks().unlock(a.id);
            }
        }
    }

    /** Reads the action's item (its lock is held), checks its condition and works out what it becomes. */
    private TransactionCanceled.Reason decide(Action a) {
        a.beforeBytes = a.table.items.get(a.keyBytes);
        a.before = a.beforeBytes == null ? null : ItemCodec.decode(a.beforeBytes);
        try {
            WriteConditions.check(a.condition, a.before, Req.string(a.raw, "ReturnValuesOnConditionCheckFailure"));
        } catch (ConditionalCheckFailed failed) {
            Map<String, Value> item = "ALL_OLD".equals(Req.string(a.raw, "ReturnValuesOnConditionCheckFailure")) ? a.before : null;
            return new TransactionCanceled.Reason("ConditionalCheckFailed", "The conditional request failed", item);
        }
        try {
            switch (a.kind) {
                case "Put":
                    a.after = a.item;
                    break;
                case "Delete":
                    a.after = null;
                    break;
                case "Update":
                    a.after = UpdateItem.apply(a.table, a.update, a.before, a.key);
                    break;
                default:
                    a.after = a.before;
                    break;
            }
        } catch (ApiException invalid) {
            if (!ItemKeys.cancelsTransactionAction(invalid) && invalid.getMessage().startsWith(ItemKeys.NOT_VALID)) {
                // An empty index key value set by an update is refused for the whole request.
                throw invalid;
            }
            return new TransactionCanceled.Reason("ValidationError", invalid.getMessage(), null);
        } catch (ExpressionException invalid) {
            return new TransactionCanceled.Reason("ValidationError", invalid.getMessage(), null);
        }
        return TransactionCanceled.Reason.NONE;
    }

    /** The response: ConsumedCapacity when {@code mode} asks for it, then ItemCollectionMetrics when there are any. */
    private static void respond(JsonGenerator out, String mode, Map<String, Capacity> consumed, String kind,
                                byte[] metrics) throws IOException {
        out.writeStartObject();
        if (CapacityJson.wanted(mode)) {
            out.writeArrayFieldStart("ConsumedCapacity");
            for (Capacity c : consumed.values()) {
                CapacityJson.write(out, c, mode, kind);
            }
            out.writeEndArray();
        }
        if (metrics != null) {
            out.writeFieldName("ItemCollectionMetrics");
            out.writeRawValue(new String(metrics, StandardCharsets.UTF_8));
        }
        out.writeEndObject();
    }

    /** ItemCollectionMetrics as JSON when the request asks for SIZE (read while the items are still locked), or null. */
    private static byte[] collectionMetrics(Map<String, Object> req, List<Action> actions) {
        if (!"SIZE".equals(Req.string(req, "ReturnItemCollectionMetrics"))) {
            return null;
        }
        ByteArrayBuilder buffer = new ByteArrayBuilder(256);
        try (JsonGenerator out = JsonTree.FACTORY.createGenerator(buffer)) {
            out.writeStartObject();
            Map<String, List<Action>> byTable = new LinkedHashMap<>();
            for (Action a : actions) {
                if (!a.kind.equals("ConditionCheck") && !a.table.def().localIndexes().isEmpty()) {
                    byTable.computeIfAbsent(a.table.name(), t -> new ArrayList<>()).add(a);
                }
            }
            for (Map.Entry<String, List<Action>> e : byTable.entrySet()) {
                out.writeArrayFieldStart(e.getKey());
                for (Action a : e.getValue()) {
                    WriteConditions.writeCollectionMetrics(out, a.table, a.key);
                }
                out.writeEndArray();
            }
            out.writeEndObject();
        } catch (IOException e) {
            throw new IllegalStateException("in-memory JSON failed", e);
        }
        return buffer.toByteArray();
    }
}
