package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.Map;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.codec.StreamRecord;
import com.bigtimedeals.engine.core.Context;
import com.bigtimedeals.engine.core.StreamPositions;
import com.bigtimedeals.engine.json.ValueJson;
import com.bigtimedeals.engine.stream.ShardIterators;
import com.bigtimedeals.engine.stream.StreamLog;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * GetRecords: up to Limit records (1,000 at most) or 1 MB from an iterator's position; the next iterator, until a
 * closed shard has been read to its end. Reading never touches the tables, so polling never slows writes.
 */
public final class GetRecords extends TypedOperation<GetRecords.Request, StreamPositions.Batch> {
    private static final Shape SHAPE = Shape.request()
            .field("ShardIterator", Shape.string().notNull().length(1, 2048))
            .field("Limit", Shape.integer().min(1).max(1000));

    public GetRecords(Context ctx) {
        super(ctx, SHAPE);
    }

    /** The request, decoded and checked once. */
    record Request(ShardIterators.Position at, int limit) {
    }

    @Override
    StreamPositions.Batch run(Request r) {
        return StreamPositions.read(ctx, r.at(), r.limit());
    }

    @Override
    Request decode(Map<String, Object> req) {
        ShardIterators.Position at = ShardIterators.decode(Req.string(req, "ShardIterator"));
        if (at == null) {
            throw ApiException.validation("Invalid ShardIterator");
        }
        Long limit = Req.number(req, "Limit");
        return new Request(at, limit == null ? 1000 : limit.intValue());
    }

    @Override
    void encode(JsonGenerator out, Request request, StreamPositions.Batch batch) throws IOException {
        out.writeStartObject();
        out.writeArrayFieldStart("Records");
        for (StreamPositions.Read read : batch.records()) {
            write(out, read, batch.stream());
        }
        out.writeEndArray();
        if (batch.nextIterator() != null) {
            out.writeStringField("NextShardIterator", batch.nextIterator());
        }
        out.writeEndObject();
    }

    /** One record in the service's form. */
    private void write(JsonGenerator out, StreamPositions.Read read, StreamLog stream) throws IOException {
        StreamRecord r = read.record();
        out.writeStartObject();
        out.writeStringField("eventID", eventId(stream, r));
        out.writeStringField("eventName", r.eventName());
        out.writeStringField("eventVersion", "1.1");
        out.writeStringField("eventSource", "aws:dynamodb");
        out.writeStringField("awsRegion", ctx.settings().region());
        out.writeObjectFieldStart("dynamodb");
        out.writeNumberField("ApproximateCreationDateTime", r.timeMillis() / 1000);
        ValueJson.writeItemField(out, "Keys", read.keys());
        if (read.showNew()) {
            out.writeFieldName("NewImage");
            ItemCodec.writeJson(r.newImage(), out);
        }
        if (read.showOld()) {
            out.writeFieldName("OldImage");
            ItemCodec.writeJson(r.oldImage(), out);
        }
        out.writeStringField("SequenceNumber", StreamReads.sequence(r.sequence()));
        out.writeNumberField("SizeBytes", read.size());
        out.writeStringField("StreamViewType", stream.viewType);
        out.writeEndObject();
        if (r.byTtl()) {
            out.writeObjectFieldStart("userIdentity");
            out.writeStringField("PrincipalId", "dynamodb.amazonaws.com");
            out.writeStringField("Type", "Service");
            out.writeEndObject();
        }
        out.writeEndObject();
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
