package com.bigtimedeals.engine.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.bigtimedeals.engine.codec.Bytes;
import com.bigtimedeals.engine.codec.StreamRecord;

/**
 * The data directory: a snapshot ({@code snapshot.dat}) and the log written since ({@code log-<first sequence>.dat}).
 * Every committed change is appended to the log before it is acknowledged, from the commit point that also feeds
 * the streams, so the log holds exactly the changes (and table definitions) in the order they were committed.
 * On start the snapshot is loaded and the log replayed, streams and sequence numbers included. Snapshots are
 * written while the engine runs, without stopping writes, and let old log files go.
 */
public final class DurableStore implements Journal, AutoCloseable {
    /** The engine's settings the store follows. */
    public record Options(boolean recover, boolean fsync, long snapshotLogBytes) {
    }

    static final byte TABLE_DEFINED = 1;
    static final byte TABLE_DELETED = 2;
    static final byte CHANGES = 3;

    private final Path dir;
    private final Options options;
    private final Contents contents;
    private final Bytes buffer = new Bytes(1 << 16);
    private volatile LogSegment log;
    private volatile long logBytesSinceSnapshot;
    private volatile boolean closed;
    private volatile IllegalStateException failure;
    /** Appends the disk refused: a snapshot whose copy overlapped one is not kept. */
    private final java.util.concurrent.atomic.AtomicLong refusals = new java.util.concurrent.atomic.AtomicLong();
    private final List<String> notes = new ArrayList<>();
    /** Recovery: changes read back for tables no intact record defines, per table id. */
    private final Map<Long, Long> unknownTables = new java.util.TreeMap<>();

    private DurableStore(Path dir, Options options, Contents contents) {
        this.dir = dir;
        this.options = options;
        this.contents = contents;
    }

    /**
     * Opens (creating if needed) a data directory and reads it back into the engine's contents. The caller then hands
     * the store to its commit point as the journal, so every commit after what was read back is appended.
     */
    public static DurableStore open(Path dir, Options options, Contents contents) {
        DurableStore store = new DurableStore(dir, options, contents);
        try {
            Files.createDirectories(dir);
            store.recover();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open data directory " + dir, e);
        }
        return store;
    }

    static final String FORMAT = "3";

    /**
     * Reads the directory back. Every byte is checked (the format marker, each snapshot frame, each log frame and
     * its sequence numbers, the file names against the headers, the numbering from one file to the next) before the
     * directory is changed in any way. A damaged or zero-filled tail of the last log, after which no intact record
     * follows, is a write a crash cut short: it is cut off (its bytes kept beside the log when they are not all
     * zeros). Any other damage, a missing, renamed or reordered file, refuses the start with a
     * {@link DamagedDataException} and leaves every file as it was; unless recovery was asked for, which reads every
     * intact record, moves the damaged files aside and reports what it dropped.
     */
    private void recover() throws IOException {
        if (checkFormat().equals("2")) {
            convertFormat2();
            return;
        }
        Recovery recovery = options.recover() ? new Recovery(dir) : null;
        Path snapshot = dir.resolve("snapshot.dat");
        boolean hasSnapshot = Files.exists(snapshot);
        long after = hasSnapshot ? SnapshotFile.read(snapshot, contents, recovery) : 0;
        List<SegmentScan> segments = scanSegments();
        TornTail tail = TornTail.of(segments);
        // Every check first, each problem naming its file and byte offset; nothing in the directory changes yet.
        Problems problems = new Problems();
        checkNumbering(segments, tail, after, hasSnapshot, problems, recovery);
        checkLogFollowsSnapshot(segments, tail, after, hasSnapshot, recovery);
        // The newest log is named in newest-log, so a removed newest log is found out (a removed older one leaves a gap).
        String newest = newestProblem(segments, tail.whole(), hasSnapshot);
        if (newest != null) {
            problems.add(dir.resolve(NEWEST), NEWEST + ": " + newest);
            if (recovery != null) {
                recovery.note(NEWEST + ": " + newest + "; whatever a missing newest log held is lost, and " + NEWEST
                        + " is written again");
            }
        }
        if (recovery == null) {
            problems.refuseIfAny();
        }
        long replayed = replayIntact(segments, after, recovery);
        // Only now is the directory changed: the torn tail cut off, damaged files moved aside.
        cutTornTail(tail, problems.files);
        Files.deleteIfExists(dir.resolve("snapshot.tmp"));
        Files.deleteIfExists(dir.resolve(NEWEST + ".tmp"));
        if (recovery != null && recovery.anything()) {
            recovery.moveAside();
        }
        reopen(segments, recovery, replayed);
    }

