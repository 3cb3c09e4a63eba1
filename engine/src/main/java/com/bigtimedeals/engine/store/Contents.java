package com.bigtimedeals.engine.store;

import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

import com.bigtimedeals.engine.codec.StreamRecord;

/**
 * What the durable store keeps, as the engine's core hands it over and takes it back: the store's one way of reaching
 * the engine, implemented by the core. The store sits below the core: it is handed every commit ({@link Journal}),
 * reads its files back into this interface on start, and copies a {@link Capture} into a snapshot; it knows tables,
 * streams and items only as the identifiers and bytes described here, never as the core's objects, so it never calls
 * up into the core or the operations.
 */
public interface Contents {
    // ---- reading back: called while the directory is read, before the engine serves a request ----

    /** A snapshot read back, whole; then the log's records after it, one call each. */
    void restore(Snapshot snapshot);

    /** Numbering goes on after the highest sequence number read back. */
    void sequence(long last);

    long lastSequence();

    /**
     * A table's definition as the log recorded it: the table is created, or redefined (stream, TTL, indexes, settings)
     * as it was. Throws (IllegalArgumentException, IllegalStateException) on a definition it cannot read.
     */
    void tableDefined(long tableId, long sequence, byte[] definition);

    void tableDeleted(long tableId, long sequence);

    /** One committed item change read back, applied with its stream record; false when no table has the id. */
    boolean changed(long tableId, long sequence, long timeMillis, byte event, boolean byTtl, byte[] key, byte[] newBytes,
                    byte[] oldBytes);

    // ---- copying: snapshots ----

    /** Runs work under the commit lock, so that what it fixes is one point of the order of commits. */
    void underCommitLock(Runnable work);

    /** What a snapshot will hold; called under the commit lock. */
    Capture capture();

    /** A stream's description, as snapshots keep it. A sort key is empty strings when the table has none. */
    record StreamHeader(String arn, String label, String tableName, String viewType, String partitionKey,
                        String partitionType, String sortKey, String sortType, long createdMillis, boolean enabled,
                        long lastSequence) {
    }

    /** A shard's description; {@code parentId} null for none, {@code endingSequence} -1 while it is open. */
    record ShardHeader(String id, String parentId, long startingSequence, long createdMillis, long endingSequence) {
    }

    /** A table read back from a snapshot: its definition and its items in key order (the first {@code count}). */
    record TableImage(long id, byte[] definition, byte[][] keys, byte[][] items, int count) {
    }

    record ShardImage(ShardHeader header, List<StreamRecord> records) {
    }

    record StreamImage(StreamHeader header, List<ShardImage> shards) {
    }

    /** A snapshot as read back: what was intact of it, in the order it was written. */
    record Snapshot(long sequence, long nextTableId, List<TableImage> tables, List<StreamImage> streams) {
    }

    /**
     * What a snapshot copies, fixed under the commit lock: definitions, stream and shard descriptions and positions,
     * the last sequence number. Items and stream records are read as the copy is written, while writes go on.
     */
    record Capture(long sequence, long nextTableId, List<CapturedTable> tables, List<CapturedStream> streams) {
    }

    record CapturedTable(long id, byte[] definition, Iterable<Map.Entry<byte[], byte[]>> items) {
    }

    record CapturedStream(StreamHeader header, List<CapturedShard> shards) {
    }

    /** A shard's records from position {@code from} up to {@code to}; {@code record} answers null for one trimmed since. */
    record CapturedShard(ShardHeader header, long from, long to, LongFunction<StreamRecord> record) {
    }
}
