package com.bigtimedeals.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The stream mapping's on-failure destination, locally: like the SQS queue in AWS, it holds what Lambda gave up
 * on as metadata (shard and sequence-number range), one JSON file per batch in a directory. {@code ./bigtimedeals
 * failures} lists it; {@code ./bigtimedeals redrive} reads each range from the stream again, delivers it, and
 * removes the entry once the function accepted every record.
 */
public final class FailureDestination {
    /** One batch given up on. */
    record Entry(String streamArn, String shardId, String firstSequence, String lastSequence, int records, String reason,
                 String at) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private final Path directory;

    public FailureDestination(Path directory) {
        this.directory = directory;
    }

    Path directory() {
        return directory;
    }

    synchronized void record(String streamArn, String shardId, String first, String last, int records, String reason) {
        Entry entry = new Entry(streamArn, shardId, first, last, records, reason, Instant.now().toString());
        try {
            Files.createDirectories(directory);
            Path tmp = directory.resolve(first + ".json.tmp");
            Files.writeString(tmp, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(entry));
            Files.move(tmp, directory.resolve(first + ".json"), java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write to the on-failure destination " + directory, e);
        }
    }

    /** Every entry with the file it lives in, oldest sequence first. */
    Map<Path, Entry> list() {
        Map<Path, Entry> out = new java.util.TreeMap<>();
        if (!Files.isDirectory(directory)) {
            return out;
        }
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).toList()) {
                out.put(file, JSON.readValue(file.toFile(), Entry.class));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the on-failure destination " + directory, e);
        }
        return out;
    }

    void remove(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> describe(Map<Path, Entry> entries) {
        List<String> lines = new ArrayList<>();
        entries.forEach((file, e) -> lines.add(e.at() + "  shard " + e.shardId() + "  " + e.records() + " records  "
                + e.firstSequence() + ".." + e.lastSequence() + "  " + e.reason()));
        return lines;
    }
}