    /** Each log file scanned, in the order its header puts it (a renamed file is reported as such, not as a gap and an overlap). */
    private List<SegmentScan> scanSegments() throws IOException {
        List<SegmentScan> segments = new ArrayList<>();
        for (Path path : segments()) {
            segments.add(SegmentScan.of(path));
        }
        segments.sort(Comparator.comparingLong(SegmentScan::start));
        return segments;
    }

    /**
     * The last log's damage with nothing intact after it is a torn write; anywhere else damage is damage. {@code whole}:
     * a last log with no intact record at all (taken out of the list); else {@code at}, where its torn tail begins, or -1.
     */
    private record TornTail(SegmentScan last, SegmentScan whole, long at) {
        static TornTail of(List<SegmentScan> segments) {
            SegmentScan last = segments.isEmpty() ? null : segments.get(segments.size() - 1);
            if (last != null && last.headerStart == null && last.frames().isEmpty()) {
                segments.remove(segments.size() - 1);
                return new TornTail(last, last, -1);
            }
            return new TornTail(last, null, last != null && last.scan.onlyTail() ? last.scan.tailOffset() : -1);
        }
    }

    /** The problems found, in order, and the file each is in; the first is the answer when the start is refused. */
    private static final class Problems {
        final List<Path> files = new ArrayList<>();
        final List<String> lines = new ArrayList<>();

        void add(Path file, String line) {
            files.add(file);
            lines.add(line);
        }

        void refuseIfAny() {
            if (lines.isEmpty()) {
                return;
            }
            String first = lines.get(0);
            int colon = first.indexOf(": ");
            throw DamagedDataException.refuse(files.get(0), first.substring(colon + 2)
                    + (lines.size() > 1 ? " (and damage in " + (lines.size() - 1) + " more file(s): "
                    + String.join("; ", lines.subList(1, lines.size())) + ")" : ""));
        }
    }

    /** Each file's damage and numbering, against the snapshot and the file before it. */
    private void checkNumbering(List<SegmentScan> segments, TornTail tail, long after, boolean hasSnapshot, Problems problems,
                                Recovery recovery) {
        long expected = after + 1;
        for (int i = 0; i < segments.size(); i++) {
            SegmentScan s = segments.get(i);
            List<String> own = new ArrayList<>();
            expected = checkSegment(segments, i, tail, expected, after, hasSnapshot, own);
            if (!own.isEmpty()) {
                problems.add(s.path, s.path.getFileName() + ": " + String.join("; ", own));
                if (recovery != null) {
                    recovery.damaged(s.path, own);
                }
            }
        }
    }

