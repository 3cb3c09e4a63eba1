package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.Map;

import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.StreamPositions;
import com.bigtimedeals.engine.stream.Shard;
import com.bigtimedeals.engine.stream.StreamLog;
import com.fasterxml.jackson.core.JsonGenerator;

/** DescribeStream: the stream and its shards (with parents and sequence number ranges), paged by shard. */
public final class DescribeStream extends TypedOperation<DescribeStream.Request, StreamPositions.ShardPage> {
    private static final Shape SHAPE = Shape.request()
            .field("StreamArn", Shape.string().notNull().length(37, 1024))
            .field("Limit", Shape.integer().min(1).max(100))
            .field("ExclusiveStartShardId", Shape.string().length(28, 65))
            .field("ShardFilter", Shape.fieldStruct("ShardFilter")
                    .field("Type", Shape.string().notNull().oneOf("CHILD_SHARDS"))
                    .field("ShardId", Shape.string().notNull().length(28, 65)));

    public DescribeStream(Context ctx) {
        super(ctx, SHAPE);
    }

    /** The request, decoded and checked once; {@code childrenOf} is the CHILD_SHARDS filter's shard, if any. */
    record Request(String streamArn, String childrenOf, String exclusiveStart, int limit) {
    }

    @Override
    StreamPositions.ShardPage run(Request r) {
        return StreamPositions.shards(ctx, r.streamArn(), r.childrenOf(), r.exclusiveStart(), r.limit());
    }

    @Override
    Request decode(Map<String, Object> req) {
        Long limit = Req.number(req, "Limit");
        Map<String, Object> filter = Req.map(req, "ShardFilter");
        return new Request(Req.string(req, "StreamArn"), filter == null ? null : Req.string(filter, "ShardId"),
                Req.string(req, "ExclusiveStartShardId"), limit == null ? 100 : limit.intValue());
    }

    @Override
    void encode(JsonGenerator out, Request request, StreamPositions.ShardPage page) throws IOException {
        StreamLog stream = page.stream();
        out.writeStartObject();
        out.writeObjectFieldStart("StreamDescription");
        out.writeStringField("StreamArn", stream.arn);
        out.writeStringField("StreamLabel", stream.label);
        out.writeStringField("StreamStatus", stream.status());
        out.writeStringField("StreamViewType", stream.viewType);
        out.writeFieldName("CreationRequestDateTime");
        TableDescriptions.seconds(out, stream.createdMillis);
        out.writeStringField("TableName", stream.tableName);
        TableDescriptions.keySchema(out, stream.key);
        out.writeArrayFieldStart("Shards");
        for (Shard s : page.shards()) {
            shard(out, s);
        }
        out.writeEndArray();
        if (page.lastEvaluatedShardId() != null) {
            out.writeStringField("LastEvaluatedShardId", page.lastEvaluatedShardId());
        }
        out.writeEndObject();
        out.writeEndObject();
    }

    private static void shard(JsonGenerator out, Shard s) throws IOException {
        out.writeStartObject();
        out.writeStringField("ShardId", s.id);
        out.writeObjectFieldStart("SequenceNumberRange");
        out.writeStringField("StartingSequenceNumber", StreamReads.sequence(s.startingSequence));
        if (s.closed()) {
            out.writeStringField("EndingSequenceNumber", StreamReads.sequence(s.endingSequence()));
        }
        out.writeEndObject();
        if (s.parentId != null) {
            out.writeStringField("ParentShardId", s.parentId);
        }
        out.writeEndObject();
    }
}
