package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.attributeMap;
import static com.bigtimedeals.engine.api.Shape.fieldStruct;
import static com.bigtimedeals.engine.api.Shape.list;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.stringMap;
import static com.bigtimedeals.engine.api.Shape.valueStruct;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.Capacity;
import com.bigtimedeals.engine.core.ItemKeys;
import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.commit.ItemLocks;
import com.bigtimedeals.engine.expr.Projection;
import com.bigtimedeals.engine.fault.Faults;
import com.bigtimedeals.engine.json.ValueJson;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * TransactGetItems: up to 100 items read at one point in time, 4 MB of them at most. Each item is locked while all are
 * read; an item some write holds at that moment cancels the read with TransactionConflict, as the service does.
 */
public final class TransactGetItems implements Operation {
    private static final Shape SHAPE = Shape.request()
            .field("TransactItems", list(valueStruct("TransactGetItem")
                    .field("Get", fieldStruct("Get")
                            .field("Key", attributeMap().notNull())
                            .field("TableName", Shape.tableNameMember())
                            .field("ProjectionExpression", string())
                            .field("ExpressionAttributeNames", stringMap()).notNull())).notNull().length(1, TransactWriteItems.MAX_ACTIONS))
            .field("ReturnConsumedCapacity", ItemShapes.returnConsumedCapacity());

    private final Context ctx;

    public TransactGetItems(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Shape shape() {
        return SHAPE;
    }

    private record Get(Table table, Map<String, Value> key, Projection projection, ItemLocks.ItemId id) {
    }

    @Override
    public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
        List<Object> items = Req.list(req, "TransactItems");
        if (items.size() > TransactWriteItems.MAX_ACTIONS) {
            throw ApiException.validation("1 validation error detected: Value at 'TransactItems' failed to satisfy constraint: Member must have length less than or equal to 100");
        }
        List<Map<String, Object>> raws = new ArrayList<>();
        List<Projection> projections = new ArrayList<>();
        List<Map<String, Value>> keys = new ArrayList<>();
        for (Object o : items) {
            Map<String, Object> raw = Req.map(Req.asMap(o), "Get");
            Expressions ex = new Expressions("TransactGetItems", raw);
            keys.add(ex.attributes(Req.map(raw, "Key")));
            projections.add(Projections.parse(ex, raw));
            if (Req.has(raw, "ProjectionExpression")) {
                Expressions.requireAllUsed(ex, raw);
            }
            raws.add(raw);
        }
        List<Get> gets = new ArrayList<>();
        java.util.Set<List<Object>> seen = new java.util.HashSet<>();
        List<Table> tables = new ArrayList<>();
        for (Map<String, Object> raw : raws) {
            tables.add(ctx.catalog().require(Req.string(raw, "TableName")));
        }
        // A key that does not match the schema cancels its read (reason ValidationError); empty or oversized key
        // values are refused for the whole request.
        String[] invalid = new String[raws.size()];
        for (int i = 0; i < raws.size(); i++) {
            try {
                ItemKeys.checkKey(tables.get(i), keys.get(i));
            } catch (ApiException e) {
                if (!ItemKeys.cancelsTransactionAction(e)) {
                    throw e;
                }
                invalid[i] = e.getMessage();
            }
        }
        boolean anyInvalid = false;
        for (int i = 0; i < raws.size(); i++) {
            if (invalid[i] != null) {
                anyInvalid = true;
                gets.add(new Get(tables.get(i), keys.get(i), projections.get(i), null));
                continue;
            }
            Table table = tables.get(i);
            byte[] key = table.key(keys.get(i));
            if (!seen.add(List.of(table.id, java.nio.ByteBuffer.wrap(key)))) {
                throw ApiException.validation("Transaction request cannot include multiple operations on one item");
            }
            gets.add(new Get(table, keys.get(i), projections.get(i), new ItemLocks.ItemId(table.id, key)));
        }
        int n = gets.size();
        if (anyInvalid) {
            List<TransactionCanceled.Reason> reasons = new ArrayList<>();
            for (String m : invalid) {
                reasons.add(m == null ? TransactionCanceled.Reason.NONE : new TransactionCanceled.Reason("ValidationError", m, null));
            }
            throw new TransactionCanceled(reasons);
        }
        if (ctx.faults().fires(Faults.Kind.CONFLICT, "TransactGetItems", gets.get(0).table.name())) {
            throw TransactionCanceled.at(n, 0, TransactionCanceled.conflict());
        }
        List<Get> order = new ArrayList<>(gets);
        order.sort((x, y) -> x.id.compareTo(y.id));
        List<Get> locked = new ArrayList<>();
        byte[][] stored = new byte[n][];
        try {
            for (Get g : order) {
                if (!ctx.locks().lockForRead(g.id)) {
                    throw TransactionCanceled.at(n, gets.indexOf(g), TransactionCanceled.conflict());
                }
                locked.add(g);
            }
            for (int i = 0; i < n; i++) {
                stored[i] = gets.get(i).table.items.get(gets.get(i).table.key(gets.get(i).key));
            }
        } finally {
            for (Get g : locked) {
                ctx.locks().unlock(g.id);
            }
        }
        long aggregate = 0;
        for (byte[] item : stored) {
            aggregate += item == null ? 0 : ItemCodec.size(item);
        }
        if (aggregate > TransactWriteItems.MAX_TRANSACTION_BYTES) {
            // API_TransactGetItems: "DynamoDB rejects the entire TransactGetItems request if ... The aggregate size
            // of the items in the transaction exceeded 4 MB". No capture of the service's error type or message for
            // this case was found (API reference, Developer Guide, other emulators' tests run against the service),
            // so this is a ValidationException, as other user errors of the request are, worded after that sentence.
            // Sizes are the Developer Guide's item sizes of the whole items read, whatever a projection keeps.
            throw ApiException.validation("The aggregate size of the items in the transaction exceeded 4 MB. Aggregate size: " + aggregate);
        }
        Map<String, Capacity> consumed = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            Get g = gets.get(i);
            consumed.computeIfAbsent(g.table.name(), Capacity::new)
                    .addTable(2 * Capacity.read(stored[i] == null ? 0 : ItemCodec.size(stored[i]), true));
        }
        String mode = Req.string(req, "ReturnConsumedCapacity");
        out.writeStartObject();
        if (CapacityJson.wanted(mode)) {
            out.writeArrayFieldStart("ConsumedCapacity");
            for (Capacity c : consumed.values()) {
                CapacityJson.write(out, c, mode, "Read");
            }
            out.writeEndArray();
        }
        out.writeArrayFieldStart("Responses");
        for (int i = 0; i < n; i++) {
            out.writeStartObject();
            if (stored[i] != null) {
                Projection p = gets.get(i).projection;
                if (p == null) {
                    out.writeFieldName("Item");
                    ItemCodec.writeJson(stored[i], out);
                } else {
                    ValueJson.writeItemField(out, "Item", p.apply(ItemCodec.decode(stored[i])));
                }
            }
            out.writeEndObject();
        }
        out.writeEndArray();
        out.writeEndObject();
    }
}
