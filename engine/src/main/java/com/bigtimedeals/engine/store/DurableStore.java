package com.bigtimedeals.engine.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.bigtimedeals.engine.ops.Context;
import com.bigtimedeals.engine.ops.Streams;
import com.bigtimedeals.engine.ops.TableSettingsTags;
import com.bigtimedeals.engine.ops.UpdateTimeToLive;
import com.bigtimedeals.engine.stream.StreamLog;
import com.bigtimedeals.engine.stream.StreamRecord;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.table.TableDef;

/**
 * The data directory: a snapshot ({@code snapshot.dat}) and the log written since ({@code log-<first sequence>.dat}).
 * Every committed change is appended to the log before it is acknowledged, from the commit point that also feeds
 * the streams, so the log holds exactly the changes (and table definitions) in the order they were committed.
 * On start the snapshot is loaded and the log replayed, streams and sequence numbers included. Snapshots are
 * written while the engine runs, without stopping writes, and let old log files go.
 */
public final class DurableStore implements Journal, AutoCloseable {
    static final byte TABLE_DEFINED = 1;
    static final byte TABLE_DELETED = 2;
    static final byte CHANGES = 3;

    private final Path dir;
    private final Context ctx;
    private final Bytes buffer = new Bytes(1 << 16);
    private volatile LogSegment log;
    private volatile long logBytesSinceSnapshot;
    private volatile boolean closed;

    private DurableStore(Path dir, Context ctx) {
        this.dir = dir;
        this.ctx = ctx;
    }

    /** Opens (creating if needed) a data directory and reads it back into the engine's tables and streams. */
    public static DurableStore open(Path dir, Context ctx) {
        DurableStore store = new DurableStore(dir, ctx);
        try {
            Files.createDirectories(dir);
            store.recover();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open data directory " + dir, e);
        }
        ctx.committer.journal(store);
        return store;
    }

    private void recover() throws IOException {
        Path snapshot = dir.resolve("snapshot.dat");
        // Stored keys begin with the partition hash; a directory written before keys used the service's hash
        // would find nothing by key, so it is refused with a clear message rather than read wrongly.
        Path format = dir.resolve("format");
        if (!Files.exists(format)) {
            if (Files.exists(snapshot) || !segments().isEmpty()) {
                throw new IllegalStateException("the data directory " + dir + " was written by an earlier engine whose keys are "
                        + "laid out differently; move it away to start afresh");
            }
            Files.writeString(format, "2\n");
        }
        long after = 0;
        Map<Long, Table> tables = new HashMap<>();
        if (Files.exists(snapshot)) {
            after = SnapshotFile.read(snapshot, ctx, tables);
        }
        long snapshotSequence = after;
        long replayed = 0;
        for (Path segment : segments()) {
            LogSegment.read(segment, payload -> replay(payload, tables, snapshotSequence));
            replayed += Files.size(segment);
        }
        // The log read back counts towards the next snapshot, which will fold it in and let it go.
        logBytesSinceSnapshot = replayed;
        Files.deleteIfExists(dir.resolve("snapshot.tmp"));
        log = LogSegment.create(dir.resolve(segmentName(ctx.committer.lastSequence() + 1)));
    }

