package com.bigtimedeals.engine.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The unit the log and the snapshot are both written in, each one checked on its own:
 *
 * <pre>
 *   magic (4) | payload length (4) | a (8) | b (8) | CRC-32C of the 24 bytes before (4) | CRC-32C of the payload (4) | payload
 * </pre>
 *
 * In the log {@code a} and {@code b} are the first and last sequence numbers the frame's record holds; in the snapshot
 * the frame's index and the snapshot's sequence number. The header has its own checksum so that a frame whose payload
 * is damaged is still known (where it ends, which sequence numbers it held), and the magic lets a reader find the next
 * frame after damage whose header is lost: every frame is self-contained, so what follows damage can still be read.
 */
final class Frame {
    static final int MAGIC = 0xB7D5F3A1;
    static final int HEADER = 32;
    /** Larger than any record: a transaction of 100 items of 400 KB with their old images is about 80 MB. */
    static final int MAX_PAYLOAD = 512 << 20;

    private Frame() {
    }

    /** The 32-byte header of a frame holding {@code payload[0, length)}. */
    static byte[] header(byte[] payload, int length, long a, long b) {
        ByteBuffer h = ByteBuffer.allocate(HEADER);
        h.putInt(MAGIC).putInt(length).putLong(a).putLong(b);
        h.putInt(crc(h.array(), 0, 24));
        h.putInt(crc(payload, 0, length));
        return h.array();
    }

    static int crc(byte[] b, int from, int length) {
        CRC32C c = new CRC32C();
        c.update(b, from, length);
        return (int) c.getValue();
    }

    /** What is found at one offset of a file. */
    enum Status {
        /** A whole frame, header and payload intact. */
        INTACT,
        /** The header is intact but the payload fails its checksum: where the frame ends is known. */
        PAYLOAD_DAMAGED,
        /** The header is intact but the file ends inside the payload. */
        PAYLOAD_CUT,
        /** No intact header here (damaged, zeros, or not a frame at all). */
        NO_HEADER,
        /** Fewer bytes than a header before the end of the file. */
        HEADER_CUT
    }

    /** One frame (or what stands where one should) at {@code offset}. The payload is kept only when asked for. */
    record Found(Status status, long offset, int length, long a, long b, byte[] payload) {
        long end() {
            return offset + HEADER + length;
        }
    }

    /** Reads a file by position: frames, and the search for the next intact frame after damage. */
    static final class Source implements AutoCloseable {
        final Path path;
        private final FileChannel channel;
        final long size;

        Source(Path path) throws IOException {
            this.path = path;
            this.channel = FileChannel.open(path, StandardOpenOption.READ);
            this.size = channel.size();
        }

        /** A window read ahead: frames are read one after another, mostly small, so most reads are a copy. */
        private final byte[] window = new byte[1 << 20];
        private long windowAt;
        private int windowLength;

        private void readFully(long position, byte[] into, int length) throws IOException {
            if (position >= windowAt && position + length <= windowAt + windowLength) {
                System.arraycopy(window, (int) (position - windowAt), into, 0, length);
                return;
            }
            if (length > window.length / 2) {
                readDirect(position, into, length);
                return;
            }
            windowAt = position;
            windowLength = (int) Math.min(window.length, size - position);
            readDirect(position, window, windowLength);
            System.arraycopy(window, 0, into, 0, length);
        }

        private void readDirect(long position, byte[] into, int length) throws IOException {
            ByteBuffer buffer = ByteBuffer.wrap(into, 0, length);
            while (buffer.hasRemaining()) {
                int n = channel.read(buffer, position + buffer.position());
                if (n < 0) {
                    throw new IOException("the file " + path + " shrank while it was read");
                }
            }
        }

