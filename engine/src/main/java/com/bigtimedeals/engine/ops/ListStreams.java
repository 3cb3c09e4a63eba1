package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.Map;

import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.StreamPositions;
import com.bigtimedeals.engine.stream.StreamLog;
import com.fasterxml.jackson.core.JsonGenerator;

/** ListStreams: every stream (current or disabled but still readable), optionally of one table, paged. */
public final class ListStreams extends TypedOperation<ListStreams.Request, StreamPositions.StreamPage> {
    private static final Shape SHAPE = Shape.request()
            .field("TableName", Shape.string().pattern("[a-zA-Z0-9_.-]+").length(3, 255))
            .field("Limit", Shape.integer().min(1).max(100))
            .field("ExclusiveStartStreamArn", Shape.string().length(37, 1024));

    public ListStreams(Context ctx) {
        super(ctx, SHAPE);
    }

    /** The request, decoded and checked once. */
    record Request(String tableName, String exclusiveStart, int limit) {
    }

    @Override
    StreamPositions.StreamPage run(Request r) {
        if (r.exclusiveStart() != null) {
            // The starting stream must exist (its ARN well formed), though the page resumes after it by position.
            StreamPositions.stream(ctx, r.exclusiveStart());
        }
        return StreamPositions.list(ctx, r.tableName(), r.exclusiveStart(), r.limit());
    }

    @Override
    Request decode(Map<String, Object> req) {
        Long limit = Req.number(req, "Limit");
        return new Request(Req.string(req, "TableName"), Req.string(req, "ExclusiveStartStreamArn"),
                limit == null ? 100 : limit.intValue());
    }

    @Override
    void encode(JsonGenerator out, Request request, StreamPositions.StreamPage page) throws IOException {
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
