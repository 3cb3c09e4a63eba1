package com.bigtimedeals.engine.stream;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import com.bigtimedeals.engine.codec.StreamRecord;

import com.bigtimedeals.engine.expr.KeySchema;

/**
 * One stream of one table, from the moment it was enabled: its ARN and label, view type, status and shards.
 * A table that disables and re-enables its stream gets a new StreamLog (a new ARN), as in the service; the old
 * one stays readable, DISABLED, until its records age out.
 */
public final class StreamLog {
    public final String arn;
    public final String label;
    public final String tableName;
    public final String viewType;
    public final KeySchema key;
    public final long createdMillis;
    /** A 64-bit FNV-1a hash of the ARN: the first half of every record's eventID. */
    public final long idSeed;
    private volatile boolean enabled = true;
    private final List<Shard> shards = new CopyOnWriteArrayList<>();
    private volatile Shard current;
    private long lastSequence = -1;

    /** A new stream with one open shard whose first record will have a sequence number >= {@code nextSequence}. */
    public StreamLog(String arn, String label, String tableName, String viewType, KeySchema key, long createdMillis,
                     long nextSequence) {
        this(arn, label, tableName, viewType, key, createdMillis);
        openShard(null, nextSequence, createdMillis);
    }

    private StreamLog(String arn, String label, String tableName, String viewType, KeySchema key, long createdMillis) {
        this.arn = arn;
        this.label = label;
        this.tableName = tableName;
        this.viewType = viewType;
        this.key = key;
        this.createdMillis = createdMillis;
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < arn.length(); i++) {
            h = (h ^ arn.charAt(i)) * 0x100000001b3L;
        }
        this.idSeed = h;
    }

    /** A stream being read back from a snapshot: shards come from {@link #restoreShard}. */
    public static StreamLog restored(String arn, String label, String tableName, String viewType, KeySchema key,
                                     long createdMillis, boolean enabled, long lastSequence) {
        StreamLog log = new StreamLog(arn, label, tableName, viewType, key, createdMillis);
        log.enabled = enabled;
        log.lastSequence = lastSequence;
        return log;
    }

    public long lastSequence() {
        return lastSequence;
    }

    private void openShard(String parent, long startingSequence, long now) {
        // Derived from the stream and the first sequence number, so that a restarted engine, replaying its log,
        // gives every shard the id its readers already hold.
        String id = String.format("shardId-%020d-%08x", now, (arn + "#" + startingSequence).hashCode());
        Shard s = new Shard(id, parent, startingSequence, now);
        shards.add(s);
        current = s;
    }

    /** Restores a shard as it was (from a snapshot). */
    public Shard restoreShard(String id, String parent, long startingSequence, long createdMillis, long endingSequence) {
        Shard s = new Shard(id, parent, startingSequence, createdMillis);
        if (endingSequence >= 0) {
            s.close(endingSequence);
        }
        shards.add(s);
        current = s;
        return s;
    }

    public void restoreRecord(Shard shard, StreamRecord r) {
        shard.append(r);
        lastSequence = Math.max(lastSequence, r.sequence());
    }

    public boolean enabled() {
        return enabled;
    }

    public String status() {
        return enabled ? "ENABLED" : "DISABLED";
    }

    public List<Shard> shards() {
        return shards;
    }

    public Shard shard(String id) {
        for (Shard s : shards) {
            if (s.id.equals(id)) {
                return s;
            }
        }
        return null;
    }

    /**
     * Appends a committed change; callers hold the engine's commit lock, so sequence numbers reach each shard in
     * order. Rolls to a child shard when the current one has been open for {@code shardLifetimeMillis}.
     */
    public void append(StreamRecord r, long shardLifetimeMillis) {
        Shard s = current;
        if (s.size() > 0 && r.timeMillis() - s.createdMillis >= shardLifetimeMillis) {
            s.close(lastSequence);
            openShard(s.id, r.sequence(), r.timeMillis());
            s = current;
        }
        s.append(r);
        lastSequence = r.sequence();
    }

    /** Closes the open shard: the stream was disabled or its table deleted. Callers hold the commit lock. */
    public void disable(long nextSequence) {
        enabled = false;
        Shard s = current;
        if (!s.closed()) {
            s.close(s.size() == 0 ? Math.max(s.startingSequence, nextSequence - 1) : lastSequence);
        }
    }

    /** Drops records and shards past retention; callers hold the commit lock. */
    public void trim(long cutoffMillis) {
        for (Shard s : shards) {
            s.trim(cutoffMillis);
            if (s.closed() && s != current && s.lastActivityMillis() < cutoffMillis) {
                shards.remove(s);
            }
        }
    }

    /** Whether a disabled stream has nothing left to read and can be forgotten. */
    public boolean expired(long cutoffMillis) {
        if (enabled) {
            return false;
        }
        for (Shard s : shards) {
            if (s.lastActivityMillis() >= cutoffMillis) {
                return false;
            }
        }
        return true;
    }
}