    /** Adds the problems of {@code segments[i]} to {@code own}; returns the sequence number expected after it. */
    private static long checkSegment(List<SegmentScan> segments, int i, TornTail tail, long expected, long after,
                                     boolean hasSnapshot, List<String> own) {
        SegmentScan s = segments.get(i);
        SegmentScan last = tail.last();
        boolean renamed = s.headerStart != null && s.headerStart != s.nameStart;
        if (renamed) {
            own.add("its header says it begins at sequence " + s.headerStart + ", its name says " + s.nameStart
                    + " (renamed, or swapped with another log)");
        }
        for (Frame.Damage d : s.scan.damages()) {
            if (s == last && tail.at() >= 0) {
                break;
            }
            own.add(DamagedDataException.describe(d) + (s == last && d.end() < s.scan.size() ? ", and an intact record follows at byte " + d.end()
                    + ", so this is damage, not a write cut short" : ""));
        }
        long start = s.start();
        if (renamed) {
            // Already said: the checks that follow read it where its header puts it.
        } else if (i == 0 && start > expected) {
            own.add(hasSnapshot ? "it begins at sequence " + start + " but the snapshot ends at " + after
                    + ": the log file holding sequences " + expected + " to " + (start - 1) + " is missing"
                    : "it begins at sequence " + start + " but there is no snapshot.dat to hold sequences 1 to "
                    + (start - 1) + " (snapshot.dat or the first log file is missing)");
        } else if (i > 0 && start != expected) {
            own.add(start > expected ? "it begins at sequence " + start + " but " + segments.get(i - 1).path.getFileName()
                    + " ends at " + (expected - 1) + ": the log file holding sequences " + expected + " to " + (start - 1)
                    + " is missing" : "it begins at sequence " + start + ", which " + segments.get(i - 1).path.getFileName()
                    + " already holds up to " + (expected - 1) + " (a copied, renamed or reordered log)");
        }
        long next = i == 0 ? Math.min(start, expected) : start;
        long previousEnd = 0;
        for (Frame.Found f : s.frames()) {
            boolean afterDamage = s.scan.damageBetween(previousEnd, f.offset());
            previousEnd = f.end();
            if (f.a() < 1 || f.b() < f.a()) {
                own.add("the record at byte " + f.offset() + " holds sequence numbers " + f.a() + " to " + f.b() + ", out of order");
            } else if (f.a() != next && !afterDamage) {
                own.add("the record at byte " + f.offset() + " begins at sequence " + f.a() + " where " + next
                        + " follows (records missing or out of order)");
            }
            next = Math.max(next, f.b() + 1);
        }
        return Math.max(expected, next);
    }

    /** A snapshot with no log after it (and no torn one): the log it goes on in is missing. */
    private void checkLogFollowsSnapshot(List<SegmentScan> segments, TornTail tail, long after, boolean hasSnapshot,
                                         Recovery recovery) {
        if (segments.isEmpty() && hasSnapshot && tail.whole() == null) {
            String missing = LogSegment.name(after + 1);
            if (recovery == null) {
                throw DamagedDataException.refuse(dir.resolve(missing), "it is missing: the snapshot goes on from sequence "
                        + (after + 1) + " in it, and no log file is left");
            }
            recovery.lost("whatever " + missing + " held: it is missing");
        }
    }

    /**
     * Replays every intact record after the snapshot in sequence order (the file order, once the checks hold), each
     * read again and checked as it is applied; returns the log bytes read back.
     */
    private long replayIntact(List<SegmentScan> segments, long after, Recovery recovery) throws IOException {
        List<Frame.Found> frames = new ArrayList<>();
        Map<Frame.Found, SegmentScan> fileOf = new java.util.IdentityHashMap<>();
        for (SegmentScan s : segments) {
            for (Frame.Found f : s.frames()) {
                if (f.a() >= 1 && f.b() >= f.a()) {
                    frames.add(f);
                    fileOf.put(f, s);
                }
            }
        }
        frames.sort(Comparator.comparingLong(Frame.Found::a));
        long applied = after;
        long replayed = 0;
        Map<Path, Frame.Source> open = new HashMap<>();
        try {
            for (Frame.Found f : frames) {
                SegmentScan s = fileOf.get(f);
                if (f.b() <= applied) {
                    continue;
                }
                if (f.a() > applied + 1 && recovery != null) {
                    recovery.lost("sequence numbers " + (applied + 1) + " to " + (f.a() - 1) + ": no intact record holds them");
                }
                Frame.Source in = open.get(s.path);
                if (in == null) {
                    in = new Frame.Source(s.path);
                    open.put(s.path, in);
                }
                replayFrame(in, s, f, applied, recovery);
                applied = Math.max(applied, f.b());
                replayed += Frame.HEADER + f.length();
            }
        } finally {
            for (Frame.Source in : open.values()) {
                in.close();
            }
        }
        contents.sequence(applied);
        if (recovery != null) {
            unknownTables.forEach((id, n) -> recovery.lost(n + " change(s) to table id " + id
                    + ", whose definition no intact record holds"));
        }
        return replayed;
    }

