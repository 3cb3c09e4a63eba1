package com.bigtimedeals.engine.core;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import com.bigtimedeals.engine.api.ApiException;
import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.codec.Sizes;
import com.bigtimedeals.engine.codec.StreamRecord;
import com.bigtimedeals.engine.stream.Shard;
import com.bigtimedeals.engine.stream.ShardIterators;
import com.bigtimedeals.engine.stream.StreamLog;
import com.bigtimedeals.engine.value.Value;

/** Streams read by position: listed, looked up, iterators placed, records read a batch at a time. */
public final class StreamPositions {
    /** What GetRecords returns at most: 1 MB of records' sizes. */
    private static final long MAX_BYTES = 1024 * 1024;
    private static final Pattern ARN = Pattern.compile(
            "arn:aws[a-z-]*:dynamodb:[a-z0-9-]+:[0-9]{12}:table/[a-zA-Z0-9_.-]{3,255}/stream/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}");

    /** Where an iterator starts. */
    public enum IteratorType {
        TRIM_HORIZON, LATEST, AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER;

        public boolean bySequence() {
            return this == AT_SEQUENCE_NUMBER || this == AFTER_SEQUENCE_NUMBER;
        }
    }

    /** One page of streams, and the last stream's ARN when more follow. */
    public record StreamPage(List<StreamLog> streams, String lastEvaluatedArn) {
    }

    /** The stream, one page of its shards, and the last shard's id when more follow. */
    public record ShardPage(StreamLog stream, List<Shard> shards, String lastEvaluatedShardId) {
    }

    /** One record as the stream's view type shows it: its keys, the images shown, and its size. */
    public record Read(StreamRecord record, Map<String, Value> keys, boolean showNew, boolean showOld, long size) {
    }

    /** The records read, and the iterator for what follows (null once a closed shard was read to its end). */
    public record Batch(StreamLog stream, List<Read> records, String nextIterator) {
    }

    private StreamPositions() {
    }

    /** The stream an ARN the caller sent names. */
    public static StreamLog stream(Context ctx, String arn) {
        if (!ARN.matcher(arn).matches()) {
            throw ApiException.validation("Invalid StreamArn");
        }
        return known(ctx, arn);
    }

    private static StreamLog known(Context ctx, String arn) {
        StreamLog stream = ctx.catalog().stream(arn);
        if (stream == null) {
            throw ApiException.resourceNotFound("Requested resource not found: Stream: " + arn + " not found");
        }
        return stream;
    }

    public static Shard shard(StreamLog stream, String shardId) {
        Shard shard = stream.shard(shardId);
        if (shard == null) {
            throw ApiException.resourceNotFound("Requested resource not found: Shard: " + shardId + " in Stream: " + stream.arn + " not found");
        }
        return shard;
    }

    public static ApiException trimmed() {
        return new ApiException(ApiException.DYNAMODB + "TrimmedDataAccessException",
                "The operation attempted to read past the oldest stream record in a shard.");
    }

    /** Up to {@code limit} streams, of {@code tableName} or of all tables, after the stream {@code exclusiveStart}. */
    public static StreamPage list(Context ctx, String tableName, String exclusiveStart, int limit) {
        List<StreamLog> streams = new ArrayList<>();
        for (StreamLog s : ctx.catalog().streams()) {
            if (tableName == null || tableName.equals(s.tableName)) {
                streams.add(s);
            }
        }
        int from = 0;
        if (exclusiveStart != null) {
            for (int i = 0; i < streams.size(); i++) {
                if (streams.get(i).arn.equals(exclusiveStart)) {
                    from = i + 1;
                }
            }
        }
        int to = Math.min(streams.size(), from + limit);
        return new StreamPage(streams.subList(from, to), to < streams.size() ? streams.get(to - 1).arn : null);
    }

