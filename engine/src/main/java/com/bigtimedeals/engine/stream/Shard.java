package com.bigtimedeals.engine.stream;

import com.bigtimedeals.engine.codec.StreamRecord;

/**
 * One shard's records, append-only and in sequence order: written by the one committing thread at a time,
 * read without locks. Records live in fixed-size chunks so that appends never copy old records, lookups by
 * position are constant time and lookups by sequence number a binary search: nothing slows as a shard grows.
 * Chunks whose records are all past the retention period are dropped from the front.
 */
public final class Shard {
    private static final int CHUNK = 1024;

    public final String id;
    public final String parentId;
    public final long startingSequence;
    public final long createdMillis;
    private volatile long endingSequence = -1;

    /** chunks[0] holds positions [base, base + CHUNK); replaced whole so readers see a matching pair. */
    private record Chunks(StreamRecord[][] chunks, long base) {
    }

    private volatile Chunks held = new Chunks(new StreamRecord[0][], 0);
    /** Positions [0, size) have been written (some may have been trimmed since). */
    private volatile long size;

    public Shard(String id, String parentId, long startingSequence, long createdMillis) {
        this.id = id;
        this.parentId = parentId;
        this.startingSequence = startingSequence;
        this.createdMillis = createdMillis;
    }

    public boolean closed() {
        return endingSequence >= 0;
    }

    public long endingSequence() {
        return endingSequence;
    }

    void close(long lastSequence) {
        endingSequence = lastSequence;
    }

    /** Appends a record; callers serialise appends and trims (the commit lock). */
    void append(StreamRecord r) {
        long position = size;
        Chunks h = held;
        int chunk = (int) ((position - h.base) / CHUNK);
        if (chunk >= h.chunks.length) {
            StreamRecord[][] grown = java.util.Arrays.copyOf(h.chunks, h.chunks.length + 1);
            grown[h.chunks.length] = new StreamRecord[CHUNK];
            h = new Chunks(grown, h.base);
            held = h;
        }
        h.chunks[chunk][(int) ((position - h.base) % CHUNK)] = r;
        size = position + 1;
    }

    public long size() {
        return size;
    }

    /** The first position still held. */
    public long trimHorizon() {
        return Math.min(held.base, size);
    }

    /** The record at a position, or null when it is not written yet or was trimmed. */
    public StreamRecord get(long position) {
        Chunks h = held;
        long b = h.base;
        StreamRecord[][] c = h.chunks;
        if (position < b || position >= size) {
            return null;
        }
        int chunk = (int) ((position - b) / CHUNK);
        if (chunk >= c.length) {
            return null;
        }
        return c[chunk][(int) ((position - b) % CHUNK)];
    }

    /** The first position whose record is newer than the retention cutoff: older ones count as trimmed. */
    public long trimHorizon(long cutoffMillis) {
        long lo = trimHorizon();
        long hi = size;
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            StreamRecord r = get(mid);
            if (r == null || r.timeMillis() < cutoffMillis) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The position of the first record with a sequence number >= {@code sequence} (size when none). */
    public long positionAtOrAfter(long sequence) {
        long lo = trimHorizon();
        long hi = size;
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            StreamRecord r = get(mid);
            if (r == null) {
                lo = mid + 1;
                continue;
            }
            if (r.sequence() < sequence) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Whether a record with exactly this sequence number is (or was) in this shard. */
    public boolean covers(long sequence) {
        if (sequence < startingSequence) {
            return false;
        }
        return !closed() || sequence <= endingSequence;
    }

    /** Drops whole chunks whose newest record is older than {@code cutoffMillis}; callers hold the commit lock. */
    void trim(long cutoffMillis) {
        Chunks h = held;
        StreamRecord[][] c = h.chunks;
        long base = h.base;
        int drop = 0;
        long written = size;
        while (drop < c.length) {
            long chunkEnd = base + (long) (drop + 1) * CHUNK;
            if (chunkEnd > written) {
                break;
            }
            StreamRecord last = c[drop][CHUNK - 1];
            if (last == null || last.timeMillis() >= cutoffMillis) {
                break;
            }
            drop++;
        }
        if (drop > 0) {
            held = new Chunks(java.util.Arrays.copyOfRange(c, drop, c.length), base + (long) drop * CHUNK);
        }
    }

    /** The time of the newest record, or the shard's creation when it has none. */
    public long lastActivityMillis() {
        StreamRecord r = get(size - 1);
        return r == null ? createdMillis : r.timeMillis();
    }

    /** Whether every record this shard ever held has been trimmed away. */
    public boolean fullyTrimmed() {
        return held.base >= size && size > 0;
    }
}
