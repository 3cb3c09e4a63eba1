package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.stream.Shard;
import com.bigtimedeals.engine.stream.ShardIterators;
import com.bigtimedeals.engine.stream.StreamLog;
import com.fasterxml.jackson.core.JsonGenerator;

/** GetShardIterator: TRIM_HORIZON, LATEST, AT_SEQUENCE_NUMBER or AFTER_SEQUENCE_NUMBER. */
public final class GetShardIterator implements Operation {
    private static final Shape SHAPE = Shape.request()
            .field("StreamArn", Shape.string().notNull().length(37, 1024))
            .field("ShardId", Shape.string().notNull().length(28, 65))
            .field("ShardIteratorType", Shape.string().notNull()
                    .oneOf("TRIM_HORIZON", "LATEST", "AT_SEQUENCE_NUMBER", "AFTER_SEQUENCE_NUMBER"))
            .field("SequenceNumber", Shape.string().length(21, 40));

    private final Context ctx;

    public GetShardIterator(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Shape shape() {
        return SHAPE;
    }

    @Override
    public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
        String type = Req.string(req, "ShardIteratorType");
        String sequenceText = Req.string(req, "SequenceNumber");
        boolean bySequence = type.endsWith("SEQUENCE_NUMBER");
        if (bySequence && sequenceText == null) {
            throw ApiException.validation("Must provide a SequenceNumber when ShardIteratorType is " + type);
        }
        if (!bySequence && sequenceText != null) {
            throw ApiException.validation("SequenceNumber cannot be provided when ShardIteratorType is " + type);
        }
        StreamLog stream = StreamReads.stream(ctx, Req.string(req, "StreamArn"));
        Shard shard = StreamReads.shard(stream, Req.string(req, "ShardId"));
        long now = ctx.now();
        long horizon = shard.trimHorizon(now - ctx.settings().streamRetentionMillis());
        long position;
        switch (type) {
            case "TRIM_HORIZON":
                position = horizon;
                break;
            case "LATEST":
                position = shard.size();
                break;
            default: {
                long sequence = StreamReads.parseSequence(sequenceText);
                if (!shard.covers(sequence)) {
                    throw ApiException.validation("Invalid SequenceNumber for the shard: " + sequenceText);
                }
                position = shard.positionAtOrAfter(type.equals("AT_SEQUENCE_NUMBER") ? sequence : sequence + 1);
                com.bigtimedeals.engine.codec.StreamRecord oldest = shard.get(horizon);
                // Before the oldest record still held is trimmed only if something was trimmed at all: a shard's
                // StartingSequenceNumber may come before its first record.
                if (position < horizon || (horizon > 0 && oldest != null && sequence < oldest.sequence())) {
                    throw StreamReads.trimmed();
                }
                break;
            }
        }
        out.writeStartObject();
        out.writeStringField("ShardIterator", ShardIterators.encode(stream.arn, shard.id, position, now));
        out.writeEndObject();
    }
}
