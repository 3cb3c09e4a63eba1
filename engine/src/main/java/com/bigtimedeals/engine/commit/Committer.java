package com.bigtimedeals.engine.commit;

import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

import com.bigtimedeals.engine.codec.ItemCodec;
import com.bigtimedeals.engine.codec.StreamRecord;
import com.bigtimedeals.engine.store.Journal;
import com.bigtimedeals.engine.stream.StreamLog;
import com.bigtimedeals.engine.table.Index;
import com.bigtimedeals.engine.table.IndexOp;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.table.TableDefJson;
import com.bigtimedeals.engine.table.TtlIndex;
import com.bigtimedeals.engine.value.Value;

/**
 * The one commit point of the engine. Every change is applied to its table under its item's lock, then, under the
 * commit lock, given the next sequence number, appended to its table's stream and handed to the journal. So the
 * stream and the durable log are fed from one ordered record of committed changes, and sequence numbers only grow.
 * The commit lock is held for microseconds (no item work happens under it), so it never serialises the engine.
 */
public final class Committer {
    private final ReentrantLock lock = new ReentrantLock();
    private final LongSupplier clock;
    private volatile Journal journal;
    private long sequence;
    private long lastTime;
    private volatile long shardLifetimeMillis;
    private volatile long defaultGsiLagMillis;

    public Committer(LongSupplier clock, long shardLifetimeMillis, long defaultGsiLagMillis) {
        this.clock = clock;
        this.shardLifetimeMillis = shardLifetimeMillis;
        this.defaultGsiLagMillis = defaultGsiLagMillis;
    }

    public void journal(Journal j) {
        this.journal = j;
    }

    public void defaultGsiLagMillis(long millis) {
        this.defaultGsiLagMillis = millis;
    }

    public long defaultGsiLagMillis() {
        return defaultGsiLagMillis;
    }

    public long now() {
        return clock.getAsLong();
    }

    /**
     * Commits changes that the caller has decided under the items' locks, which it still holds. The journal writes
     * them before their stream records are appended: a write the journal refuses (a full disk) is taken back, its
     * sequence numbers given to the next commit, and never reaches a stream. The wait for the journal (an fsync,
     * when asked for) comes after the commit lock is let go, so one fsync serves every commit waiting for one.
     */
    public void commit(List<Change> changes) {
        for (Change c : changes) {
            apply(c, true);
        }
        Journal.Durable durable = Journal.NOTHING;
        lock.lock();
        try {
            long time = Math.max(clock.getAsLong(), lastTime);
            long before = sequence;
            for (Change c : changes) {
                c.sequence = ++sequence;
                c.timeMillis = time;
            }
            Journal j = journal;
            if (j != null) {
                try {
                    durable = j.changes(changes);
                } catch (RuntimeException refused) {
                    sequence = before;
                    for (int i = changes.size() - 1; i >= 0; i--) {
                        apply(changes.get(i).undo(), true);
                    }
                    throw refused;
                }
            }
            lastTime = time;
            for (Change c : changes) {
                StreamLog stream = c.table.stream;
                if (stream != null && stream.enabled()) {
                    stream.append(record(c, stream.viewType), shardLifetimeMillis);
                }
            }
        } finally {
            lock.unlock();
        }
        durable.await();
    }

    /** The stream record of a change, holding only the images its view type shows (and keys, from either). */
    static StreamRecord record(Change c, String viewType) {
        byte event = c.oldBytes == null ? StreamRecord.INSERT : c.newBytes == null ? StreamRecord.REMOVE : StreamRecord.MODIFY;
        boolean wantsOld = viewType.equals("OLD_IMAGE") || viewType.equals("NEW_AND_OLD_IMAGES");
        boolean wantsNew = viewType.equals("NEW_IMAGE") || viewType.equals("NEW_AND_OLD_IMAGES");
        byte[] oldImage = wantsOld || c.newBytes == null ? c.oldBytes : null;
        byte[] newImage = wantsNew || c.oldBytes == null || !wantsOld ? c.newBytes : null;
        return new StreamRecord(c.sequence, c.timeMillis, event, c.byTtl, oldImage, newImage);
    }

    /**
     * Applies a change to the table's items, counters, indexes and expiry index. During recovery
     * ({@code live == false}) index updates are never delayed.
     */
    public void apply(Change c, boolean live) {
        Table t = c.table;
        if (c.newBytes == null) {
            t.items.remove(c.key);
        } else {
            t.items.put(c.key, c.newBytes);
        }
        long oldSize = c.oldBytes == null ? 0 : ItemCodec.size(c.oldBytes);
        long newSize = c.newBytes == null ? 0 : ItemCodec.size(c.newBytes);
        t.itemCount.addAndGet((c.newBytes != null ? 1 : 0) - (c.oldBytes != null ? 1 : 0));
        t.sizeBytes.addAndGet(newSize - oldSize);
        List<Index> indexes = t.indexes();
        if (!indexes.isEmpty()) {
            long lag = live ? gsiLag(t) : 0;
            for (Index index : indexes) {
                IndexOp op = indexOp(index, c, oldSize, newSize);
                if (op == null) {
                    continue;
                }
                if (lag > 0 && index.global()) {
                    t.lag.add(op, lag, clock.getAsLong());
                } else {
                    op.apply();
                }
            }
        }
        if (t.def().ttlEnabled()) {
            String attribute = t.def().ttlAttribute();
            boolean maps = c.decoded();
            Long before = c.oldBytes == null ? null
                    : TtlIndex.expiry(maps ? c.oldItem().get(attribute) : ItemCodec.attribute(c.oldBytes, attribute));
            Long after = c.newBytes == null ? null
                    : TtlIndex.expiry(maps ? c.newItem().get(attribute) : ItemCodec.attribute(c.newBytes, attribute));
            if (before != null && !before.equals(after)) {
                t.ttl.remove(before, c.key);
            }
            if (after != null) {
                t.ttl.add(after, c.key);
            }
        }
    }

