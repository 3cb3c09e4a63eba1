package com.bigtimedeals.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Properties;

/**
 * Per shard, the last sequence number up to which every record is done. With a data directory it is written to a
 * file after every change, atomically, and read back at start: a restart (kill -9 included) resumes right after it,
 * so nothing acknowledged is redone needlessly and nothing unfinished is skipped.
 */
final class ShardCheckpoints {
    static final String FILE = "stream-checkpoints.properties";

    private final Properties checkpoints = new Properties();
    /** Null: kept in memory only. */
    private final Path file;

    ShardCheckpoints(Path directory) {
        this.file = directory == null ? null : directory.resolve(FILE);
        if (file != null && Files.exists(file)) {
            try (var in = Files.newBufferedReader(file)) {
                checkpoints.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the stream checkpoint " + file, e);
            }
        }
    }

    /** The shard's checkpoint, or null when nothing of it was done yet. */
    synchronized String of(String shardId) {
        return checkpoints.getProperty(shardId);
    }

    /** Moves the shard's checkpoint forward to {@code last}; never back. */
    synchronized void moveTo(String shardId, String last) {
        String before = checkpoints.getProperty(shardId);
        if (before != null && new BigInteger(before).compareTo(new BigInteger(last)) >= 0) {
            return;
        }
        checkpoints.setProperty(shardId, last);
        if (file != null) {
            try {
                Path tmp = file.resolveSibling(FILE + ".tmp");
                try (var out = Files.newBufferedWriter(tmp)) {
                    checkpoints.store(out, "last sequence number per shard up to which every record is done");
                }
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the stream checkpoint", e);
            }
        }
    }
}
