package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.stream.StreamLog;
import com.fasterxml.jackson.core.JsonGenerator;

/** ListStreams: every stream (current or disabled but still readable), optionally of one table, paged. */
public final class ListStreams implements Operation {
    private static final Shape SHAPE = Shape.request()
            .field("TableName", Shape.string().pattern("[a-zA-Z0-9_.-]+").length(3, 255))
            .field("Limit", Shape.integer().min(1).max(100))
            .field("ExclusiveStartStreamArn", Shape.string().length(37, 1024));

    private final Context ctx;

    public ListStreams(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Shape shape() {
        return SHAPE;
    }

    @Override
    public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
        String table = Req.string(req, "TableName");
        String start = Req.string(req, "ExclusiveStartStreamArn");
        if (start != null) {
            StreamReads.stream(ctx, start);
        }
        Long limitValue = Req.number(req, "Limit");
        int limit = limitValue == null ? 100 : limitValue.intValue();
        List<StreamLog> streams = new ArrayList<>();
        for (StreamLog s : ctx.catalog().streams()) {
            if (table == null || table.equals(s.tableName)) {
                streams.add(s);
            }
        }
        int from = 0;
        if (start != null) {
            for (int i = 0; i < streams.size(); i++) {
                if (streams.get(i).arn.equals(start)) {
                    from = i + 1;
                }
            }
        }
        int to = Math.min(streams.size(), from + limit);
        out.writeStartObject();
        out.writeArrayFieldStart("Streams");
        for (int i = from; i < to; i++) {
            StreamLog s = streams.get(i);
            out.writeStartObject();
            out.writeStringField("StreamArn", s.arn);
            out.writeStringField("TableName", s.tableName);
            out.writeStringField("StreamLabel", s.label);
            out.writeEndObject();
        }
        out.writeEndArray();
        if (to < streams.size()) {
            out.writeStringField("LastEvaluatedStreamArn", streams.get(to - 1).arn);
        }
        out.writeEndObject();
    }
}