    /** Reads one record again and applies it; one that passes its checksum but cannot be read is damage. */
    private void replayFrame(Frame.Source in, SegmentScan s, Frame.Found f, long applied, Recovery recovery) throws IOException {
        Frame.Found again = in.at(f.offset(), true);
        if (again.status() != Frame.Status.INTACT) {
            throw DamagedDataException.refuse(s.path, "the record at byte " + f.offset() + " changed while it was read");
        }
        try {
            replay(again.payload(), applied);
        } catch (Payload.Malformed | IllegalStateException | IllegalArgumentException | ClassCastException
                 | NullPointerException e) {
            if (e instanceof DamagedDataException) {
                throw e;
            }
            String what = "the record at byte " + f.offset() + " (sequence numbers " + f.a() + " to " + f.b()
                    + ") passes its checksum but cannot be read: " + e.getMessage();
            if (recovery == null) {
                throw DamagedDataException.refuse(s.path, what);
            }
            recovery.damaged(s.path, List.of(what));
        }
    }

    /** Removes a last log with no intact record, or cuts the torn tail off the last log (unless it is damaged). */
    private void cutTornTail(TornTail tail, List<Path> problemFiles) throws IOException {
        SegmentScan last = tail.last();
        if (tail.whole() != null) {
            keepTornBytes(tail.whole().path, 0);
            Files.delete(tail.whole().path);
            note(tail.whole().path.getFileName() + " held no intact record (a log file a crash cut short as it was made): removed");
        } else if (tail.at() >= 0 && !problemFiles.contains(last.path)) {
            keepTornBytes(last.path, tail.at());
            try (FileChannel ch = FileChannel.open(last.path, StandardOpenOption.WRITE)) {
                ch.truncate(tail.at());
                ch.force(true);
            }
            note(last.path.getFileName() + ": " + (last.scan.size() - tail.at()) + " bytes after byte " + tail.at()
                    + " held no intact record (a write a crash cut short): cut off");
        }
    }