    private long gsiLag(Table t) {
        Long own = t.settings.gsiLagMillis();
        return own != null ? own : defaultGsiLagMillis;
    }

    private static IndexOp indexOp(Index index, Change c, long oldSize, long newSize) {
        // A live write has the items decoded; recovery reads the keys straight from the stored bytes.
        boolean maps = c.decoded();
        byte[] oldKey = c.oldBytes == null ? null : maps ? index.key(c.oldItem()) : index.key(c.oldBytes);
        byte[] newKey = c.newBytes == null ? null : maps ? index.key(c.newItem()) : index.key(c.newBytes);
        if (oldKey == null && newKey == null) {
            return null;
        }
        long oldEntry = oldKey == null ? 0 : index.projectsAll() ? oldSize : index.entrySize(c.oldItem(), oldSize);
        long newEntry = newKey == null ? 0 : index.projectsAll() ? newSize : index.entrySize(c.newItem(), newSize);
        long countDelta = (newKey != null ? 1 : 0) - (oldKey != null ? 1 : 0);
        return new IndexOp(index, oldKey, newKey, c.newBytes, countDelta, newEntry - oldEntry);
    }

    /**
     * Runs a table-level change (create, or a new definition: stream, TTL, indexes, settings) under the commit
     * lock, so it takes its place in the one order of committed changes, and journals the table's new definition.
     */
    public void defineTable(Table table, Runnable change) {
        tableChange(change, (j, seq) -> j.tableDefined(table.id, TableDefJson.write(table.def()), seq));
    }

    /** Runs a table deletion under the commit lock and journals it. */
    public void deleteTable(Table table, Runnable change) {
        tableChange(change, (j, seq) -> j.tableDeleted(table.id, seq));
    }

    /** What a table change writes to the journal, given its sequence number. */
    private interface TableRecord {
        Journal.Durable write(Journal journal, long sequence);
    }

    /** A table change takes the next sequence number under the lock; its fsync, if any, is waited for after. */
    private void tableChange(Runnable change, TableRecord record) {
        Journal.Durable durable = Journal.NOTHING;
        lock.lock();
        try {
            change.run();
            long seq = ++sequence;
            Journal j = journal;
            if (j != null) {
                durable = record.write(j, seq);
            }
        } finally {
            lock.unlock();
        }
        durable.await();
    }

    /** Runs maintenance that must not interleave with appends (stream trimming). */
    public void underLock(Runnable work) {
        lock.lock();
        try {
            work.run();
        } finally {
            lock.unlock();
        }
    }

    /** The next sequence number a change will get (read under the lock by callers that need it exact). */
    public long nextSequence() {
        return sequence + 1;
    }

    /** Recovery: continue numbering after the highest sequence number read back. */
    public void restoreSequence(long last) {
        lock.lock();
        try {
            sequence = Math.max(sequence, last);
        } finally {
            lock.unlock();
        }
    }

    public long lastSequence() {
        return sequence;
    }

    /**
     * Recovery: the stream record of a change read back from the log, with the sequence number, time and images
     * it was first committed with, appended when the table's stream is enabled.
     */
    void replayStream(Table table, long sequence, long timeMillis, byte event, boolean byTtl, byte[] oldBytes, byte[] newBytes) {
        this.sequence = Math.max(this.sequence, sequence);
        lastTime = Math.max(lastTime, timeMillis);
        StreamLog stream = table.stream;
        if (stream != null && stream.enabled()) {
            Change c = new Change(table, null, null, oldBytes, null, newBytes, byTtl);
            c.sequence = sequence;
            c.timeMillis = timeMillis;
            StreamRecord r = record(c, stream.viewType);
            stream.append(new StreamRecord(sequence, timeMillis, event, byTtl, r.oldImage(), r.newImage()), shardLifetimeMillis);
        }
    }

    /** Recovery: the sequence number of the last record read back. */
    public void sequence(long last) {
        sequence = Math.max(sequence, last);
    }

    /** Whether a value changed: the service writes no stream record for a write that changes nothing. */
    public static boolean same(java.util.Map<String, Value> a, java.util.Map<String, Value> b) {
        return a == null ? b == null : a.equals(b);
    }
}
