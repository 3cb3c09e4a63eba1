package com.bigtimedeals.engine.store;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.expr.KeySchema;
import com.bigtimedeals.engine.ops.Context;
import com.bigtimedeals.engine.ops.TableSettingsTags;
import com.bigtimedeals.engine.stream.Shard;
import com.bigtimedeals.engine.stream.StreamLog;
import com.bigtimedeals.engine.stream.StreamRecord;
import com.bigtimedeals.engine.table.Table;
import com.bigtimedeals.engine.table.TableDef;
import com.bigtimedeals.engine.value.Value;

/**
 * A snapshot: every table (definition and items), every stream still readable (shards and records) and the last
 * sequence number it covers. Written to a temporary file, flushed to disk and renamed into place, so a crash
 * while writing one leaves the previous snapshot and its log intact.
 */
final class SnapshotFile {
    private static final byte HEADER = 1;
    private static final byte TABLE = 2;
    private static final byte ITEMS = 3;
    private static final byte STREAM = 4;
    private static final byte SHARD = 5;
    private static final byte RECORDS = 6;
    private static final byte END = 7;
    /** A frame is closed once it holds this much: damage to one costs at most about this much of the snapshot. */
    private static final int FRAME_BYTES = 256 * 1024;

    private SnapshotFile() {
    }

    /** What a snapshot holds, fixed under the commit lock. */
    record Capture(long sequence, long nextTableId, List<Table> tables, List<TableDef> defs, List<StreamLog> streams,
                   List<long[]> shardSizes) {
    }

    /** Called under the commit lock. */
    static Capture capture(Context ctx) {
        List<Table> tables = ctx.catalog.all();
        List<TableDef> defs = new ArrayList<>();
        for (Table t : tables) {
            defs.add(t.def());
        }
        List<StreamLog> streams = ctx.catalog.streams();
        List<long[]> sizes = new ArrayList<>();
        for (StreamLog s : streams) {
            List<Shard> shards = s.shards();
            long[] n = new long[shards.size()];
            for (int i = 0; i < n.length; i++) {
                n[i] = shards.get(i).size();
            }
            sizes.add(n);
        }
        return new Capture(ctx.committer.lastSequence(), ctx.catalog.newTableId(), tables, defs, streams, sizes);
    }

