package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.fasterxml.jackson.core.JsonGenerator;

/** ListTables: names in order, up to Limit (at most 100) after ExclusiveStartTableName. */
public final class ListTables implements Operation {
    private static final Shape SHAPE = Shape.request()
            .field("Limit", Shape.integer().min(1).max(100))
            .field("ExclusiveStartTableName", Shape.string().pattern("[a-zA-Z0-9_.-]+").length(3, 255));

    private final Context ctx;

    public ListTables(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Shape shape() {
        return SHAPE;
    }

    @Override
    public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
        Long limitValue = Req.number(req, "Limit");
        int limit = limitValue == null ? 100 : limitValue.intValue();
        String start = Req.string(req, "ExclusiveStartTableName");
        List<String> names = ctx.catalog().names();
        int from = 0;
        if (start != null) {
            while (from < names.size() && names.get(from).compareTo(start) <= 0) {
                from++;
            }
        }
        int to = Math.min(names.size(), from + limit);
        out.writeStartObject();
        out.writeArrayFieldStart("TableNames");
        for (int i = from; i < to; i++) {
            out.writeString(names.get(i));
        }
        out.writeEndArray();
        if (to < names.size()) {
            out.writeStringField("LastEvaluatedTableName", names.get(to - 1));
        }
        out.writeEndObject();
    }
}