    /** Opens the next log after what was read back; what was recovered becomes a snapshot at once. */
    private void reopen(List<SegmentScan> segments, Recovery recovery, long replayed) throws IOException {
        // The log read back counts towards the next snapshot, which will fold it in and let it go. What the last run
        // left in the operating system's cache goes to disk before anything is written after it.
        logBytesSinceSnapshot = replayed;
        if (!segments.isEmpty() && Files.exists(segments.get(segments.size() - 1).path)) {
            try (FileChannel ch = FileChannel.open(segments.get(segments.size() - 1).path, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
        }
        log = LogSegment.open(dir, contents.lastSequence() + 1, options.fsync());
        writeNewest(log.firstSequence());
        if (recovery != null && recovery.anything()) {
            // The directory is whole again, without the damaged files.
            snapshot();
            for (String line : recovery.report()) {
                note(line);
            }
            note("recovered up to sequence " + contents.lastSequence() + "; the directory is whole again");
        }
    }

    static final String NEWEST = "newest-log";

    /** What is wrong with newest-log, or null: it must name a log there is, with its checksum. */
    private String newestProblem(List<SegmentScan> segments, SegmentScan tornWhole, boolean hasSnapshot) throws IOException {
        Path marker = dir.resolve(NEWEST);
        if (!Files.exists(marker)) {
            return segments.isEmpty() && !hasSnapshot ? null : "it is missing (it names the newest log file, so that a removed "
                    + "newest log is found out)";
        }
        String text = Files.readString(marker, java.nio.charset.StandardCharsets.ISO_8859_1);
        String[] parts = text.strip().split(" ");
        long start;
        try {
            if (!text.endsWith("\n") || parts.length != 2 || !parts[1].equals(newestCrc(parts[0]))) {
                throw new NumberFormatException();
            }
            start = Long.parseLong(parts[0]);
        } catch (NumberFormatException e) {
            return "it is damaged (it should hold the newest log's first sequence number and its CRC-32C)";
        }
        for (SegmentScan s : segments) {
            if (s.nameStart == start) {
                return null;
            }
        }
        if (tornWhole != null && tornWhole.nameStart == start) {
            // Named as newest only once its header was on disk: no crash tore it, so this is damage.
            return LogSegment.name(start) + ", the newest log file when the engine last wrote, holds no intact record"
                    + " (its header is damaged)";
        }
        return LogSegment.name(start) + ", the newest log file when the engine last wrote, is missing";
    }

    private static String newestCrc(String digits) {
        byte[] b = digits.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        return String.format("%08x", Frame.crc(b, 0, b.length));
    }

    /** Names the log file just opened as the newest, atomically (a crash leaves the previous name, never none). */
    private void writeNewest(long start) throws IOException {
        String digits = String.format("%020d", start);
        Path tmp = dir.resolve(NEWEST + ".tmp");
        Files.writeString(tmp, digits + " " + newestCrc(digits) + "\n");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
        Files.move(tmp, dir.resolve(NEWEST), java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        syncDirectory(dir);
    }

    /** A note for whoever runs the engine (what a start cut off or recovered); also kept for {@link #notes()}. */
    private void note(String line) {
        notes.add(line);
        System.err.println("engine: " + dir + ": " + line);
    }

    /** How many group-commit fsyncs this process has made (the benchmark's commits per fsync). */
    public static long fsyncs() {
        return LogSegment.FSYNCS.get();
    }

    /** What this start cut off or recovered, one line each (empty when the directory was whole). */
    public List<String> notes() {
        return List.copyOf(notes);
    }

    /**
     * A torn tail's bytes, unless all zeros, are kept beside the log ({@code log-N.dat.torn-at-OFFSET}): nothing a
     * start cuts off is destroyed. Copied a megabyte at a time, so a tail of any length fits.
     */
    private static void keepTornBytes(Path log, long offset) throws IOException {
        Path kept = log.resolveSibling(log.getFileName() + ".torn-at-" + offset);
        boolean zeros = true;
        try (FileChannel in = FileChannel.open(log, StandardOpenOption.READ);
             FileChannel out = FileChannel.open(kept, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                     StandardOpenOption.WRITE)) {
            java.nio.ByteBuffer chunk = java.nio.ByteBuffer.allocate(1 << 20);
            long p = offset;
            while (in.read(chunk.clear(), p) > 0) {
                chunk.flip();
                p += chunk.remaining();
                for (int i = chunk.position(); i < chunk.limit() && zeros; i++) {
                    zeros = chunk.get(i) == 0;
                }
                while (chunk.hasRemaining()) {
                    out.write(chunk);
                }
            }
            if (!zeros) {
                out.force(true);
            }
        }
        if (zeros) {
            Files.delete(kept);
        }
    }

    /**
     * The format marker: this engine writes format 3 and reads 3, or 2 to convert it; anything else is refused before
     * a byte of data is read. Returns the format.
     */
    private String checkFormat() throws IOException {
        Path format = dir.resolve("format");
        if (!Files.exists(format)) {
            if (Files.exists(dir.resolve("snapshot.dat")) || !segments().isEmpty()) {
                throw DamagedDataException.unreadable(dir, "has a log or snapshot but no format marker (DIR/format): it was "
                        + "written by an early engine whose keys are laid out differently, or the marker is lost. The engine "
                        + "did not start and changed nothing; move it away to start afresh.");
            }
            writeFormat();
            return FORMAT;
        }
        String marker = Files.readString(format, java.nio.charset.StandardCharsets.ISO_8859_1);
        if (marker.equals(FORMAT + "\n") || marker.equals("2\n")) {
            return marker.strip();
        }
        String shown = marker.strip();
        throw DamagedDataException.unreadable(dir, "has a format marker (DIR/format) saying '"
                + (shown.length() > 20 ? shown.substring(0, 20) + "..." : shown) + "', which this engine (format " + FORMAT
                + ") does not know: written by a newer engine, or the marker is damaged. The engine did not start and "
                + "changed nothing; if the marker alone is damaged, write '" + FORMAT + "' into it.");
    }

    /** Writes the format marker atomically: the last step of making or converting a directory. */
    private void writeFormat() throws IOException {
        Path tmp = dir.resolve("format.tmp");
        Files.writeString(tmp, FORMAT + "\n");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
        Files.move(tmp, dir.resolve("format"), java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        syncDirectory(dir);
    }

    /**
     * A directory in format 2 (the engine before checksummed frames) is read with the checks that format allows
     * ({@link LegacyFormat2}), then converted: its files are moved, as they were, into {@code format-2-<time>/}, the
     * state read is written as a format 3 snapshot, and the marker says 3 last of all. A conversion cut short (the
     * marker still says 2 and a {@code format-2-*} directory is there) refuses the start and says how to redo it.
     */
    private void convertFormat2() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            Path earlier = files.filter(p -> p.getFileName().toString().startsWith("format-2-")).findFirst().orElse(null);
            if (earlier != null) {
                throw DamagedDataException.unreadable(dir, "is part-way through its conversion from format 2: the format 2 "
                        + "files are in " + earlier + ". The engine did not start and changed nothing. Move them back into "
                        + dir + " (replacing snapshot.dat, the log-*.dat files and newest-log made since) and start again.");
            }
        }
        Path snapshot = dir.resolve("snapshot.dat");
        long after = 0;
        List<Path> logs = segments();
        try {
            if (Files.exists(snapshot)) {
                after = LegacyFormat2.readSnapshot(snapshot, contents);
            }
            for (int i = 0; i < logs.size(); i++) {
                for (byte[] payload : LegacyFormat2.readLog(logs.get(i), i == logs.size() - 1)) {
                    replay(payload, after);
                }
            }
        } catch (DamagedDataException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw DamagedDataException.unreadable(dir, "is in format 2 and cannot be read (" + e + "). The engine did not "
                    + "start and changed nothing; restore it from a backup, or move it away to start afresh.");
        }
        String time = java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(java.time.ZoneOffset.UTC)
                .format(java.time.Instant.now());
        Path aside = dir.resolve("format-2-" + time);
        Files.createDirectories(aside);
        if (Files.exists(snapshot)) {
            Files.move(snapshot, aside.resolve("snapshot.dat"));
        }
        for (Path log : logs) {
            Files.move(log, aside.resolve(log.getFileName()));
        }
        Files.copy(dir.resolve("format"), aside.resolve("format"));
        syncDirectory(aside);
        syncDirectory(dir);
        log = LogSegment.open(dir, contents.lastSequence() + 1, options.fsync());
        snapshot();
        writeFormat();
        note("converted from format 2 to format 3 up to sequence " + contents.lastSequence() + "; the format 2 files "
                + "are kept, as they were, in " + aside);
    }

    /** Makes a directory's entries (files made, renamed, removed) durable. */
    static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // Not every file system lets a directory be opened; there the rename is as durable as it gets.
        }
    }