        /** The frame at {@code offset}; its payload is read (and checked) always, and kept if {@code keep}. */
        Found at(long offset, boolean keep) throws IOException {
            if (offset + HEADER > size) {
                return new Found(Status.HEADER_CUT, offset, 0, 0, 0, null);
            }
            byte[] h = new byte[HEADER];
            readFully(offset, h, HEADER);
            ByteBuffer hb = ByteBuffer.wrap(h);
            int magic = hb.getInt();
            int length = hb.getInt();
            long a = hb.getLong();
            long b = hb.getLong();
            int headerCrc = hb.getInt();
            int payloadCrc = hb.getInt();
            if (magic != MAGIC || crc(h, 0, 24) != headerCrc || length < 0 || length > MAX_PAYLOAD) {
                return new Found(Status.NO_HEADER, offset, 0, 0, 0, null);
            }
            if (offset + HEADER + length > size) {
                return new Found(Status.PAYLOAD_CUT, offset, length, a, b, null);
            }
            byte[] payload = new byte[length];
            readFully(offset + HEADER, payload, length);
            if (crc(payload, 0, length) != payloadCrc) {
                return new Found(Status.PAYLOAD_DAMAGED, offset, length, a, b, null);
            }
            return new Found(Status.INTACT, offset, length, a, b, keep ? payload : null);
        }

        /** The first intact frame that begins after {@code offset}, or null: the resynchronisation after damage. */
        Found nextIntact(long offset) throws IOException {
            byte[] chunk = new byte[1 << 16];
            long from = offset + 1;
            while (from + HEADER <= size) {
                int n = (int) Math.min(chunk.length, size - from);
                readFully(from, chunk, n);
                for (int i = 0; i + 4 <= n; i++) {
                    if (chunk[i] == (byte) (MAGIC >>> 24) && chunk[i + 1] == (byte) (MAGIC >>> 16)
                            && chunk[i + 2] == (byte) (MAGIC >>> 8) && chunk[i + 3] == (byte) MAGIC) {
                        Found f = at(from + i, false);
                        if (f.status() == Status.INTACT) {
                            return f;
                        }
                    }
                }
                from += n - 3;
            }
            return null;
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    /** A stretch of a file that holds no intact frame. */
    record Damage(Path file, long offset, long end, Found first) {
        /** Sequence numbers (log) the damaged frame held, when its header survived. */
        boolean headerKnown() {
            return first.status() == Status.PAYLOAD_DAMAGED || first.status() == Status.PAYLOAD_CUT;
        }
    }

    /** A file read through: its intact frames (offsets and headers) and the damaged stretches between them. */
    record Scan(Path file, long size, List<Found> frames, List<Damage> damages) {
        /** Damage after which no intact frame follows: what a write cut short by a crash leaves. */
        boolean onlyTail() {
            if (damages.isEmpty()) {
                return false;
            }
            long first = damages.get(0).offset();
            return frames.isEmpty() || frames.get(frames.size() - 1).offset() < first;
        }

        /** Whether damage lies between {@code from} and {@code to}: a frame after damage follows it, not the frame before. */
        boolean damageBetween(long from, long to) {
            for (Damage d : damages) {
                if (d.offset() >= from && d.offset() < to) {
                    return true;
                }
            }
            return false;
        }

        long tailOffset() {
            return damages.get(0).offset();
        }
    }

    /**
     * Reads every frame of a file from {@code offset}: intact frames in order and, where a frame is damaged, the
     * stretch up to the next intact frame (found by its header when the damaged one's header survived, else by
     * searching for the next intact frame). Payloads are checked but not kept.
     */
    static Scan scan(Source in, long offset) throws IOException {
        List<Found> frames = new ArrayList<>();
        List<Damage> damages = new ArrayList<>();
        long p = offset;
        while (p < in.size) {
            Found f = in.at(p, false);
            if (f.status() == Status.INTACT) {
                frames.add(f);
                p = f.end();
                continue;
            }
            Found next = in.nextIntact(p);
            long end = next == null ? in.size : next.offset();
            damages.add(new Damage(in.path, p, end, f));
            if (next == null) {
                break;
            }
            p = end;
        }
        return new Scan(in.path, in.size, frames, damages);
    }
}
