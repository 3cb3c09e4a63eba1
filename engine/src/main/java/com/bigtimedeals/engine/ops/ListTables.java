package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.Map;

import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.Tables;
import com.fasterxml.jackson.core.JsonGenerator;

/** ListTables: names in order, up to Limit (at most 100) after ExclusiveStartTableName. */
public final class ListTables extends TypedOperation<ListTables.Request, Tables.NamePage> {
    private static final Shape SHAPE = Shape.request()
            .field("Limit", Shape.integer().min(1).max(100))
            .field("ExclusiveStartTableName", Shape.string().pattern("[a-zA-Z0-9_.-]+").length(3, 255));

    public ListTables(Context ctx) {
        super(ctx, SHAPE);
    }

    /** The request, decoded and checked once. */
    record Request(String exclusiveStart, int limit) {
    }

    @Override
    Tables.NamePage run(Request r) {
        return Tables.names(ctx, r.exclusiveStart(), r.limit());
    }

    @Override
    Request decode(Map<String, Object> req) {
        Long limit = Req.number(req, "Limit");
        return new Request(Req.string(req, "ExclusiveStartTableName"), limit == null ? 100 : limit.intValue());
    }

    @Override
    void encode(JsonGenerator out, Request request, Tables.NamePage page) throws IOException {
        out.writeStartObject();
        out.writeArrayFieldStart("TableNames");
        for (String name : page.names()) {
            out.writeString(name);
        }
        out.writeEndArray();
        if (page.lastEvaluated() != null) {
            out.writeStringField("LastEvaluatedTableName", page.lastEvaluated());
        }
        out.writeEndObject();
    }
}
