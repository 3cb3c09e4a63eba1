package com.bigtimedeals.engine.store;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

import com.bigtimedeals.engine.codec.StreamRecord;

/**
 * Reads a directory the engine wrote in format 2, once, to convert it to format 3: log records framed as length,
 * CRC-32 and payload (the payload as format 3 has it), and a snapshot with start and end markers but no checksum.
 * What can be checked is: each log record's CRC-32 (a record that fails it, or an empty one, which no writer made,
 * ends the last log as a torn tail and refuses the start anywhere else), the snapshot's structure and every length
 * in it. A value damaged inside the old snapshot cannot be found out; that is why the format changed.
 */
final class LegacyFormat2 {
    private static final int MAGIC = 0x44444231;
    private static final int END = 0x454E4421;

    private LegacyFormat2() {
    }

    /** The payloads of a format 2 log file, in order; a damaged record is a torn tail only in the last file. */
    static List<byte[]> readLog(Path path, boolean last) throws IOException {
        List<byte[]> out = new ArrayList<>();
        long good = 0;
        long total = Files.size(path);
        try (Frame.Source in = new Frame.Source(path)) {
            if (in.at(0, false).status() != Frame.Status.NO_HEADER && total >= Frame.HEADER) {
                // Read as format 2, a format 3 log would be one torn record: the marker, not the log, is wrong.
                throw DamagedDataException.refuse(path, "it begins as a format 3 log does, but DIR/format says 2 (is the "
                        + "marker damaged? if so, write 3 into it)");
            }
        }
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(path), 1 << 16))) {
            while (good + 8 <= total) {
                int length = in.readInt();
                int crc = in.readInt();
                if (length <= 0 || good + 8 + length > total) {
                    break;
                }
                byte[] payload = new byte[length];
                in.readFully(payload);
                CRC32 check = new CRC32();
                check.update(payload);
                if ((int) check.getValue() != crc) {
                    break;
                }
                out.add(payload);
                good += 8 + length;
            }
        }
        if (good < total && !last) {
            throw DamagedDataException.refuse(path, "from byte " + good + " on, no format 2 record is intact (a record fails "
                    + "its CRC-32 or is cut short), and this is not the last log");
        }
        return out;
    }

    private static byte[] bytes(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < -1 || n > Frame.MAX_PAYLOAD) {
            throw new EOFException("a length of " + n);
        }
        if (n < 0) {
            return null;
        }
        byte[] b = new byte[n];
        in.readFully(b);
        return b;
    }

    /** Reads a format 2 snapshot and hands it to the engine's contents; returns the last sequence number it covers. */
    static long readSnapshot(Path path, Contents contents) throws IOException {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(path), 1 << 16))) {
            if (in.readInt() != MAGIC) {
                throw DamagedDataException.refuse(path, "it does not begin as a format 2 snapshot does");
            }
            long sequence = in.readLong();
            long nextTableId = in.readLong();
            int tableCount = in.readInt();
            List<Contents.TableImage> tables = new ArrayList<>();
            for (int i = 0; i < tableCount; i++) {
                long id = in.readLong();
                byte[] definition = bytes(in);
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
                tables.add(new Contents.TableImage(id, definition, keys, items, n));
            }
            int streamCount = in.readInt();
            List<Contents.StreamImage> streams = new ArrayList<>();
            for (int i = 0; i < streamCount; i++) {
                Contents.StreamHeader header = new Contents.StreamHeader(in.readUTF(), in.readUTF(), in.readUTF(), in.readUTF(),
                        in.readUTF(), in.readUTF(), in.readUTF(), in.readUTF(), in.readLong(), in.readBoolean(), in.readLong());
                int shardCount = in.readInt();
                List<Contents.ShardImage> shards = new ArrayList<>();
                for (int k = 0; k < shardCount; k++) {
                    String id = in.readUTF();
                    String parent = in.readUTF();
                    Contents.ShardHeader shard = new Contents.ShardHeader(id, parent.isEmpty() ? null : parent, in.readLong(),
                            in.readLong(), in.readLong());
                    List<StreamRecord> records = new ArrayList<>();
                    while (in.readBoolean()) {
                        long seq = in.readLong();
                        long time = in.readLong();
                        byte event = in.readByte();
                        boolean byTtl = in.readBoolean();
                        byte[] oldImage = bytes(in);
                        byte[] newImage = bytes(in);
                        records.add(new StreamRecord(seq, time, event, byTtl, oldImage, newImage));
                    }
                    shards.add(new Contents.ShardImage(shard, records));
                }
                streams.add(new Contents.StreamImage(header, shards));
            }
            if (in.readInt() != END) {
                throw DamagedDataException.refuse(path, "it does not end as a format 2 snapshot does (cut short or damaged)");
            }
            contents.restore(new Contents.Snapshot(sequence, nextTableId, tables, streams));
            contents.sequence(sequence);
            return sequence;
        }
    }
}
