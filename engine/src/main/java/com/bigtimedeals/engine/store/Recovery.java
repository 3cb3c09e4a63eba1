package com.bigtimedeals.engine.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A start asked to recover from damage ({@code --recover}): it reads every intact record, before and after the
 * damage, and keeps here what it found damaged and dropped, and which files to move aside (never delete) once what
 * is intact in them has been read.
 */
final class Recovery {
    private final Path dir;
    private final List<String> report = new ArrayList<>();
    private final Set<Path> damaged = new LinkedHashSet<>();

    Recovery(Path dir) {
        this.dir = dir;
    }

    /** A file with damage: each problem is reported, and the file is moved aside after the start has read it. */
    void damaged(Path file, List<String> problems) {
        damaged.add(file);
        for (String p : problems) {
            report.add(file.getFileName() + ": " + p);
        }
    }

    /** Something lost to damage, beyond the damaged bytes themselves (changes to a table whose definition is lost). */
    void lost(String what) {
        report.add("dropped " + what);
    }

    /** Something found and mended that is not a file to move aside. */
    void note(String what) {
        report.add(what);
    }

    boolean anything() {
        return !damaged.isEmpty() || !report.isEmpty();
    }

    List<String> report() {
        return report;
    }

    /** Moves every damaged file into {@code damaged-<time>/} of the data directory; returns where. */
    Path moveAside() throws IOException {
        if (damaged.isEmpty()) {
            return null;
        }
        String time = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC).format(Instant.now());
        Path aside = dir.resolve("damaged-" + time);
        Files.createDirectories(aside);
        for (Path file : damaged) {
            Files.move(file, aside.resolve(file.getFileName()));
        }
        DurableStore.syncDirectory(aside);
        DurableStore.syncDirectory(dir);
        report.add("moved " + damaged.size() + " damaged file(s) into " + aside + " (kept as they were)");
        return aside;
    }
}