    /**
     * Up to {@code limit} of the stream's shards after {@code exclusiveStart}; with {@code childrenOf}, only the shards
     * that took over from that one (readers follow a closed shard).
     */
    public static ShardPage shards(Context ctx, String arn, String childrenOf, String exclusiveStart, int limit) {
        StreamLog stream = stream(ctx, arn);
        List<Shard> shards = stream.shards();
        if (childrenOf != null) {
            List<Shard> children = new ArrayList<>();
            for (Shard s : shards) {
                if (childrenOf.equals(s.parentId)) {
                    children.add(s);
                }
            }
            shards = children;
        }
        // Shard ids sort in creation order (they start with the creation time), and a page resumes after the
        // named id whether or not that shard still exists: an id past every shard gives an empty page.
        int from = 0;
        if (exclusiveStart != null) {
            while (from < shards.size() && shards.get(from).id.compareTo(exclusiveStart) <= 0) {
                from++;
            }
        }
        int to = Math.min(shards.size(), from + limit);
        return new ShardPage(stream, shards.subList(from, to), to < shards.size() ? shards.get(to - 1).id : null);
    }

    /**
     * An iterator into {@code shard} of {@code stream}; {@code sequence} (sent as {@code sequenceSent}) only for the
     * types by sequence number, refused when the shard does not hold it or it was trimmed.
     */
    public static String iterator(Context ctx, StreamLog stream, Shard shard, IteratorType type, long sequence, String sequenceSent) {
        long now = ctx.now();
        long horizon = shard.trimHorizon(now - ctx.settings().streamRetentionMillis());
        long position;
        switch (type) {
            case TRIM_HORIZON:
                position = horizon;
                break;
            case LATEST:
                position = shard.size();
                break;
            default: {
                if (!shard.covers(sequence)) {
                    throw ApiException.validation("Invalid SequenceNumber for the shard: " + sequenceSent);
                }
                position = shard.positionAtOrAfter(type == IteratorType.AT_SEQUENCE_NUMBER ? sequence : sequence + 1);
                StreamRecord oldest = shard.get(horizon);
                // Before the oldest record still held is trimmed only if something was trimmed at all: a shard's
                // StartingSequenceNumber may come before its first record.
                if (position < horizon || (horizon > 0 && oldest != null && sequence < oldest.sequence())) {
                    throw trimmed();
                }
                break;
            }
        }
        return ShardIterators.encode(stream.arn, shard.id, position, now);
    }

    /** Up to {@code limit} records, or 1 MB of them, from the iterator's position. */
    public static Batch read(Context ctx, ShardIterators.Position at, int limit) {
        long now = ctx.now();
        if (now - at.createdMillis() > ctx.settings().iteratorLifetimeMillis()) {
            throw new ApiException(ApiException.DYNAMODB + "ExpiredIteratorException",
                    "Iterator expired. The iterator was created at time " + Instant.ofEpochMilli(at.createdMillis())
                            + " while right now it is " + Instant.ofEpochMilli(now)
                            + " which is further in the future than the tolerated delay of " + ctx.settings().iteratorLifetimeMillis() + " milliseconds.");
        }
        StreamLog stream = known(ctx, at.streamArn());
        Shard shard = shard(stream, at.shardId());
        long horizon = shard.trimHorizon(now - ctx.settings().streamRetentionMillis());
        if (at.position() < horizon) {
            throw trimmed();
        }
        long position = at.position();
        long bytes = 0;
        List<Read> records = new ArrayList<>();
        while (records.size() < limit && bytes < MAX_BYTES) {
            StreamRecord r = shard.get(position);
            if (r == null) {
                break;
            }
            Read read = viewed(stream, r);
            records.add(read);
            bytes += read.size();
            position++;
        }
        boolean ended = shard.closed() && position >= shard.size();
        return new Batch(stream, records, ended ? null : ShardIterators.encode(stream.arn, shard.id, position, now));
    }

    /** A record as the stream's view type shows it; its size counts its keys and the images shown. */
    private static Read viewed(StreamLog stream, StreamRecord r) {
        Map<String, Value> keys = ItemKeys.storedKeyOf(stream.key, r.newImage() != null ? r.newImage() : r.oldImage());
        boolean showNew = stream.viewType.equals("NEW_IMAGE") || stream.viewType.equals("NEW_AND_OLD_IMAGES");
        boolean showOld = stream.viewType.equals("OLD_IMAGE") || stream.viewType.equals("NEW_AND_OLD_IMAGES");
        long size = Sizes.of(keys);
        if (showNew && r.newImage() != null) {
            size += ItemCodec.size(r.newImage());
        }
        if (showOld && r.oldImage() != null) {
            size += ItemCodec.size(r.oldImage());
        }
        return new Read(r, keys, showNew && r.newImage() != null, showOld && r.oldImage() != null, size);
    }
}
