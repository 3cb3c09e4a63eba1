package com.bigtimedeals.engine.ops;

import static com.bigtimedeals.engine.api.Shape.attributeMap;
import static com.bigtimedeals.engine.api.Shape.fieldStruct;
import static com.bigtimedeals.engine.api.Shape.list;
import static com.bigtimedeals.engine.api.Shape.string;
import static com.bigtimedeals.engine.api.Shape.stringMap;
import static com.bigtimedeals.engine.api.Shape.valueStruct;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.TransactReads;
import com.bigtimedeals.engine.expr.Projection;
import com.bigtimedeals.engine.json.ValueJson;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * TransactGetItems: up to 100 items, decoded into a {@link Request}, read at one point in time by the core's
 * {@link TransactReads}, each answered through its projection.
 */
public final class TransactGetItems extends TypedOperation<TransactGetItems.Request, TransactReads.Outcome> {
    private static final Shape SHAPE = Shape.request()
            .field("TransactItems", list(valueStruct("TransactGetItem")
                    .field("Get", fieldStruct("Get")
                            .field("Key", attributeMap().notNull())
                            .field("TableName", Shape.tableNameMember())
                            .field("ProjectionExpression", string())
                            .field("ExpressionAttributeNames", stringMap()).notNull())).notNull().length(1, TransactWriteItems.MAX_ACTIONS))
            .field("ReturnConsumedCapacity", ItemShapes.returnConsumedCapacity());

    public TransactGetItems(Context ctx) {
        super(ctx, SHAPE);
    }

    /** The request, decoded and checked once: the reads in order, each read's projection, the capacity mode. */
    record Request(List<TransactReads.Read> reads, List<Projection> projections, String capacityMode) {
    }

    @Override
    TransactReads.Outcome run(Request request) {
        return TransactReads.read(ctx, request.reads());
    }

    @Override
    Request decode(Map<String, Object> req) {
        List<Object> items = Req.list(req, "TransactItems");
        List<TransactReads.Read> reads = new ArrayList<>();
        List<Projection> projections = new ArrayList<>();
        for (Object o : items) {
            Map<String, Object> raw = Req.map(Req.asMap(o), "Get");
            Expressions ex = new Expressions("TransactGetItems", raw);
            Map<String, Value> key = ex.attributes(Req.map(raw, "Key"));
            projections.add(Projections.parse(ex, raw));
            if (Req.has(raw, "ProjectionExpression")) {
                Expressions.requireAllUsed(ex, raw);
            }
            reads.add(new TransactReads.Read(Req.string(raw, "TableName"), key));
        }
        return new Request(reads, projections, Req.string(req, "ReturnConsumedCapacity"));
    }

    @Override
    void encode(JsonGenerator out, Request request, TransactReads.Outcome done) throws IOException {
        out.writeStartObject();
        CapacityJson.writeList(out, request.capacityMode(), done.consumed().values(), "Read");
        out.writeArrayFieldStart("Responses");
        for (int i = 0; i < done.stored().size(); i++) {
            byte[] stored = done.stored().get(i);
            out.writeStartObject();
            if (stored != null) {
                Projection p = request.projections().get(i);
                if (p == null) {
                    out.writeFieldName("Item");
                    ItemCodec.writeJson(stored, out);
                } else {
                    ValueJson.writeItemField(out, "Item", p.apply(ItemCodec.decode(stored)));
                }
            }
            out.writeEndObject();
        }
        out.writeEndArray();
        out.writeEndObject();
    }
}
