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

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.codec.Sizes;
import com.bigtimedeals.engine.core.Capacity;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.TransactReads;
import com.bigtimedeals.engine.core.TransactWrites;
import com.bigtimedeals.engine.expr.Condition;
import com.bigtimedeals.engine.expr.Update;
import com.bigtimedeals.engine.json.JsonTree;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.ItemSize;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;

/**
 * TransactWriteItems: up to 100 condition checks, puts, updates and deletes, decoded into a {@link Request} and run
 * all or nothing by the core's {@link TransactWrites}; a ClientRequestToken makes a repeat answer what the first call
 * answered (the core's {@link com.bigtimedeals.engine.core.Idempotency}).
 */
public final class TransactWriteItems extends TypedOperation<TransactWriteItems.Request, TransactWriteItems.Done> {
    static final int MAX_ACTIONS = 100;

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

    public TransactWriteItems(Context ctx) {
        super(ctx, SHAPE);
    }

    /** The request, decoded and checked as far as it can be without the tables' keys. */
    record Request(List<TransactWrites.Action> actions, String capacityMode, boolean collectionMetrics, String token,
                   String fingerprint) {
    }

    @Override
    Done run(Request r) {
        return run(ctx, r);
    }

    @Override
    void encode(JsonGenerator out, Request r, Done done) throws IOException {
        respond(out, r.capacityMode(), done.consumed(), done.kind(), done.metrics());
    }

    /** What a transaction answers: the units consumed per table, of which kind, and its ItemCollectionMetrics. */
    record Done(Map<String, Capacity> consumed, String kind, byte[] metrics) {
    }

    /**
     * Runs a decoded transaction; with a token, the request's {@code fingerprint} is what makes a repeat "the same
     * request" (see {@link #fingerprint}). PartiQL's ExecuteTransaction runs its writes here too.
     */
    static Done run(Context ctx, Request r) {
        TransactWrites.prepare(ctx, r.actions());
        if (r.token() == null) {
            return new Done(TransactWrites.run(ctx, r.actions()), "Write", collectionMetrics(r));
        }
        byte[] earlier = ctx.idempotency().claim(r.token(), r.fingerprint());
        if (earlier != null) {
            // A repeat writes nothing and answers what the first call answered (its ItemCollectionMetrics), but its
            // ConsumedCapacity is its own: API_TransactWriteItems, ClientRequestToken: "Subsequent TransactWriteItems
            // calls with the same client token return the number of read capacity units consumed in reading the
            // item", and none unless this call asks for it.
            return new Done(CapacityJson.wanted(r.capacityMode()) ? TransactWrites.replayCapacity(r.actions()) : Map.of(),
                    "Read", earlier.length == 0 ? null : earlier);
        }
        Map<String, Capacity> consumed;
        byte[] metrics;
        try {
            consumed = TransactWrites.run(ctx, r.actions());
            metrics = collectionMetrics(r);
        } catch (RuntimeException e) {
            ctx.idempotency().abandon(r.token());
            throw e;
        }
        ctx.idempotency().finish(r.token(), metrics == null ? new byte[0] : metrics);
        return new Done(consumed, "Write", metrics);
    }