    /** One log file as read: where its name and header say it begins, its intact frames and its damage. */
    private record SegmentScan(Path path, long nameStart, Long headerStart, Frame.Scan scan) {
        static SegmentScan of(Path path) throws IOException {
            try (Frame.Source in = new Frame.Source(path)) {
                Frame.Found h = in.at(0, true);
                boolean header = h.status() == Frame.Status.INTACT && h.b() == 0
                        && java.util.Arrays.equals(h.payload(), LogSegment.HEADER_TEXT);
                Frame.Scan scan = Frame.scan(in, header ? h.end() : 0);
                return new SegmentScan(path, startOf(path), header ? h.a() : null, scan);
            }
        }

        List<Frame.Found> frames() {
            return scan.frames();
        }

        long start() {
            return headerStart != null ? headerStart : nameStart;
        }
    }

    private List<Path> segments() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> out = new ArrayList<>();
            files.filter(p -> p.getFileName().toString().matches("log-\\d{1,20}\\.dat")).forEach(out::add);
            out.sort(Comparator.comparingLong(DurableStore::startOf));
            return out;
        }
    }

    private static long startOf(Path segment) {
        String n = segment.getFileName().toString();
        try {
            return Long.parseLong(n.substring(4, n.length() - 4));
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE; // no log is named so: its header will disagree, and the start is refused
        }
    }

    /**
     * Hands one log record to the engine's contents: a table's definition or deletion, or a commit's item changes
     * (those at or before {@code applied} are in the snapshot already). The contents throw on what they cannot read.
     */
    private void replay(byte[] payload, long applied) {
        Payload in = new Payload(payload);
        byte type = in.b();
        if (type == TABLE_DEFINED) {
            long id = in.l();
            long seq = in.l();
            byte[] definition = in.bytes();
            in.end();
            if (seq > applied) {
                contents.tableDefined(id, seq, definition);
            }
        } else if (type == TABLE_DELETED) {
            long id = in.l();
            long seq = in.l();
            in.end();
            if (seq > applied) {
                contents.tableDeleted(id, seq);
            }
        } else if (type == CHANGES) {
            int count = in.count(38);
            int unknown = 0;
            long unknownTable = 0;
            for (int i = 0; i < count; i++) {
                long id = in.l();
                long seq = in.l();
                long time = in.l();
                byte event = in.b();
                boolean byTtl = in.bool();
                byte[] key = in.bytes();
                byte[] newBytes = in.bytesOrNull();
                byte[] oldBytes = in.bytesOrNull();
                if (seq <= applied) {
                    continue;
                }
                if (!contents.changed(id, seq, time, event, byTtl, key, newBytes, oldBytes)) {
                    // A write that raced its table's deletion; or, in a damaged directory, the table's definition is lost.
                    unknown++;
                    unknownTable = id;
                }
            }
            in.end();
            if (unknown > 0) {
                unknownTables.merge(unknownTable, (long) unknown, Long::sum);
            }
        } else {
            throw new Payload.Malformed("a record of unknown type " + type);
        }
    }

    // ---- journal: called under the commit lock ----

    @Override
    public Durable changes(List<? extends Entry> changes) {
        if (changes.isEmpty()) {
            return NOTHING;
        }
        Bytes b = buffer;
        b.clear();
        b.put(CHANGES);
        b.putInt(changes.size());
        for (Entry c : changes) {
            b.putLong(c.tableId());
            b.putLong(c.sequence());
            b.putLong(c.timeMillis());
            b.put(c.oldBytes() == null ? StreamRecord.INSERT : c.newBytes() == null ? StreamRecord.REMOVE : StreamRecord.MODIFY);
            b.put(c.byTtl() ? 1 : 0);
            putBytes(b, c.key());
            putBytes(b, c.newBytes());
            // The old image only where a stream may need it: replay rebuilds its records as they were written.
            putBytes(b, c.streamed() ? c.oldBytes() : null);
        }
        return write(b, changes.get(0).sequence(), changes.get(changes.size() - 1).sequence(), false);
    }

    @Override
    public Durable tableDefined(long tableId, byte[] definition, long sequence) {
        Bytes b = buffer;
        b.clear();
        b.put(TABLE_DEFINED);
        b.putLong(tableId);
        b.putLong(sequence);
        putBytes(b, definition);
        return write(b, sequence, sequence, true);
    }

    @Override
    public Durable tableDeleted(long tableId, long sequence) {
        Bytes b = buffer;
        b.clear();
        b.put(TABLE_DELETED);
        b.putLong(tableId);
        b.putLong(sequence);
        return write(b, sequence, sequence, true);
    }

    /**
     * Appends one record. A refused append (a full disk) has written nothing: an item change is then taken back by
     * the committer; a table's change, which cannot be, stops every later write until a restart reads back what the
     * disk holds (so memory never runs ahead of the log unnoticed). With fsync on, the commit waits for the fsync.
     */
    private Durable write(Bytes b, long first, long last, boolean tableChange) {
        IllegalStateException stopped = failure;
        if (stopped != null) {
            throw stopped;
        }
        LogSegment l = log;
        try {
            l.append(b.array(), b.size(), first, last);
        } catch (RuntimeException e) {
            refusals.incrementAndGet();
            if (tableChange) {
                failure = new IllegalStateException("the engine stopped taking writes: a table change could not be written "
                        + "to its log (" + e.getMessage() + "); restart it once the disk has room", e);
            }
            throw e;
        }
        logBytesSinceSnapshot += b.size() + Frame.HEADER;
        if (!options.fsync()) {
            return NOTHING;
        }
        long end = l.size();
        return () -> {
            try {
                l.awaitForced(end);
            } catch (RuntimeException e) {
                failure = new IllegalStateException("the engine stopped taking writes: its log could not be synced to disk ("
                        + e.getMessage() + "); restart it to read back what the disk holds", e);
                throw failure;
            }
        };
    }

    static void putBytes(Bytes b, byte[] bytes) {
        if (bytes == null) {
            b.putInt(-1);
        } else {
            b.putInt(bytes.length);
            b.put(bytes);
        }
    }

    // ---- snapshots ----

    /** Writes a snapshot when the log has grown past the configured size. */
    public void maybeSnapshot() {
        if (!closed && failure == null && logBytesSinceSnapshot > options.snapshotLogBytes()) {
            snapshot();
        }
    }

    /**
     * Writes a snapshot without stopping writes: under the commit lock the log moves to a new file and the state
     * to capture is fixed (definitions, stream positions, the last sequence number); the items are then copied
     * while writes go on. Changes that slip into the copy are in the new log file as well, and replaying them
     * again is harmless, since each record holds an item's whole new state.
     */
    public synchronized void snapshot() {
        if (failure != null) {
            throw failure;
        }
        Contents.Capture[] capture = new Contents.Capture[1];
        LogSegment[] previous = new LogSegment[1];
        long[] refusedBefore = new long[1];
        long[] logBytes = new long[1];
        contents.underCommitLock(() -> {
            refusedBefore[0] = refusals.get();
            logBytes[0] = logBytesSinceSnapshot;
            capture[0] = contents.capture();
            previous[0] = log;
            // On disk before any write follows it in the next file: a power loss never leaves a hole mid-log.
            previous[0].force();
            log = LogSegment.open(dir, capture[0].sequence() + 1, options.fsync());
            logBytesSinceSnapshot = 0;
        });
        previous[0].close();
        try {
            writeNewest(capture[0].sequence() + 1);
            Path tmp = dir.resolve("snapshot.tmp");
            try {
                SnapshotFile.write(tmp, capture[0]);
                if (refusals.get() != refusedBefore[0] || failure != null) {
                    // A write refused while the items were copied may be in the copy (applied, then taken back).
                    throw new IOException("a write was refused while the snapshot was copied");
                }
            } catch (IOException e) {
                Files.deleteIfExists(tmp);
                // The logs it would have replaced stay, and count towards the next try.
                logBytesSinceSnapshot += logBytes[0];
                throw e;
            }
            Files.move(tmp, dir.resolve("snapshot.dat"), java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            // The rename must be on disk before the logs it replaces go, or a power loss could leave neither.
            syncDirectory(dir);
            for (Path segment : segments()) {
                if (startOf(segment) <= capture[0].sequence()) {
                    Files.deleteIfExists(segment);
                }
            }
            syncDirectory(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("snapshot failed", e);
        }
    }

    @Override
    public void close() {
        closed = true;
        // A store that stopped taking writes holds in memory what its log may not: no snapshot may make it durable.
        if (failure == null && logBytesSinceSnapshot > 16L * 1024 * 1024) {
            snapshot();
        }
        try {
            log.force();
        } finally {
            log.close();
        }
    }
}