    /**
     * Writes the snapshot as frames of at most about 256 KB, each with its own checksums: index {@code i} in the
     * frame's {@code a}, the snapshot's sequence number in {@code b}. A header frame first, then each table (its
     * definition, then its items in key order), each stream (its shards and their records), and an end frame holding
     * the number of frames, so a cut snapshot is found out. Flushed to disk before it is renamed into place.
     */
    static void write(Path path, Capture c) throws IOException {
        try (FileOutputStream file = new FileOutputStream(path.toFile());
             BufferedOutputStream out = new BufferedOutputStream(file, 1 << 16)) {
            FrameWriter w = new FrameWriter(out, c.sequence());
            Bytes b = w.start(HEADER);
            b.putLong(c.sequence());
            b.putLong(c.nextTableId());
            w.finish();
            for (int i = 0; i < c.tables().size(); i++) {
                Table t = c.tables().get(i);
                b = w.start(TABLE);
                b.putLong(t.id);
                DurableStore.putBytes(b, TableDefJson.write(c.defs().get(i)));
                w.finish();
                b = null;
                int count = 0;
                int countAt = 0;
                for (Map.Entry<byte[], byte[]> e : t.items.entrySet()) {
                    if (b == null) {
                        b = w.start(ITEMS);
                        b.putLong(t.id);
                        countAt = b.size();
                        b.putInt(0);
                        count = 0;
                    }
                    DurableStore.putBytes(b, e.getKey());
                    DurableStore.putBytes(b, e.getValue());
                    count++;
                    if (b.size() >= FRAME_BYTES) {
                        b.setInt(countAt, count);
                        w.finish();
                        b = null;
                    }
                }
                if (b != null) {
                    b.setInt(countAt, count);
                    w.finish();
                }
            }
            for (int i = 0; i < c.streams().size(); i++) {
                StreamLog s = c.streams().get(i);
                b = w.start(STREAM);
                b.putInt(i);
                Payload.putString(b, s.arn);
                Payload.putString(b, s.label);
                Payload.putString(b, s.tableName);
                Payload.putString(b, s.viewType);
                Payload.putString(b, s.key.partitionKey());
                Payload.putString(b, s.key.partitionType().name());
                Payload.putString(b, s.key.sortKey() == null ? "" : s.key.sortKey());
                Payload.putString(b, s.key.sortType() == null ? "" : s.key.sortType().name());
                b.putLong(s.createdMillis);
                b.put(s.enabled() ? 1 : 0);
                b.putLong(s.lastSequence());
                w.finish();
                List<Shard> shards = s.shards();
                long[] sizes = c.shardSizes().get(i);
                for (int k = 0; k < sizes.length; k++) {
                    Shard shard = shards.get(k);
                    b = w.start(SHARD);
                    b.putInt(i);
                    b.putInt(k);
                    Payload.putString(b, shard.id);
                    Payload.putString(b, shard.parentId == null ? "" : shard.parentId);
                    b.putLong(shard.startingSequence);
                    b.putLong(shard.createdMillis);
                    long ending = shard.endingSequence();
                    b.putLong(ending >= 0 && ending <= c.sequence() ? ending : -1);
                    w.finish();
                    b = null;
                    int count = 0;
                    int countAt = 0;
                    for (long p = shard.trimHorizon(); p < sizes[k]; p++) {
                        StreamRecord r = shard.get(p);
                        if (r == null) {
                            continue;
                        }
                        if (b == null) {
                            b = w.start(RECORDS);
                            b.putInt(i);
                            b.putInt(k);
                            countAt = b.size();
                            b.putInt(0);
                            count = 0;
                        }
                        b.putLong(r.sequence());
                        b.putLong(r.timeMillis());
                        b.put(r.event());
                        b.put(r.byTtl() ? 1 : 0);
                        DurableStore.putBytes(b, r.oldImage());
                        DurableStore.putBytes(b, r.newImage());
                        count++;
                        if (b.size() >= FRAME_BYTES) {
                            b.setInt(countAt, count);
                            w.finish();
                            b = null;
                        }
                    }
                    if (b != null) {
                        b.setInt(countAt, count);
                        w.finish();
                    }
                }
            }
            b = w.start(END);
            b.putLong(w.frames + 1);
            w.finish();
            out.flush();
            file.getFD().sync();
        }
    }

    /** Frames written one after another, each numbered. */
    private static final class FrameWriter {
        private final java.io.OutputStream out;
        private final long sequence;
        private final Bytes buffer = new Bytes(FRAME_BYTES + (1 << 16));
        long frames;

        FrameWriter(java.io.OutputStream out, long sequence) {
            this.out = out;
            this.sequence = sequence;
        }

        Bytes start(byte kind) {
            buffer.clear();
            buffer.put(kind);
            return buffer;
        }

        void finish() throws IOException {
            out.write(Frame.header(buffer.array(), buffer.size(), frames++, sequence));
            out.write(buffer.array(), 0, buffer.size());
        }
    }

