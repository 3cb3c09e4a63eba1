package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.StreamPositions;
import com.bigtimedeals.engine.core.StreamPositions.IteratorType;
import com.bigtimedeals.engine.stream.Shard;
import com.bigtimedeals.engine.stream.StreamLog;
import com.fasterxml.jackson.core.JsonGenerator;

/** GetShardIterator: TRIM_HORIZON, LATEST, AT_SEQUENCE_NUMBER or AFTER_SEQUENCE_NUMBER. */
public final class GetShardIterator extends TypedOperation<GetShardIterator.Request, String> {
    private static final Shape SHAPE = Shape.request()
            .field("StreamArn", Shape.string().notNull().length(37, 1024))
            .field("ShardId", Shape.string().notNull().length(28, 65))
            .field("ShardIteratorType", Shape.string().notNull()
                    .oneOf("TRIM_HORIZON", "LATEST", "AT_SEQUENCE_NUMBER", "AFTER_SEQUENCE_NUMBER"))
            .field("SequenceNumber", Shape.string().length(21, 40));

    public GetShardIterator(Context ctx) {
        super(ctx, SHAPE);
    }

    /** The request, decoded and checked once; {@code sequenceText} as sent, read once the shard is found. */
    record Request(String streamArn, String shardId, IteratorType type, String sequenceText) {
    }

    @Override
    String run(Request r) {
        StreamLog stream = StreamPositions.stream(ctx, r.streamArn());
        Shard shard = StreamPositions.shard(stream, r.shardId());
        // The service reads the sequence number after finding the shard: a bad one is refused only then.
        long sequence = r.type().bySequence() ? StreamReads.parseSequence(r.sequenceText()) : 0;
        return StreamPositions.iterator(ctx, stream, shard, r.type(), sequence, r.sequenceText());
    }

    @Override
    Request decode(Map<String, Object> req) {
        String typeName = Req.string(req, "ShardIteratorType");
        IteratorType type = IteratorType.valueOf(typeName);
        String sequenceText = Req.string(req, "SequenceNumber");
        if (type.bySequence() && sequenceText == null) {
            throw ApiException.validation("Must provide a SequenceNumber when ShardIteratorType is " + typeName);
        }
        if (!type.bySequence() && sequenceText != null) {
            throw ApiException.validation("SequenceNumber cannot be provided when ShardIteratorType is " + typeName);
        }
        return new Request(Req.string(req, "StreamArn"), Req.string(req, "ShardId"), type, sequenceText);
    }

    @Override
    void encode(JsonGenerator out, Request request, String iterator) throws IOException {
        out.writeStartObject();
        out.writeStringField("ShardIterator", iterator);
        out.writeEndObject();
    }
}
