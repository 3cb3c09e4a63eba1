package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.time.Instant;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.codec.Sizes;
import com.bigtimedeals.engine.codec.StreamRecord;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.ItemKeys;
import com.bigtimedeals.engine.json.ValueJson;
import com.bigtimedeals.engine.stream.Shard;
import com.bigtimedeals.engine.stream.ShardIterators;
import com.bigtimedeals.engine.stream.StreamLog;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * GetRecords: up to Limit records (1,000 at most) or 1 MB from an iterator's position; the next iterator, until a
 * closed shard has been read to its end. Reading never touches the tables, so polling never slows writes.
 */
public final class GetRecords implements Operation {
    private static final long MAX_BYTES = 1024 * 1024;

    private static final Shape SHAPE = Shape.request()
            .field("ShardIterator", Shape.string().notNull().length(1, 2048))
            .field("Limit", Shape.integer().min(1).max(1000));

    private final Context ctx;

    public GetRecords(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Shape shape() {
        return SHAPE;
    }

    @Override
    public void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
        ShardIterators.Position at = ShardIterators.decode(Req.string(req, "ShardIterator"));
        if (at == null) {
            throw ApiException.validation("Invalid ShardIterator");
        }
        long now = ctx.now();
        if (now - at.createdMillis() > ctx.settings().iteratorLifetimeMillis()) {
            throw new ApiException(ApiException.DYNAMODB + "ExpiredIteratorException",
                    "Iterator expired. The iterator was created at time " + Instant.ofEpochMilli(at.createdMillis())
                            + " while right now it is " + Instant.ofEpochMilli(now)
                            + " which is further in the future than the tolerated delay of " + ctx.settings().iteratorLifetimeMillis() + " milliseconds.");
        }
        StreamLog stream = ctx.catalog().stream(at.streamArn());
        if (stream == null) {
            throw ApiException.resourceNotFound("Requested resource not found: Stream: " + at.streamArn() + " not found");
        }
        Shard shard = StreamReads.shard(stream, at.shardId());
        long horizon = shard.trimHorizon(now - ctx.settings().streamRetentionMillis());
        if (at.position() < horizon) {
            throw StreamReads.trimmed();
        }
        Long limitValue = Req.number(req, "Limit");
        int limit = limitValue == null ? 1000 : limitValue.intValue();
        long position = at.position();
        long bytes = 0;
        int count = 0;
        out.writeStartObject();
        out.writeArrayFieldStart("Records");
        while (count < limit && bytes < MAX_BYTES) {
            StreamRecord r = shard.get(position);
            if (r == null) {
                break;
            }
            bytes += write(out, r, stream);
            position++;
            count++;
        }
        out.writeEndArray();
        if (!(shard.closed() && position >= shard.size())) {
            out.writeStringField("NextShardIterator", ShardIterators.encode(stream.arn, shard.id, position, now));
        }
        out.writeEndObject();
    }

    /** One record in the service's form; returns its size. */
    private long write(JsonGenerator out, StreamRecord r, StreamLog stream) throws IOException {
        Map<String, Value> keys = ItemKeys.storedKeyOf(stream.key, r.newImage() != null ? r.newImage() : r.oldImage());
        boolean showNew = stream.viewType.equals("NEW_IMAGE") || stream.viewType.equals("NEW_AND_OLD_IMAGES");
        boolean showOld = stream.viewType.equals("OLD_IMAGE") || stream.viewType.equals("NEW_AND_OLD_IMAGES");
        long size = Sizes.of(keys);
        out.writeStartObject();
        out.writeStringField("eventID", eventId(stream, r));
        out.writeStringField("eventName", r.eventName());
        out.writeStringField("eventVersion", "1.1");
        out.writeStringField("eventSource", "aws:dynamodb");
        out.writeStringField("awsRegion", ctx.settings().region());
        out.writeObjectFieldStart("dynamodb");
        out.writeNumberField("ApproximateCreationDateTime", r.timeMillis() / 1000);
        ValueJson.writeItemField(out, "Keys", keys);
        if (showNew && r.newImage() != null) {
            out.writeFieldName("NewImage");
            ItemCodec.writeJson(r.newImage(), out);
            size += ItemCodec.size(r.newImage());
        }
        if (showOld && r.oldImage() != null) {
            out.writeFieldName("OldImage");
            ItemCodec.writeJson(r.oldImage(), out);
            size += ItemCodec.size(r.oldImage());
        }
        out.writeStringField("SequenceNumber", StreamReads.sequence(r.sequence()));
        out.writeNumberField("SizeBytes", size);
        out.writeStringField("StreamViewType", stream.viewType);
        out.writeEndObject();
        if (r.byTtl()) {
            out.writeObjectFieldStart("userIdentity");
            out.writeStringField("PrincipalId", "dynamodb.amazonaws.com");
            out.writeStringField("Type", "Service");
            out.writeEndObject();
        }
        out.writeEndObject();
        return size;
    }

    /**
     * A stable id per record (the same on every read and after a restart), in the service's 32-hex form: a hash of the
     * stream's ARN, then the sequence number through a bijective mix, so two records of one stream never share one.
     * Cheaper than an MD5 name-UUID per record, which every GetRecords answer paid for each of its records.
     */
    static String eventId(StreamLog stream, StreamRecord r) {
        return hex16(stream.idSeed) + hex16(mix(r.sequence()));
    }

    /** SplitMix64's finaliser: a bijection on longs that scatters consecutive sequence numbers. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    private static String hex16(long v) {
        String hex = Long.toHexString(v);
        return hex.length() == 16 ? hex : "0000000000000000".substring(hex.length()) + hex;
    }
}
