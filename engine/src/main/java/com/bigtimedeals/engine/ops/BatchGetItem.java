package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.attributeValue;
import static com.bigtimedeals.engine.api.Shape.bool;
import static com.bigtimedeals.engine.api.Shape.list;
import static com.bigtimedeals.engine.api.Shape.map;
import static com.bigtimedeals.engine.api.Shape.parameterizedMap;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.stringMap;
import static com.bigtimedeals.engine.api.Shape.valueStruct;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.api.ShapeChecker;
import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.core.BatchReads;
import com.bigtimedeals.engine.core.Capacity;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.expr.Projection;
import com.bigtimedeals.engine.json.ValueJson;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * BatchGetItem: up to 100 items from one or more tables, decoded into a {@link Request}, read by the core's
 * {@link BatchReads}; what it leaves unprocessed comes back as UnprocessedKeys.
 */
public final class BatchGetItem extends TypedOperation<BatchGetItem.Request, List<BatchReads.TableOutcome>> {
    /** The most keys a request may read, in all its tables together and in any one of them. */
    static final int MAX_KEYS = 100;

    private static final Shape SHAPE = Shape.request()
            .field("ReturnConsumedCapacity", ItemShapes.returnConsumedCapacity())
            .field("RequestItems", map("KeysAndAttributes", valueStruct("KeysAndAttributes")
                    .field("Keys", list(parameterizedMap(attributeValue())).notNull().minLength(1).genericMessage())
                    .field("AttributesToGet", ItemShapes.attributesToGet())
                    .field("ConsistentRead", bool())
                    .field("ProjectionExpression", string())
                    .field("ExpressionAttributeNames", stringMap()))
                    .notNull().jsonEcho()
                    .keys(Shape.batchTableKey()));

    public BatchGetItem(Context ctx) {
        super(ctx, SHAPE);
    }

    /**
     * One table's part of the request, decoded and checked once: what to read, how to answer it, and the members
     * echoed back with its UnprocessedKeys (null where the request left them out).
     */
    record TableRequest(BatchReads.TableReads reads, Projection projection, Boolean consistentRead,
                        String projectionExpression, List<String> attributesToGet, Map<String, String> names) {
    }

    /** The request, decoded and checked once. */
    record Request(List<TableRequest> tables, String capacityMode) {
    }

    @Override
    List<BatchReads.TableOutcome> run(Request request) {
        List<BatchReads.TableReads> reads = new ArrayList<>();
        for (TableRequest t : request.tables()) {
            reads.add(t.reads());
        }
        return BatchReads.read(ctx, reads);
    }

    @Override
    Request decode(Map<String, Object> req) {
        Map<String, Object> requestItems = Req.map(req, "RequestItems");
        if (requestItems.isEmpty()) {
            // A semantic check of the service's, sent bare (issue 37: the service's answer to an empty map).
            throw ApiException.validation("The requestItems parameter is required for BatchGetItem");
        }
        for (Map.Entry<String, Object> e : requestItems.entrySet()) {
            if (Req.list(Req.asMap(e.getValue()), "Keys").size() > MAX_KEYS) {
                throw ShapeChecker.tooLong("RequestItems." + e.getKey() + ".member.Keys", MAX_KEYS);
            }
        }
        List<TableRequest> requests = new ArrayList<>();
        int total = 0;
        for (Map.Entry<String, Object> e : requestItems.entrySet()) {
            Map<String, Object> t = Req.asMap(e.getValue());
            Expressions ex = new Expressions("BatchGetItem", t);
            ex.checkParameters(List.of("ProjectionExpression"), List.of("AttributesToGet"), null);
            ItemShapes.noDuplicates(Req.strings(t, "AttributesToGet"));
            Projection projection = Projections.parse(ex, t);
            Expressions.requireAllUsed(ex, t);
            List<Map<String, Value>> keys = new ArrayList<>();
            Set<Map<String, Value>> seen = new HashSet<>();
            for (Object k : Req.list(t, "Keys")) {
                Map<String, Value> key = ex.attributes(Req.asMap(k));
                if (!seen.add(key)) {
                    throw ApiException.validation("Provided list of item keys contains duplicates");
                }
                keys.add(key);
                if (++total > MAX_KEYS) {
                    throw ApiException.validation("Too many items requested for the BatchGetItem call");
                }
            }
            requests.add(new TableRequest(new BatchReads.TableReads(e.getKey(), keys, Req.flag(t, "ConsistentRead")), projection,
                    Req.bool(t, "ConsistentRead"), Req.string(t, "ProjectionExpression"), Req.strings(t, "AttributesToGet"),
                    Req.stringMap(t, "ExpressionAttributeNames")));
        }
        return new Request(requests, Req.string(req, "ReturnConsumedCapacity"));
    }

    @Override
    void encode(JsonGenerator out, Request request, List<BatchReads.TableOutcome> done) throws IOException {
        List<Capacity> consumed = new ArrayList<>();
        out.writeStartObject();
        out.writeObjectFieldStart("Responses");
        for (int i = 0; i < done.size(); i++) {
            TableRequest r = request.tables().get(i);
            out.writeArrayFieldStart(r.reads().table());
            for (byte[] stored : done.get(i).found()) {
                if (r.projection() == null) {
                    ItemCodec.writeJson(stored, out);
                } else {
                    ValueJson.writeItem(out, r.projection().apply(ItemCodec.decode(stored)));
                }
            }
            out.writeEndArray();
            consumed.add(done.get(i).consumed());
        }
        out.writeEndObject();
        out.writeObjectFieldStart("UnprocessedKeys");
        for (int i = 0; i < done.size(); i++) {
            if (!done.get(i).unprocessed().isEmpty()) {
                writeUnprocessed(out, request.tables().get(i), done.get(i).unprocessed());
            }
        }
        out.writeEndObject();
        CapacityJson.writeList(out, request.capacityMode(), consumed, null);
        out.writeEndObject();
    }

    /** One table's UnprocessedKeys: the keys, with the request's members for them, as the service echoes them. */
    private static void writeUnprocessed(JsonGenerator out, TableRequest r, List<Map<String, Value>> keys) throws IOException {
        out.writeObjectFieldStart(r.reads().table());
        out.writeArrayFieldStart("Keys");
        for (Map<String, Value> key : keys) {
            ValueJson.writeItem(out, key);
        }
        out.writeEndArray();
        if (r.consistentRead() != null) {
            out.writeBooleanField("ConsistentRead", r.reads().consistent());
        }
        if (r.projectionExpression() != null) {
            out.writeStringField("ProjectionExpression", r.projectionExpression());
        }
        if (r.attributesToGet() != null) {
            out.writeArrayFieldStart("AttributesToGet");
            for (String a : r.attributesToGet()) {
                out.writeString(a);
            }
            out.writeEndArray();
        }
        if (r.names() != null) {
            out.writeObjectFieldStart("ExpressionAttributeNames");
            for (Map.Entry<String, String> n : r.names().entrySet()) {
                out.writeStringField(n.getKey(), n.getValue());
            }
            out.writeEndObject();
        }
        out.writeEndObject();
    }
}
