package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.Map;

import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.StreamPositions;
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

    /** The request, decoded and checked once. */
    record Request(String tableName, String exclusiveStart, int limit) {
    }

    @Override
    public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
        Request r = decode(req);
        if (r.exclusiveStart() != null) {
            // The starting stream must exist (its ARN well formed), though the page resumes after it by position.
            StreamPositions.stream(ctx, r.exclusiveStart());
        }
        encode(out, StreamPositions.list(ctx, r.tableName(), r.exclusiveStart(), r.limit()));
    }

    static Request decode(Map<String, Object> req) {
        Long limit = Req.number(req, "Limit");
        return new Request(Req.string(req, "TableName"), Req.string(req, "ExclusiveStartStreamArn"),
                limit == null ? 100 : limit.intValue());
    }

    static void encode(JsonGenerator out, StreamPositions.StreamPage page) throws IOException {
        out.writeStartObject();
        out.writeArrayFieldStart("Streams");
        for (StreamLog s : page.streams()) {
            out.writeStartObject();
            out.writeStringField("StreamArn", s.arn);
            out.writeStringField("TableName", s.tableName);
            out.writeStringField("StreamLabel", s.label);
            out.writeEndObject();
        }
        out.writeEndArray();
        if (page.lastEvaluatedArn() != null) {
            out.writeStringField("LastEvaluatedStreamArn", page.lastEvaluatedArn());
        }
        out.writeEndObject();
    }
}
