package com.bigtimedeals.engine.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32;

/**
 * One file of the append-only log: records framed as length, CRC-32 and payload. A record is durable against a
 * killed process once {@link #append} returns (it is in the operating system's cache). Reading stops at the first
 * record that is short or fails its checksum: a torn tail from a crash is cut off, never fatal.
 */
final class LogSegment implements AutoCloseable {
    private final Path path;
    private final FileChannel channel;
    private long size;

    private LogSegment(Path path, FileChannel channel, long size) {
        this.path = path;
        this.channel = channel;
        this.size = size;
    }

    static LogSegment create(Path path) {
        try {
            FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ);
            return new LogSegment(path, ch, ch.size());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Path path() {
        return path;
    }

    long size() {
        return size;
    }

    /** Appends one framed record; callers serialise appends (the commit lock). */
    void append(byte[] payload, int length) {
        CRC32 crc = new CRC32();
        crc.update(payload, 0, length);
        ByteBuffer frame = ByteBuffer.allocate(8 + length);
        frame.putInt(length).putInt((int) crc.getValue()).put(payload, 0, length).flip();
        try {
            while (frame.hasRemaining()) {
                channel.write(frame, size + frame.position());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the engine's log could not be written", e);
        }
        size += 8 + length;
    }

    void force() {
        try {
            channel.force(false);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    /**
     * Hands every intact record of a segment file to {@code visitor}, in order, reading as a stream; the file is
     * cut back to its last intact record.
     */
    static void read(Path path, java.util.function.Consumer<byte[]> visitor) throws IOException {
        long good = 0;
        long total = Files.size(path);
        try (java.io.DataInputStream in = new java.io.DataInputStream(
                new java.io.BufferedInputStream(Files.newInputStream(path), 1 << 16))) {
            while (good + 8 <= total) {
                int length = in.readInt();
                int crc = in.readInt();
                if (length < 0 || good + 8 + length > total) {
                    break;
                }
                byte[] payload = new byte[length];
                in.readFully(payload);
                CRC32 check = new CRC32();
                check.update(payload);
                if ((int) check.getValue() != crc) {
                    break;
                }
                visitor.accept(payload);
                good += 8 + length;
            }
        }
        if (good < total) {
            try (FileChannel ch = FileChannel.open(path, StandardOpenOption.WRITE)) {
                ch.truncate(good);
            }
        }
    }
}
