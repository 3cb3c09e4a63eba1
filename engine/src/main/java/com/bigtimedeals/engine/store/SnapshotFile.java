package com.bigtimedeals.engine.store;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.codec.Bytes;
import com.bigtimedeals.engine.codec.StreamRecord;

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

    /**
     * Writes the snapshot as frames of at most about 256 KB, each with its own checksums: index {@code i} in the
     * frame's {@code a}, the snapshot's sequence number in {@code b}. A header frame first, then each table (its
     * definition, then its items in key order), each stream (its shards and their records), and an end frame holding
     * the number of frames, so a cut snapshot is found out. Flushed to disk before it is renamed into place.
     */
    static void write(Path path, Contents.Capture c) throws IOException {
        try (FileOutputStream file = new FileOutputStream(path.toFile());
             BufferedOutputStream out = new BufferedOutputStream(file, 1 << 16)) {
            FrameWriter w = new FrameWriter(out, c.sequence());
            Bytes b = w.start(HEADER);
            b.putLong(c.sequence());
            b.putLong(c.nextTableId());
            w.finish();
            for (Contents.CapturedTable t : c.tables()) {
                writeTable(w, t);
            }
            for (int i = 0; i < c.streams().size(); i++) {
                writeStream(w, i, c.streams().get(i));
            }
            b = w.start(END);
            b.putLong(w.frames + 1);
            w.finish();
            out.flush();
            file.getFD().sync();
        }
    }

    /** A table's definition, then its items in ITEMS frames of about {@link #FRAME_BYTES} each. */
    private static void writeTable(FrameWriter w, Contents.CapturedTable t) throws IOException {
        Bytes b = w.start(TABLE);
        b.putLong(t.id());
        DurableStore.putBytes(b, t.definition());
        w.finish();
        CountedFrames items = new CountedFrames(w, ITEMS, frame -> frame.putLong(t.id()));
        for (Map.Entry<byte[], byte[]> e : t.items()) {
            Bytes frame = items.entry();
            DurableStore.putBytes(frame, e.getKey());
            DurableStore.putBytes(frame, e.getValue());
            items.entryWritten();
        }
        items.close();
    }

    /** Stream {@code i}'s header, then each of its shards. */
    private static void writeStream(FrameWriter w, int i, Contents.CapturedStream s) throws IOException {
        Contents.StreamHeader h = s.header();
        Bytes b = w.start(STREAM);
        b.putInt(i);
        Payload.putString(b, h.arn());
        Payload.putString(b, h.label());
        Payload.putString(b, h.tableName());
        Payload.putString(b, h.viewType());
        Payload.putString(b, h.partitionKey());
        Payload.putString(b, h.partitionType());
        Payload.putString(b, h.sortKey());
        Payload.putString(b, h.sortType());
        b.putLong(h.createdMillis());
        b.put(h.enabled() ? 1 : 0);
        b.putLong(h.lastSequence());
        w.finish();
        for (int k = 0; k < s.shards().size(); k++) {
            writeShard(w, i, k, s.shards().get(k));
        }
    }

    /** Shard {@code k} of stream {@code i}: its header, then its records in RECORDS frames of about {@link #FRAME_BYTES}. */
    private static void writeShard(FrameWriter w, int i, int k, Contents.CapturedShard shard) throws IOException {
        Contents.ShardHeader sh = shard.header();
        Bytes b = w.start(SHARD);
        b.putInt(i);
        b.putInt(k);
        Payload.putString(b, sh.id());
        Payload.putString(b, sh.parentId() == null ? "" : sh.parentId());
        b.putLong(sh.startingSequence());
        b.putLong(sh.createdMillis());
        b.putLong(sh.endingSequence());
        w.finish();
        CountedFrames records = new CountedFrames(w, RECORDS, frame -> {
            frame.putInt(i);
            frame.putInt(k);
        });
        for (long p = shard.from(); p < shard.to(); p++) {
            StreamRecord r = shard.record().apply(p);
            if (r == null) {
                continue;
            }
            Bytes frame = records.entry();
            frame.putLong(r.sequence());
            frame.putLong(r.timeMillis());
            frame.put(r.event());
            frame.put(r.byTtl() ? 1 : 0);
            DurableStore.putBytes(frame, r.oldImage());
            DurableStore.putBytes(frame, r.newImage());
            records.entryWritten();
        }
        records.close();
    }

    /**
     * Entries packed into frames of one kind of about {@link #FRAME_BYTES} each: every frame its header, then how many
     * entries it holds (filled in when the frame is finished), then the entries. A frame is never left empty.
     */
    private static final class CountedFrames {
        private final FrameWriter w;
        private final byte kind;
        private final java.util.function.Consumer<Bytes> header;
        private Bytes frame;
        private int countAt;
        private int count;

        CountedFrames(FrameWriter w, byte kind, java.util.function.Consumer<Bytes> header) {
            this.w = w;
            this.kind = kind;
            this.header = header;
        }

        /** The frame the next entry goes into, started if none is open. */
        Bytes entry() {
            if (frame == null) {
                frame = w.start(kind);
                header.accept(frame);
                countAt = frame.size();
                frame.putInt(0);
                count = 0;
            }
            return frame;
        }

        /** Counts the entry just written, and finishes the frame once it is full. */
        void entryWritten() throws IOException {
            count++;
            if (frame.size() >= FRAME_BYTES) {
                finishFrame();
            }
        }

        /** Finishes the last frame, if one is open. */
        void close() throws IOException {
            if (frame != null) {
                finishFrame();
            }
        }

        private void finishFrame() throws IOException {
            frame.setInt(countAt, count);
            w.finish();
            frame = null;
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
    static long read(Path path, Contents contents, Recovery recovery) throws IOException {
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
            Loader loader = new Loader(recovery, path);
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
            try {
                contents.restore(loader.snapshot(seq));
            } catch (IllegalStateException | IllegalArgumentException e) {
                // A definition or stream description that passed its checksum but does not read: not this engine's.
                throw DamagedDataException.refuse(path, "it holds a table or stream that cannot be read: " + e.getMessage());
            }
            contents.sequence(seq);
            return seq;
        }
    }

    /** Gathers a snapshot's tables and streams from its frames in order, for the engine's contents to restore. */
    private static final class Loader {
        private final Recovery recovery;
        private final Path path;
        private final Map<Long, byte[]> definitions = new java.util.LinkedHashMap<>();
        private final Map<Long, byte[][][]> items = new java.util.HashMap<>();
        private final Map<Long, Integer> itemCounts = new java.util.HashMap<>();
        private final Map<Integer, Contents.StreamHeader> streams = new java.util.TreeMap<>();
        private final Map<Integer, List<Contents.ShardImage>> streamShards = new java.util.HashMap<>();
        private final Map<Long, Contents.ShardImage> shards = new java.util.HashMap<>();
        private long endFrames = -1;
        private long nextTableId = 1;

        Loader(Recovery recovery, Path path) {
            this.recovery = recovery;
            this.path = path;
        }

        /** Loads one frame; true for the end frame. */
        boolean frame(Payload in, long index) {
            byte kind = in.b();
            switch (kind) {
                case HEADER -> {
                    in.l();
                    nextTableId = Math.max(nextTableId, in.l());
                }
                case TABLE -> {
                    long id = in.l();
                    definitions.put(id, in.bytes());
                    items.put(id, new byte[][][] {new byte[1024][], new byte[1024][]});
                    itemCounts.put(id, 0);
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
                    streams.put(ordinal, new Contents.StreamHeader(in.string(), in.string(), in.string(), in.string(),
                            in.string(), in.string(), in.string(), in.string(), in.l(), in.bool(), in.l()));
                    streamShards.put(ordinal, new ArrayList<>());
                }
                case SHARD -> {
                    int stream = in.i();
                    int ordinal = in.i();
                    String id = in.string();
                    String parent = in.string();
                    long start = in.l();
                    long created = in.l();
                    long ending = in.l();
                    List<Contents.ShardImage> of = streamShards.get(stream);
                    if (of == null) {
                        if (recovery == null) {
                            throw new Payload.Malformed("a shard of stream " + stream + ", which no stream frame before it defines");
                        }
                        recovery.lost("shard " + id + " of a stream whose description was in a damaged frame of " + path.getFileName());
                        return false;
                    }
                    Contents.ShardImage shard = new Contents.ShardImage(new Contents.ShardHeader(id, parent.isEmpty() ? null : parent, start,
                            created, ending), new ArrayList<>());
                    of.add(shard);
                    shards.put(((long) stream << 32) | ordinal, shard);
                }
                case RECORDS -> {
                    int stream = in.i();
                    int ordinal = in.i();
                    int count = in.count(26);
                    Contents.ShardImage shard = shards.get(((long) stream << 32) | ordinal);
                    if (shard == null) {
                        if (recovery == null) {
                            throw new Payload.Malformed("stream records of a shard no shard frame before them defines");
                        }
                        recovery.lost(count + " stream records of a shard whose description was in a damaged frame of " + path.getFileName());
                        return false;
                    }
                    for (int i = 0; i < count; i++) {
                        long seq = in.l();
                        long time = in.l();
                        byte event = in.b();
                        boolean byTtl = in.bool();
                        byte[] oldImage = in.bytesOrNull();
                        byte[] newImage = in.bytesOrNull();
                        shard.records().add(new StreamRecord(seq, time, event, byTtl, oldImage, newImage));
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

        /** What was read, in the order it was written. */
        Contents.Snapshot snapshot(long sequence) {
            List<Contents.TableImage> tables = new ArrayList<>();
            for (Map.Entry<Long, byte[]> e : definitions.entrySet()) {
                byte[][][] kv = items.get(e.getKey());
                tables.add(new Contents.TableImage(e.getKey(), e.getValue(), kv[0], kv[1], itemCounts.get(e.getKey())));
            }
            List<Contents.StreamImage> out = new ArrayList<>();
            for (Map.Entry<Integer, Contents.StreamHeader> e : streams.entrySet()) {
                out.add(new Contents.StreamImage(e.getValue(), streamShards.get(e.getKey())));
            }
            return new Contents.Snapshot(sequence, nextTableId, tables, out);
        }
    }
}
