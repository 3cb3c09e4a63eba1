package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.Map;

import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.Tables;
import com.fasterxml.jackson.core.JsonGenerator;

/** UpdateTimeToLive: switches expiry on an attribute on or off; takes effect at once (the service takes up to an hour). */
public final class UpdateTimeToLive extends TypedOperation<UpdateTimeToLive.Request, UpdateTimeToLive.Request> {
    private static final Shape SHAPE = Shape.request()
            .field("TableName", Shape.tableNameMember().required())
            .field("TimeToLiveSpecification", Shape.fieldStruct("TimeToLiveSpecification")
                    .field("Enabled", Shape.bool().notNull())
                    .field("AttributeName", Shape.string().notNull().length(1, 255)).notNull());

    public UpdateTimeToLive(Context ctx) {
        super(ctx, SHAPE);
    }

    /** The request, decoded and checked once. */
    record Request(String tableName, String attribute, boolean enable) {
    }

    @Override
    Request run(Request r) {
        Tables.setTimeToLive(ctx, r.tableName(), r.attribute(), r.enable());
        return r;
    }

    @Override
    Request decode(Map<String, Object> req) {
        Map<String, Object> spec = Req.map(req, "TimeToLiveSpecification");
        return new Request(Req.string(req, "TableName"), Req.string(spec, "AttributeName"), Req.flag(spec, "Enabled"));
    }

    /** The answer repeats the specification applied. */
    @Override
    void encode(JsonGenerator out, Request request, Request applied) throws IOException {
        out.writeStartObject();
        out.writeObjectFieldStart("TimeToLiveSpecification");
        out.writeBooleanField("Enabled", applied.enable());
        out.writeStringField("AttributeName", applied.attribute());
        out.writeEndObject();
        out.writeEndObject();
    }
}
