package com.bigtimedeals.engine.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One file of the append-only log, {@code log-<first sequence>.dat}: a header frame naming the first sequence number
 * (so a renamed file is found out), then one {@link Frame} per committed record. A record is durable against a killed
 * process once {@link #append} returns (it is in the operating system's cache), and against power loss once
 * {@link #awaitForced} returns for it: one fsync serves every commit waiting at the time (group commit).
 */
final class LogSegment implements AutoCloseable {
    /** The header frame's payload: says what the file is to anyone who looks at it. */
    static final byte[] HEADER_TEXT = "bigtimedeals engine log, format 3\n".getBytes(StandardCharsets.US_ASCII);
    static final long HEADER_BYTES = Frame.HEADER + HEADER_TEXT.length;

    /** Where the log's writes go: a seam for tests that make the disk fill up. */
    interface Writer {
        int write(FileChannel channel, ByteBuffer source, long position) throws IOException;
    }

    static volatile Writer writer = FileChannel::write;

    /** Every group commit's fsync in this process, for the benchmark's commits-per-fsync figure. */
    static final java.util.concurrent.atomic.AtomicLong FSYNCS = new java.util.concurrent.atomic.AtomicLong();

    private final Path path;
    private final long firstSequence;
    private final FileChannel channel;
    private final boolean fsync;
    private volatile long size;
    private final ReentrantLock syncLock = new ReentrantLock();
    private final Condition synced = syncLock.newCondition();
    private long forced;
    private boolean forcing;
    private IOException forceFailure;

    private LogSegment(Path path, long firstSequence, FileChannel channel, long size, boolean fsync) {
        this.path = path;
        this.firstSequence = firstSequence;
        this.channel = channel;
        this.size = size;
        this.forced = size;
        this.fsync = fsync;
    }

    /**
     * Opens the log file that begins at {@code firstSequence} for appending: a new one gets its header (made durable,
     * with the directory entry); an existing one has been read back and checked by recovery and is appended to.
     */
    static LogSegment open(Path dir, long firstSequence, boolean fsync) {
        Path path = dir.resolve(name(firstSequence));
        boolean existed = Files.exists(path);
        FileChannel ch = null;
        try {
            ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ);
            long size = ch.size();
            if (!existed || size == 0) {
                byte[] header = Frame.header(HEADER_TEXT, HEADER_TEXT.length, firstSequence, 0);
                ByteBuffer b = ByteBuffer.allocate(header.length + HEADER_TEXT.length).put(header).put(HEADER_TEXT).flip();
                while (b.hasRemaining()) {
                    writer.write(ch, b, b.position());
                }
                ch.force(true);
                DurableStore.syncDirectory(dir);
                size = b.limit();
            }
            return new LogSegment(path, firstSequence, ch, size, fsync);
        } catch (IOException e) {
            // A file this call made and could not finish holds nothing: it goes, rather than stand as a damaged log.
            closeQuietly(ch);
            if (!existed) {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException ignored) {
                    // the next start finds it as a torn last log and cuts it
                }
            }
            throw new UncheckedIOException("the engine's log file " + path + " could not be made", e);
        }
    }

    static String name(long firstSequence) {
        return String.format("log-%020d.dat", firstSequence);
    }

    Path path() {
        return path;
    }

    long firstSequence() {
        return firstSequence;
    }

    long size() {
        return size;
    }

    /**
     * Appends one frame holding sequence numbers {@code first} to {@code last}; callers serialise appends (the commit
     * lock). Written in one positional write after the last whole frame: if it fails (a full disk), the size does not
     * move, the bytes written are cut off again, and the next append writes over whatever stayed, so a refused write
     * leaves nothing half written in the log.
     */
    void append(byte[] payload, int length, long first, long last) {
        ByteBuffer frame = ByteBuffer.allocate(Frame.HEADER + length);
        frame.put(Frame.header(payload, length, first, last)).put(payload, 0, length).flip();
        long at = size;
        try {
            while (frame.hasRemaining()) {
                writer.write(channel, frame, at + frame.position());
            }
        } catch (IOException e) {
            try {
                channel.truncate(at);
            } catch (IOException ignored) {
                // the next append overwrites from the same offset; a start cuts a tail no frame follows
            }
            throw new UncheckedIOException("the engine's log could not be written (" + e.getMessage() + "); the write was refused", e);
        }
        size = at + frame.limit();
    }

    /**
     * Returns once everything appended up to {@code end} is on disk. The first caller to find it not yet forced
     * forces the file for every append made so far; the others wait for that one fsync (group commit). A failed
     * fsync leaves the file's state unknown (the kernel may have dropped the pages), so it fails every later wait.
     */
    void awaitForced(long end) {
        syncLock.lock();
        try {
            while (forced < end) {
                if (forceFailure != null) {
                    throw new UncheckedIOException("the engine's log could not be synced to disk", forceFailure);
                }
                if (forcing) {
                    synced.awaitUninterruptibly();
                    continue;
                }
                forcing = true;
                long target = size;
                syncLock.unlock();
                IOException failure = null;
                try {
                    channel.force(false);
                    FSYNCS.incrementAndGet();
                } catch (IOException e) {
                    failure = e;
                } finally {
                    syncLock.lock();
                }
                forcing = false;
                if (failure != null) {
                    forceFailure = failure;
                } else {
                    forced = Math.max(forced, target);
                }
                synced.signalAll();
            }
        } finally {
            syncLock.unlock();
        }
    }

    /** Forces everything written (a clean stop, or a file the log moves on from). */
    void force() {
        awaitForced(size);
    }

    /** Closes after any fsync under way; with fsync on, what was written is forced first. */
    @Override
    public void close() {
        try {
            if (fsync) {
                force();
            }
        } finally {
            syncLock.lock();
            try {
                while (forcing) {
                    synced.awaitUninterruptibly();
                }
                closeQuietly(channel);
            } finally {
                syncLock.unlock();
            }
        }
    }

    private static void closeQuietly(FileChannel ch) {
        if (ch != null) {
            try {
                ch.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
    }
}