    private List<Path> segments() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> out = new ArrayList<>();
            files.filter(p -> p.getFileName().toString().matches("log-\\d+\\.dat")).forEach(out::add);
            out.sort(Comparator.comparingLong(DurableStore::startOf));
            return out;
        }
    }

    private static long startOf(Path segment) {
        String n = segment.getFileName().toString();
        return Long.parseLong(n.substring(4, n.length() - 4));
    }

    private static String segmentName(long firstSequence) {
        return String.format("log-%020d.dat", firstSequence);
    }

    private void replay(byte[] payload, Map<Long, Table> tables, long snapshotSequence) {
        Reader in = new Reader(payload);
        byte type = in.b();
        if (type == TABLE_DEFINED) {
            long id = in.l();
            long seq = in.l();
            TableDef def = TableDefJson.read(in.bytes());
            if (seq > snapshotSequence) {
                define(tables, id, seq, def);
            }
        } else if (type == TABLE_DELETED) {
            long id = in.l();
            long seq = in.l();
            Table t = tables.get(id);
            if (seq > snapshotSequence && t != null) {
                ctx.committer.sequence(seq - 1);
                ctx.catalog.remove(t);
                t.markDeleted();
                Streams.close(ctx, t);
                ctx.committer.sequence(seq);
            }
        } else if (type == CHANGES) {
            int count = in.i();
            for (int i = 0; i < count; i++) {
                long id = in.l();
                long seq = in.l();
                long time = in.l();
                byte event = in.b();
                boolean byTtl = in.b() != 0;
                byte[] key = in.bytes();
                byte[] newBytes = in.bytesOrNull();
                byte[] oldBytes = in.bytesOrNull();
                Table t = tables.get(id);
                if (seq <= snapshotSequence || t == null) {
                    continue;
                }
                byte[] current = t.items.get(key);
                ctx.committer.apply(new Change(t, key, null, current, null, newBytes, byTtl), false);
                ctx.committer.replayStream(t, seq, time, event, byTtl, oldBytes != null ? oldBytes : current, newBytes);
            }
        }
    }

    /** Replays a table definition: creates the table or redefines it, opening or closing its stream as it did. */
    void define(Map<Long, Table> tables, long id, long seq, TableDef def) {
        Table t = tables.get(id);
        ctx.committer.sequence(seq - 1);
        ctx.catalog.restoreTableId(id);
        if (t == null) {
            t = new Table(id, def);
            tables.put(id, t);
            ctx.catalog.putIfAbsent(t);
            if (def.streamEnabled()) {
                Streams.open(ctx, t, def.latestStreamLabel());
            }
        } else {
            TableDef before = t.def();
            boolean ttlChanged = before.ttlEnabled() != def.ttlEnabled();
            if (before.streamEnabled() && (!def.streamEnabled() || !def.latestStreamLabel().equals(before.latestStreamLabel()))) {
                Streams.close(ctx, t);
            }
            List<String> existing = new ArrayList<>();
            for (TableDef.IndexDef d : before.globalIndexes()) {
                existing.add(d.name());
            }
            t.define(def);
            for (TableDef.IndexDef d : def.globalIndexes()) {
                if (!existing.contains(d.name())) {
                    backfill(t, t.index(d.name()));
                }
            }
            if (def.streamEnabled() && (t.stream == null || !t.stream.label.equals(def.latestStreamLabel()))) {
                Streams.open(ctx, t, def.latestStreamLabel());
            }
            if (ttlChanged) {
                t.ttl.clear();
                if (def.ttlEnabled()) {
                    UpdateTimeToLive.index(t, def.ttlAttribute());
                }
            }
        }
        TableSettingsTags.apply(t, def.tags());
        ctx.committer.sequence(seq);
    }

    /** An index created by UpdateTable was filled from the items there were; replay fills it the same way. */
    private static void backfill(Table t, com.bigtimedeals.engine.table.Index index) {
        for (Map.Entry<byte[], byte[]> e : t.items.entrySet()) {
            Map<String, com.bigtimedeals.engine.value.Value> item = ItemCodec.decode(e.getValue());
            byte[] key = index.key(item);
            if (key != null && index.entries.put(key, e.getValue()) == null) {
                index.count.incrementAndGet();
                index.bytes.addAndGet(index.entrySize(item, ItemCodec.size(e.getValue())));
            }
        }
    }

    // ---- journal: called under the commit lock ----

    @Override
    public void changes(List<Change> changes) {
        Bytes b = buffer;
        b.clear();
        b.put(CHANGES);
        b.putInt(changes.size());
        for (Change c : changes) {
            b.putLong(c.table.id);
            b.putLong(c.sequence);
            b.putLong(c.timeMillis);
            b.put(c.oldBytes == null ? StreamRecord.INSERT : c.newBytes == null ? StreamRecord.REMOVE : StreamRecord.MODIFY);
            b.put(c.byTtl ? 1 : 0);
            putBytes(b, c.key);
            putBytes(b, c.newBytes);
            // The old image only where a stream may need it: replay rebuilds its records as they were written.
            StreamLog stream = c.table.stream;
            putBytes(b, stream != null && stream.enabled() ? c.oldBytes : null);
        }
        write(b);
    }

    @Override
    public void tableDefined(Table table, long sequence) {
        Bytes b = buffer;
        b.clear();
        b.put(TABLE_DEFINED);
        b.putLong(table.id);
        b.putLong(sequence);
        putBytes(b, TableDefJson.write(table.def()));
        write(b);
    }

    @Override
    public void tableDeleted(Table table, long sequence) {
        Bytes b = buffer;
        b.clear();
        b.put(TABLE_DELETED);
        b.putLong(table.id);
        b.putLong(sequence);
        write(b);
    }

    private void write(Bytes b) {
        LogSegment l = log;
        l.append(b.array(), b.size());
        logBytesSinceSnapshot += b.size() + 8;
    }

    static void putBytes(Bytes b, byte[] bytes) {
        if (bytes == null) {
            b.putInt(-1);
        } else {
            b.putInt(bytes.length);
            b.put(bytes);
        }
    }

    // ---- snapshots ----

    /** Writes a snapshot when the log has grown past the configured size. */
    public void maybeSnapshot() {
        if (!closed && logBytesSinceSnapshot > ctx.settings.snapshotLogBytes()) {
            snapshot();
        }
    }

    /**
     * Writes a snapshot without stopping writes: under the commit lock the log moves to a new file and the state
     * to capture is fixed (definitions, stream positions, the last sequence number); the items are then copied
     * while writes go on. Changes that slip into the copy are in the new log file as well, and replaying them
     * again is harmless, since each record holds an item's whole new state.
     */
    public synchronized void snapshot() {
        SnapshotFile.Capture[] capture = new SnapshotFile.Capture[1];
        LogSegment[] previous = new LogSegment[1];
        ctx.committer.underLock(() -> {
            capture[0] = SnapshotFile.capture(ctx);
            previous[0] = log;
            log = LogSegment.create(dir.resolve(segmentName(capture[0].sequence() + 1)));
            logBytesSinceSnapshot = 0;
        });
        previous[0].close();
        try {
            Path tmp = dir.resolve("snapshot.tmp");
            SnapshotFile.write(tmp, capture[0]);
            Files.move(tmp, dir.resolve("snapshot.dat"), java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            for (Path segment : segments()) {
                if (startOf(segment) <= capture[0].sequence()) {
                    Files.deleteIfExists(segment);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("snapshot failed", e);
        }
    }

    @Override
    public void close() {
        closed = true;
        if (logBytesSinceSnapshot > 16L * 1024 * 1024) {
            snapshot();
        }
        log.force();
        log.close();
    }

    /** Reads the fields of one log record. */
    static final class Reader {
        private final byte[] b;
        private int p;

        Reader(byte[] b) {
            this.b = b;
        }

        byte b() {
            return b[p++];
        }

        int i() {
            int v = Bytes.getInt(b, p);
            p += 4;
            return v;
        }

        long l() {
            long v = Bytes.getLong(b, p);
            p += 8;
            return v;
        }

        byte[] bytes() {
            int n = i();
            byte[] out = java.util.Arrays.copyOfRange(b, p, p + n);
            p += n;
            return out;
        }

        byte[] bytesOrNull() {
            int n = i();
            if (n < 0) {
                return null;
            }
            byte[] out = java.util.Arrays.copyOfRange(b, p, p + n);
            p += n;
            return out;
        }
    }
}