    /**
     * Loads a snapshot into the engine; returns the last sequence number it covers. Every frame is checked before
     * anything is loaded: any damage refuses the start ({@link DamagedDataException}) unless {@code recovery} is
     * given, which loads every intact frame and reports the damaged ones (what they held is lost).
     */
    static long read(Path path, Context ctx, Map<Long, Table> tables, Recovery recovery) throws IOException {
        try (Frame.Source in = new Frame.Source(path)) {
            Frame.Scan scan = Frame.scan(in, 0);
            Long sequence = null;
            if (!scan.frames().isEmpty() && scan.frames().get(0).a() == 0) {
                sequence = scan.frames().get(0).b();
            }
            List<String> problems = new ArrayList<>();
            for (Frame.Damage d : scan.damages()) {
                problems.add(DamagedDataException.describe(d));
            }
            long expected = 0;
            long previousEnd = 0;
            for (Frame.Found f : scan.frames()) {
                boolean afterDamage = scan.damageBetween(previousEnd, f.offset());
                previousEnd = f.end();
                if (f.a() != expected && !afterDamage) {
                    problems.add("the frame at byte " + f.offset() + " is number " + f.a() + " where number " + expected
                            + " belongs (frames missing or out of order)");
                }
                if (sequence != null && f.b() != sequence) {
                    problems.add("the frame at byte " + f.offset() + " belongs to a snapshot at sequence " + f.b()
                            + ", this one is at " + sequence);
                }
                expected = f.a() + 1;
            }
            if (sequence == null) {
                problems.add("its first frame (the header) is damaged or missing");
            }
            if (recovery == null && !problems.isEmpty()) {
                throw DamagedDataException.refuse(path, problems.get(0) + (problems.size() > 1
                        ? " (and " + (problems.size() - 1) + " more problems)" : ""));
            }
            if (recovery != null && !problems.isEmpty()) {
                recovery.damaged(path, problems);
                for (Frame.Damage d : scan.damages()) {
                    recovery.lost("what snapshot.dat held from byte " + d.offset() + " to byte " + d.end()
                            + " (items or stream records; those written again since are in the log)");
                }
                if (sequence == null) {
                    // Every frame names the snapshot's sequence number: the most common one stands for the lost header.
                    Map<Long, Integer> votes = new java.util.HashMap<>();
                    for (Frame.Found f : scan.frames()) {
                        votes.merge(f.b(), 1, Integer::sum);
                    }
                    sequence = votes.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(0L);
                }
            }
            long seq = sequence;
            Loader loader = new Loader(ctx, tables, recovery, path);
            boolean ended = false;
            for (Frame.Found f : scan.frames()) {
                if (f.b() != seq) {
                    continue;
                }
                Frame.Found again = in.at(f.offset(), true);
                if (again.status() != Frame.Status.INTACT) {
                    throw DamagedDataException.refuse(path, "the frame at byte " + f.offset() + " changed while it was read");
                }
                try {
                    ended |= loader.frame(new Payload(again.payload()), f.a());
                } catch (Payload.Malformed | IllegalStateException | IllegalArgumentException e) {
                    if (recovery == null) {
                        throw DamagedDataException.refuse(path, "the frame at byte " + f.offset() + " holds a record that cannot be read: "
                                + e.getMessage());
                    }
                    recovery.damaged(path, List.of("the frame at byte " + f.offset() + " could not be read (" + e.getMessage() + ")"));
                }
            }
            if (!ended && recovery == null) {
                throw DamagedDataException.refuse(path, "it ends before its end frame (cut short)");
            }
            loader.finish();
            ctx.committer.sequence(seq);
            return seq;
        }
    }

    /** Builds tables and streams from a snapshot's frames in order. */
    private static final class Loader {
        private final Context ctx;
        private final Map<Long, Table> tables;
        private final Recovery recovery;
        private final Path path;
        private final Map<Long, byte[][][]> items = new java.util.LinkedHashMap<>();
        private final Map<Long, Integer> itemCounts = new java.util.HashMap<>();
        private final Map<Integer, StreamLog> streams = new java.util.TreeMap<>();
        private final Map<Long, Shard> shards = new java.util.HashMap<>();
        private long endFrames = -1;
        private long maxTableId;

        Loader(Context ctx, Map<Long, Table> tables, Recovery recovery, Path path) {
            this.ctx = ctx;
            this.tables = tables;
            this.recovery = recovery;
            this.path = path;
        }

