package com.bigtimedeals.engine.store;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Files;
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
    private static final int MAGIC = 0x44444231;
    private static final int END = 0x454E4421;

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

    static void write(Path path, Capture c) throws IOException {
        try (FileOutputStream file = new FileOutputStream(path.toFile());
             DataOutputStream out = new DataOutputStream(new BufferedOutputStream(file, 1 << 16))) {
            out.writeInt(MAGIC);
            out.writeLong(c.sequence());
            out.writeLong(c.nextTableId());
            out.writeInt(c.tables().size());
            for (int i = 0; i < c.tables().size(); i++) {
                Table t = c.tables().get(i);
                out.writeLong(t.id);
                bytes(out, TableDefJson.write(c.defs().get(i)));
                for (Map.Entry<byte[], byte[]> e : t.items.entrySet()) {
                    out.writeBoolean(true);
                    bytes(out, e.getKey());
                    bytes(out, e.getValue());
                }
                out.writeBoolean(false);
            }
            out.writeInt(c.streams().size());
            for (int i = 0; i < c.streams().size(); i++) {
                StreamLog s = c.streams().get(i);
                out.writeUTF(s.arn);
                out.writeUTF(s.label);
                out.writeUTF(s.tableName);
                out.writeUTF(s.viewType);
                out.writeUTF(s.key.partitionKey());
                out.writeUTF(s.key.partitionType().name());
                out.writeUTF(s.key.sortKey() == null ? "" : s.key.sortKey());
                out.writeUTF(s.key.sortType() == null ? "" : s.key.sortType().name());
                out.writeLong(s.createdMillis);
                out.writeBoolean(s.enabled());
                out.writeLong(s.lastSequence());
                List<Shard> shards = s.shards();
                long[] sizes = c.shardSizes().get(i);
                out.writeInt(sizes.length);
                for (int k = 0; k < sizes.length; k++) {
                    Shard shard = shards.get(k);
                    out.writeUTF(shard.id);
                    out.writeUTF(shard.parentId == null ? "" : shard.parentId);
                    out.writeLong(shard.startingSequence);
                    out.writeLong(shard.createdMillis);
                    long ending = shard.endingSequence();
                    out.writeLong(ending >= 0 && ending <= c.sequence() ? ending : -1);
                    for (long p = shard.trimHorizon(); p < sizes[k]; p++) {
                        StreamRecord r = shard.get(p);
                        if (r == null) {
                            continue;
                        }
                        out.writeBoolean(true);
                        out.writeLong(r.sequence());
                        out.writeLong(r.timeMillis());
                        out.writeByte(r.event());
                        out.writeBoolean(r.byTtl());
                        bytes(out, r.oldImage());
                        bytes(out, r.newImage());
                    }
                    out.writeBoolean(false);
                }
            }
            out.writeInt(END);
            out.flush();
            file.getFD().sync();
        }
    }

    private static void bytes(DataOutputStream out, byte[] b) throws IOException {
        if (b == null) {
            out.writeInt(-1);
        } else {
            out.writeInt(b.length);
            out.write(b);
        }
    }

    private static byte[] bytes(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            return null;
        }
        byte[] b = new byte[n];
        in.readFully(b);
        return b;
    }

    /** Loads a snapshot into the engine; returns the last sequence number it covers. */
    static long read(Path path, Context ctx, Map<Long, Table> tables) throws IOException {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(path), 1 << 16))) {
            if (in.readInt() != MAGIC) {
                throw new IOException("not a snapshot: " + path);
            }
            long sequence = in.readLong();
            ctx.catalog.restoreTableId(in.readLong() - 1);
            int tableCount = in.readInt();
            for (int i = 0; i < tableCount; i++) {
                long id = in.readLong();
                TableDef def = TableDefJson.read(bytes(in));
                Table t = new Table(id, def);
                TableSettingsTags.apply(t, def.tags());
                // Items were written in key order: they load in one pass, indexes built from their encodings.
                byte[][] keys = new byte[1024][];
                byte[][] items = new byte[1024][];
                int n = 0;
                while (in.readBoolean()) {
                    if (n == keys.length) {
                        keys = java.util.Arrays.copyOf(keys, n * 2);
                        items = java.util.Arrays.copyOf(items, n * 2);
                    }
                    keys[n] = bytes(in);
                    items[n++] = bytes(in);
                }
                t.loadSorted(keys, items, n);
                tables.put(id, t);
                ctx.catalog.putIfAbsent(t);
            }
            int streamCount = in.readInt();
            for (int i = 0; i < streamCount; i++) {
                String arn = in.readUTF();
                String label = in.readUTF();
                String tableName = in.readUTF();
                String viewType = in.readUTF();
                String pk = in.readUTF();
                Value.Type pkType = Value.Type.valueOf(in.readUTF());
                String sk = in.readUTF();
                String skType = in.readUTF();
                KeySchema key = new KeySchema(pk, pkType, sk.isEmpty() ? null : sk, sk.isEmpty() ? null : Value.Type.valueOf(skType));
                long created = in.readLong();
                boolean enabled = in.readBoolean();
                long last = in.readLong();
                StreamLog log = StreamLog.restored(arn, label, tableName, viewType, key, created, enabled, last);
                int shards = in.readInt();
                for (int k = 0; k < shards; k++) {
                    String id = in.readUTF();
                    String parent = in.readUTF();
                    long start = in.readLong();
                    long shardCreated = in.readLong();
                    long ending = in.readLong();
                    Shard shard = log.restoreShard(id, parent.isEmpty() ? null : parent, start, shardCreated, ending);
                    while (in.readBoolean()) {
                        long seq = in.readLong();
                        long time = in.readLong();
                        byte event = in.readByte();
                        boolean byTtl = in.readBoolean();
                        byte[] oldImage = bytes(in);
                        byte[] newImage = bytes(in);
                        log.restoreRecord(shard, new StreamRecord(seq, time, event, byTtl, oldImage, newImage));
                    }
                }
                ctx.catalog.addStream(log);
                for (Table t : tables.values()) {
                    if (t.name().equals(tableName) && enabled && label.equals(t.def().latestStreamLabel()) && !t.deleted()) {
                        t.stream = log;
                    }
                }
            }
            if (in.readInt() != END) {
                throw new IOException("snapshot incomplete: " + path);
            }
            ctx.committer.sequence(sequence);
            return sequence;
        }
    }
}