    /** What makes two requests with one token "the same request": everything but the token. */
    static String fingerprint(Map<String, Object> req) {
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

    @Override
    Request decode(Map<String, Object> req) {
        List<Object> items = Req.list(req, "TransactItems");
        List<TransactWrites.Action> actions = new ArrayList<>();
        long total = 0;
        for (Object o : items) {
            Map<String, Object> entry = Req.asMap(o);
            if (entry.size() != 1) {
                throw ApiException.validation("TransactItems can only contain one of Check, Put, Update or Delete");
            }
            String kind = entry.keySet().iterator().next();
            Map<String, Object> raw = Req.map(entry, kind);
            Expressions ex = new Expressions("TransactWriteItems", raw);
            Map<String, Value> item = null;
            Map<String, Value> key = null;
            if (kind.equals("Put")) {
                item = ex.attributes(Req.map(raw, "Item"));
                if (Sizes.of(item) > ItemSize.MAX_ITEM_BYTES) {
                    throw ApiException.validation("Item size has exceeded the maximum allowed size");
                }
            } else {
                key = ex.attributes(Req.map(raw, "Key"));
            }
            Table found = ctx.catalog().get(Req.string(raw, "TableName"));
            Update update = kind.equals("Update")
                    ? UpdateItem.parseUpdate(ex, raw, found == null ? java.util.Set.of() : UpdateItem.keyAttributes(found)) : null;
            Condition condition = WriteConditions.parse(ex, raw);
            // Inside a transaction the service accepts names or values with no expression at all.
            if (Req.has(raw, "ConditionExpression") || Req.has(raw, "UpdateExpression")) {
                Expressions.requireAllUsed(ex, raw);
            }
            UpdateItem.checkKeys(ex, update, found);
            // What the action carries, as a Put's item counts whole: an Update's values are what it writes (12
            // Updates SETting 390 KB each are as large a request as 12 Puts of those items), and any action's condition
            // values, a Put's too, are carried as well.
            total += (item != null ? Sizes.of(item) : Sizes.of(key)) + ex.expressionValuesSize();
            actions.add(new TransactWrites.Action(kind(kind), Req.string(raw, "TableName"), key, item, condition, update,
                    "ALL_OLD".equals(Req.string(raw, "ReturnValuesOnConditionCheckFailure"))));
        }
        // The payload is what the actions carry (a Put's item; the key and ExpressionAttributeValues of an Update,
        // Delete or ConditionCheck), by the item size rules.
        checkPayload(total);
        return new Request(actions, Req.string(req, "ReturnConsumedCapacity"),
                "SIZE".equals(Req.string(req, "ReturnItemCollectionMetrics")), Req.string(req, "ClientRequestToken"),
                Req.has(req, "ClientRequestToken") ? fingerprint(req) : null);
    }

    /** The payload is what the actions carry, by the item size rules: at most 4 MB. */
    static void checkPayload(long total) {
        if (total > TransactReads.MAX_TRANSACTION_BYTES) {
            throw ApiException.validation("Transaction payload size cannot exceed 4MB. Payload Size: " + total);
        }
    }

    private static TransactWrites.Kind kind(String member) {
        return switch (member) {
            case "Put" -> TransactWrites.Kind.PUT;
            case "Delete" -> TransactWrites.Kind.DELETE;
            case "Update" -> TransactWrites.Kind.UPDATE;
            default -> TransactWrites.Kind.CONDITION_CHECK;
        };
    }

    /** The response: ConsumedCapacity when {@code mode} asks for it, then ItemCollectionMetrics when there are any. */
    static void respond(JsonGenerator out, String mode, Map<String, Capacity> consumed, String kind,
                                byte[] metrics) throws IOException {
        out.writeStartObject();
        CapacityJson.writeList(out, mode, consumed.values(), kind);
        if (metrics != null) {
            out.writeFieldName("ItemCollectionMetrics");
            out.writeRawValue(new String(metrics, StandardCharsets.UTF_8));
        }
        out.writeEndObject();
    }

    /**
     * ItemCollectionMetrics as JSON when the request asks for SIZE, or null: kept with the token, so that a repeat
     * answers what the first call answered.
     */
    private static byte[] collectionMetrics(Request r) {
        if (!r.collectionMetrics()) {
            return null;
        }
        ByteArrayBuilder buffer = new ByteArrayBuilder(256);
        try (JsonGenerator out = JsonTree.FACTORY.createGenerator(buffer)) {
            out.writeStartObject();
            Map<String, List<TransactWrites.Action>> byTable = new LinkedHashMap<>();
            for (TransactWrites.Action a : r.actions()) {
                if (a.kind() != TransactWrites.Kind.CONDITION_CHECK && !a.table().def().localIndexes().isEmpty()) {
                    byTable.computeIfAbsent(a.table().name(), t -> new ArrayList<>()).add(a);
                }
            }
            for (Map.Entry<String, List<TransactWrites.Action>> e : byTable.entrySet()) {
                out.writeArrayFieldStart(e.getKey());
                for (TransactWrites.Action a : e.getValue()) {
                    WriteConditions.writeCollectionMetrics(out, a.table(), a.key());
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