        /** Loads one frame; true for the end frame. */
        boolean frame(Payload in, long index) {
            byte kind = in.b();
            switch (kind) {
                case HEADER -> {
                    in.l();
                    ctx.catalog.restoreTableId(in.l() - 1);
                }
                case TABLE -> {
                    long id = in.l();
                    TableDef def = TableDefJson.read(in.bytes());
                    Table t = new Table(id, def);
                    TableSettingsTags.apply(t, def.tags());
                    tables.put(id, t);
                    ctx.catalog.putIfAbsent(t);
                    items.put(id, new byte[][][] {new byte[1024][], new byte[1024][]});
                    itemCounts.put(id, 0);
                    maxTableId = Math.max(maxTableId, id);
                }
                case ITEMS -> {
                    long id = in.l();
                    int count = in.count(8);
                    byte[][][] kv = items.get(id);
                    if (kv == null) {
                        if (recovery == null) {
                            throw new Payload.Malformed("items of table " + id + ", which no table frame before them defines");
                        }
                        recovery.lost(count + " items of a table (id " + id + ") whose definition was in a damaged frame of " + path.getFileName());
                        return false;
                    }
                    int n = itemCounts.get(id);
                    for (int i = 0; i < count; i++) {
                        if (n == kv[0].length) {
                            kv[0] = java.util.Arrays.copyOf(kv[0], n * 2);
                            kv[1] = java.util.Arrays.copyOf(kv[1], n * 2);
                        }
                        kv[0][n] = in.bytes();
                        kv[1][n++] = in.bytes();
                    }
                    itemCounts.put(id, n);
                }
                case STREAM -> {
                    int ordinal = in.i();
                    String arn = in.string();
                    String label = in.string();
                    String tableName = in.string();
                    String viewType = in.string();
                    String pk = in.string();
                    Value.Type pkType = Value.Type.valueOf(in.string());
                    String sk = in.string();
                    String skType = in.string();
                    KeySchema key = new KeySchema(pk, pkType, sk.isEmpty() ? null : sk, sk.isEmpty() ? null : Value.Type.valueOf(skType));
                    long created = in.l();
                    boolean enabled = in.bool();
                    long last = in.l();
                    streams.put(ordinal, StreamLog.restored(arn, label, tableName, viewType, key, created, enabled, last));
                }
                case SHARD -> {
                    int stream = in.i();
                    int ordinal = in.i();
                    String id = in.string();
                    String parent = in.string();
                    long start = in.l();
                    long created = in.l();
                    long ending = in.l();
                    StreamLog log = streams.get(stream);
                    if (log == null) {
                        if (recovery == null) {
                            throw new Payload.Malformed("a shard of stream " + stream + ", which no stream frame before it defines");
                        }
                        recovery.lost("shard " + id + " of a stream whose description was in a damaged frame of " + path.getFileName());
                        return false;
                    }
                    shards.put(((long) stream << 32) | ordinal, log.restoreShard(id, parent.isEmpty() ? null : parent, start, created, ending));
                }
                case RECORDS -> {
                    int stream = in.i();
                    int ordinal = in.i();
                    int count = in.count(26);
                    Shard shard = shards.get(((long) stream << 32) | ordinal);
                    if (shard == null) {
                        if (recovery == null) {
                            throw new Payload.Malformed("stream records of a shard no shard frame before them defines");
                        }
                        recovery.lost(count + " stream records of a shard whose description was in a damaged frame of " + path.getFileName());
                        return false;
                    }
                    StreamLog log = streams.get(stream);
                    for (int i = 0; i < count; i++) {
                        long seq = in.l();
                        long time = in.l();
                        byte event = in.b();
                        boolean byTtl = in.bool();
                        byte[] oldImage = in.bytesOrNull();
                        byte[] newImage = in.bytesOrNull();
                        log.restoreRecord(shard, new StreamRecord(seq, time, event, byTtl, oldImage, newImage));
                    }
                }
                case END -> {
                    endFrames = in.l();
                    if (endFrames != index + 1 && recovery == null) {
                        throw new Payload.Malformed("the end frame counts " + endFrames + " frames where there are " + (index + 1));
                    }
                }
                default -> throw new Payload.Malformed("a frame of unknown kind " + kind);
            }
            in.end();
            return kind == END;
        }

        void finish() {
            for (Map.Entry<Long, byte[][][]> e : items.entrySet()) {
                Table t = tables.get(e.getKey());
                t.loadSorted(e.getValue()[0], e.getValue()[1], itemCounts.get(e.getKey()));
            }
            ctx.catalog.restoreTableId(maxTableId);
            for (StreamLog log : streams.values()) {
                ctx.catalog.addStream(log);
                for (Table t : tables.values()) {
                    if (t.name().equals(log.tableName) && log.enabled() && log.label.equals(t.def().latestStreamLabel()) && !t.deleted()) {
                        t.stream = log;
                    }
                }
            }
        }
    }
}
