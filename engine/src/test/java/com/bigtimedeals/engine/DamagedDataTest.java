package com.bigtimedeals.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.bigtimedeals.engine.sdk.InProcessHttpClient;
import com.bigtimedeals.engine.store.DamagedDataException;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Damage done to real data directories, as a disk, a crash or a person does it: a byte flipped in the middle of a
 * log (the last of four, the first, 10 % into it), a log truncated, zeros appended to the last log, a middle log
 * removed, two logs swapped, bytes flipped in the snapshot, an unknown format marker. Each case checks exactly
 * which items survive (every key and value), that a refused start leaves every file byte for byte as it was, and
 * that recovery keeps every intact record before and after the damage and moves the damaged file aside unchanged.
 */
class DamagedDataTest {
    private static final String TABLE = "damage";
    private static final byte[] MARK = "value-of-".getBytes(StandardCharsets.US_ASCII);

    private static EngineSettings settings(Path data, boolean recover) {
        return EngineSettings.defaults().dataDirectory(data).recover(recover);
    }

    private static void createTable(DynamoDbClient db) {
        db.createTable(b -> b.tableName(TABLE).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("k").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("k").keyType(KeyType.HASH)));
    }

    private static String value(String key, int round) {
        return "value-of-" + key + "|r" + round;
    }

    private static void put(DynamoDbClient db, String key, String value) {
        db.putItem(b -> b.tableName(TABLE).item(Map.of("k", AttributeValue.fromS(key), "v", AttributeValue.fromS(value))));
    }

    /**
     * Writes {@code logs} log files of {@code perLog} items each (the engine starts a new log file on every start),
     * every item written once; returns every key and value written.
     */
    private static Map<String, String> writeLogs(Path data, int logs, int perLog) {
        Map<String, String> written = new TreeMap<>();
        for (int l = 0; l < logs; l++) {
            try (Engine engine = Engine.start(settings(data, false))) {
                DynamoDbClient db = DurabilityTest.client("http://engine", new InProcessHttpClient(engine));
                if (l == 0) {
                    createTable(db);
                }
                for (int i = 0; i < perLog; i++) {
                    String key = "k" + (l * perLog + i);
                    put(db, key, value(key, 0));
                    written.put(key, value(key, 0));
                }
            }
        }
        return written;
    }

    /** Every item of the table, key to value: the state a start serves. */
    private static Map<String, String> state(Engine engine) {
        DynamoDbClient db = DurabilityTest.client("http://engine", new InProcessHttpClient(engine));
        Map<String, String> out = new TreeMap<>();
        db.scanPaginator(b -> b.tableName(TABLE)).items().forEach(i -> out.put(i.get("k").s(), i.get("v").s()));
        return out;
    }

    private static Map<String, String> stateAfterStart(Path data, boolean recover) {
        try (Engine engine = Engine.start(settings(data, recover))) {
            return state(engine);
        }
    }

    private static List<Path> logs(Path data) throws IOException {
        try (Stream<Path> files = Files.list(data)) {
            return files.filter(p -> p.getFileName().toString().matches("log-\\d+\\.dat")).sorted().toList();
        }
    }

    /** Every file under the directory (sub-directories too) and the SHA-256 of its bytes. */
    private static Map<String, String> hashes(Path data) throws Exception {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(data)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                out.put(data.relativize(p).toString(), HexFormat.of().formatHex(
                        MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p))));
            }
        }
        return out;
    }

    /** The start is refused, naming the file (and, where given, the byte offset), and changes no file. */
    private static DamagedDataException refused(Path data, String file, String... mentions) throws Exception {
        Map<String, String> before = hashes(data);
        DamagedDataException e = assertThrows(DamagedDataException.class, () -> Engine.start(settings(data, false)).close());
        assertTrue(e.getMessage().contains(file), e.getMessage());
        for (String m : mentions) {
            assertTrue(e.getMessage().contains(m), "'" + m + "' in: " + e.getMessage());
        }
        assertTrue(e.getMessage().contains("--recover"), e.getMessage());
        assertEquals(before, hashes(data), "a refused start leaves every file as it was");
        return e;
    }

    /** The frames of a file: [offset, end) of each, the first being a log's header. */
    private static List<long[]> frames(byte[] file) {
        List<long[]> out = new ArrayList<>();
        ByteBuffer b = ByteBuffer.wrap(file);
        int p = 0;
        while (p + 32 <= file.length) {
            int length = b.getInt(p + 4);
            out.add(new long[] {p, p + 32L + length});
            p += 32 + length;
        }
        return out;
    }

    /** The frame of {@code file} that holds byte {@code offset}. */
    private static long[] frameAt(byte[] file, long offset) {
        for (long[] f : frames(file)) {
            if (f[0] <= offset && offset < f[1]) {
                return f;
            }
        }
        throw new AssertionError("no frame holds byte " + offset);
    }

    /** The keys whose values are written in bytes [from, to) of a file (values say their key: value-of-KEY|r0). */
    private static List<String> keysIn(byte[] file, long from, long to) {
        List<String> out = new ArrayList<>();
        for (int i = (int) from; i + MARK.length <= to; i++) {
            boolean match = true;
            for (int j = 0; j < MARK.length && match; j++) {
                match = file[i + j] == MARK[j];
            }
            if (match) {
                int end = i + MARK.length;
                while (file[end] != '|') {
                    end++;
                }
                out.add(new String(file, i + MARK.length, end - i - MARK.length, StandardCharsets.US_ASCII));
            }
        }
        return out;
    }

    private static void flip(Path file, long offset) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer one = ByteBuffer.allocate(1);
            ch.read(one, offset);
            one.put(0, (byte) (one.get(0) ^ 0x5A)).rewind();
            ch.write(one, offset);
        }
    }

    private static Path damagedCopy(Path data, String name) throws IOException {
        try (Stream<Path> dirs = Files.list(data)) {
            Path aside = dirs.filter(p -> p.getFileName().toString().startsWith("damaged-")).findFirst()
                    .orElseThrow(() -> new AssertionError("no damaged-<time> directory"));
            return aside.resolve(name);
        }
    }

    /**
     * A byte flipped in a log with intact records after it: refused, files unchanged; recovery keeps every item but
     * the one whose record the byte was in, moves the damaged log aside as it was, and the directory starts whole.
     */
    private void flippedLog(Path data, int which, double at) throws Exception {
        Map<String, String> written = writeLogs(data, 4, 250);
        Path log = logs(data).get(which);
        byte[] intact = Files.readAllBytes(log);
        long offset = (long) (intact.length * at);
        long[] frame = frameAt(intact, offset);
        List<String> lost = keysIn(intact, frame[0], frame[1]);
        assertEquals(1, lost.size(), "one put, one frame");
        flip(log, offset);
        byte[] damaged = Files.readAllBytes(log);

        if (which == 3) {
            refused(data, log.getFileName().toString(), "byte " + frame[0], "intact record follows", "not a write cut short");
        } else {
            refused(data, log.getFileName().toString(), "byte " + frame[0]);
        }

        Map<String, String> expected = new TreeMap<>(written);
        expected.remove(lost.get(0));
        List<String> notes;
        try (Engine engine = Engine.start(settings(data, true))) {
            assertEquals(expected, state(engine));
            notes = engine.storeNotes();
        }
        assertTrue(String.join("\n", notes).contains(log.getFileName() + ": from byte " + frame[0] + " to byte " + frame[1] + ", no record is intact"), notes.toString());
        assertArrayEquals(damaged, Files.readAllBytes(damagedCopy(data, log.getFileName().toString())),
                "the damaged log is moved aside byte for byte");
        assertFalse(Files.exists(log));
        assertEquals(expected, stateAfterStart(data, false), "after recovery the directory starts as it is, no flag needed");
    }

    @Test
    void aByteFlippedInTheMiddleOfTheLastLogIsRefusedThenRecoveredUpToTheOneRecord(@TempDir Path data) throws Exception {
        flippedLog(data, 3, 0.5);
    }

    @Test
    void aByteFlipped10PercentIntoTheFirstOfFourLogsIsRefusedThenRecovered(@TempDir Path data) throws Exception {
        flippedLog(data, 0, 0.1);
    }

    @Test
    void aFlippedRecordHeaderIsFoundAndStepped(@TempDir Path data) throws Exception {
        // The byte is in a frame's header: where the frame ends is lost, so recovery finds the next one by its magic.
        Map<String, String> written = writeLogs(data, 2, 100);
        Path log = logs(data).get(0);
        byte[] intact = Files.readAllBytes(log);
        long[] frame = frames(intact).get(40);
        List<String> lost = keysIn(intact, frame[0], frame[1]);
        flip(log, frame[0] + 5);
        refused(data, log.getFileName().toString(), "byte " + frame[0]);
        Map<String, String> expected = new TreeMap<>(written);
        expected.remove(lost.get(0));
        assertEquals(expected, stateAfterStart(data, true));
    }

    @Test
    void aDamagedTableDefinitionIsRefusedAndRecoveryDropsWhatDependsOnIt(@TempDir Path data) throws Exception {
        writeLogs(data, 2, 50);
        Path log = logs(data).get(0);
        byte[] intact = Files.readAllBytes(log);
        long[] definition = frames(intact).get(1);
        assertTrue(new String(intact, (int) definition[0], (int) (definition[1] - definition[0]), StandardCharsets.ISO_8859_1)
                .contains("\"name\":\"" + TABLE + "\""), "the first record is the table's definition");
        flip(log, definition[0] + 60);
        refused(data, log.getFileName().toString(), "byte " + definition[0]);
        List<String> notes;
        try (Engine engine = Engine.start(settings(data, true))) {
            DynamoDbClient db = DurabilityTest.client("http://engine", new InProcessHttpClient(engine));
            assertEquals(List.of(), db.listTables().tableNames(), "without its definition the table is not there");
            notes = engine.storeNotes();
        }
        String report = String.join("\n", notes);
        assertTrue(report.contains("dropped 100 change(s) to table id 1, whose definition no intact record holds"), report);
    }

    @Test
    void aTruncatedLastLogIsATornWriteCutOffAtTheLastWholeRecord(@TempDir Path data) throws Exception {
        Map<String, String> written = writeLogs(data, 2, 100);
        Path log = logs(data).get(1);
        byte[] intact = Files.readAllBytes(log);
        long[] cutFrame = frames(intact).get(60);
        long cut = cutFrame[0] + (cutFrame[1] - cutFrame[0]) / 2;
        try (FileChannel ch = FileChannel.open(log, StandardOpenOption.WRITE)) {
            ch.truncate(cut);
        }
        // Frames 1 to 59 of the second log are whole (frame 0 is its header); frame 60 on is gone.
        Map<String, String> expected = new TreeMap<>(written);
        for (String k : keysIn(intact, cutFrame[0], intact.length)) {
            expected.remove(k);
        }
        assertEquals(200 - 41, expected.size());
        assertEquals(expected, stateAfterStart(data, false));
        assertEquals(cutFrame[0], Files.size(log), "cut back to the last whole record");
        assertTrue(Files.exists(log.resolveSibling(log.getFileName() + ".torn-at-" + cutFrame[0])), "the torn bytes are kept");
        assertEquals(expected, stateAfterStart(data, false));
    }

    @Test
    void aTruncatedLogBeforeTheLastIsRefusedAndRecoveryKeepsWhatFollows(@TempDir Path data) throws Exception {
        Map<String, String> written = writeLogs(data, 3, 100);
        Path log = logs(data).get(1);
        byte[] intact = Files.readAllBytes(log);
        long[] cutFrame = frames(intact).get(30);
        try (FileChannel ch = FileChannel.open(log, StandardOpenOption.WRITE)) {
            ch.truncate(cutFrame[0] + 10);
        }
        refused(data, log.getFileName().toString(), "byte " + cutFrame[0]);
        Map<String, String> expected = new TreeMap<>(written);
        for (String k : keysIn(intact, cutFrame[0], intact.length)) {
            expected.remove(k);
        }
        assertEquals(300 - 71, expected.size());
        assertEquals(expected, stateAfterStart(data, true), "the third log's items, after the damage, are kept");
    }

    @Test
    void fourKilobytesOfZerosAppendedToTheLastLogAreCutOffNotFatal(@TempDir Path data) throws Exception {
        Map<String, String> written = writeLogs(data, 2, 100);
        Path log = logs(data).get(1);
        long size = Files.size(log);
        Files.write(log, new byte[4096], StandardOpenOption.APPEND);
        try (Engine engine = Engine.start(settings(data, false))) {
            assertEquals(written, state(engine));
            put(DurabilityTest.client("http://engine", new InProcessHttpClient(engine)), "after", "after");
        }
        assertEquals(size, Files.size(log));
        assertFalse(Files.exists(log.resolveSibling(log.getFileName() + ".torn-at-" + size)), "zeros are not worth keeping");
        Map<String, String> expected = new TreeMap<>(written);
        expected.put("after", "after");
        assertEquals(expected, stateAfterStart(data, false));
    }

    @Test
    void aLogFileACrashLeftHalfMadeIsRemovedButTheNewestWithItsHeaderZeroedIsRefused(@TempDir Path data) throws Exception {
        Map<String, String> written = writeLogs(data, 1, 10);
        // A crash as the next log file was being made: half its header, and newest-log not yet naming it.
        Path halfMade = data.resolve(String.format("log-%020d.dat", 12));
        Files.write(halfMade, java.util.Arrays.copyOf(Files.readAllBytes(logs(data).get(0)), 20));
        assertEquals(written, stateAfterStart(data, false));
        assertTrue(Files.exists(halfMade.resolveSibling(halfMade.getFileName() + ".torn-at-0")), "its bytes are kept");
        // That start made log-12 afresh and named it newest: a header zeroed there is damage, not a crash.
        assertEquals(halfMade, logs(data).get(1));
        try (FileChannel ch = FileChannel.open(halfMade, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.allocate(32), 0);
        }
        refused(data, "newest-log", "holds no intact record (its header is damaged)");
    }

    @Test
    void zerosOverwritingTheMiddleOfTheLastLogAreDamageNotATornTail(@TempDir Path data) throws Exception {
        Map<String, String> written = writeLogs(data, 1, 100);
        Path log = logs(data).get(0);
        byte[] intact = Files.readAllBytes(log);
        long[] first = frames(intact).get(20);
        long[] last = frames(intact).get(24);
        try (FileChannel ch = FileChannel.open(log, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.allocate((int) (last[1] - first[0])), first[0]);
        }
        refused(data, log.getFileName().toString(), "byte " + first[0]);
        Map<String, String> expected = new TreeMap<>(written);
        for (String k : keysIn(intact, first[0], last[1])) {
            expected.remove(k);
        }
        assertEquals(95, expected.size());
        assertEquals(expected, stateAfterStart(data, true));
    }

    @Test
    void aMiddleLogRemovedIsRefusedAndRecoveryKeepsTheOthers(@TempDir Path data) throws Exception {
        Map<String, String> written = writeLogs(data, 4, 100);
        Path removed = logs(data).get(1);
        byte[] bytes = Files.readAllBytes(removed);
        Files.delete(removed);
        refused(data, logs(data).get(1).getFileName().toString(), "is missing");
        Map<String, String> expected = new TreeMap<>(written);
        for (String k : keysIn(bytes, 0, bytes.length)) {
            expected.remove(k);
        }
        assertEquals(300, expected.size());
        assertEquals(expected, stateAfterStart(data, true));
    }

    @Test
    void theNewestLogRemovedIsRefusedAndRecoveryKeepsTheOthers(@TempDir Path data) throws Exception {
        Map<String, String> written = writeLogs(data, 4, 100);
        Path removed = logs(data).get(3);
        byte[] bytes = Files.readAllBytes(removed);
        Files.delete(removed);
        refused(data, "newest-log", removed.getFileName() + ", the newest log file when the engine last wrote, is missing");
        Map<String, String> expected = new TreeMap<>(written);
        for (String k : keysIn(bytes, 0, bytes.length)) {
            expected.remove(k);
        }
        assertEquals(300, expected.size());
        assertEquals(expected, stateAfterStart(data, true));
        assertEquals(expected, stateAfterStart(data, false));
    }

    @Test
    void aTableDeletedAndCreatedAgainInARemovedLogDoesNotComeBackWithItsOldItems(@TempDir Path data) throws Exception {
        writeLogs(data, 1, 50);
        try (Engine engine = Engine.start(settings(data, false))) {
            DynamoDbClient db = DurabilityTest.client("http://engine", new InProcessHttpClient(engine));
            db.deleteTable(b -> b.tableName(TABLE));
            createTable(db);
            put(db, "new", "new");
        }
        try (Engine engine = Engine.start(settings(data, false))) {
            put(DurabilityTest.client("http://engine", new InProcessHttpClient(engine)), "newer", "newer");
        }
        assertEquals(Map.of("new", "new", "newer", "newer"), stateAfterStart(data, false));
        Files.delete(logs(data).get(1));
        refused(data, "log-", "is missing");
    }

    @Test
    void twoLogsSwappedAreRefusedAndRecoveryReadsThemByTheirHeaders(@TempDir Path data) throws Exception {
        Map<String, String> written = writeLogs(data, 4, 100);
        List<Path> logs = logs(data);
        Path a = logs.get(1);
        Path b = logs.get(2);
        Path tmp = data.resolve("swap");
        Files.move(a, tmp);
        Files.move(b, a);
        Files.move(tmp, b);
        refused(data, a.getFileName().toString(), "its header says it begins at sequence");
        assertEquals(written, stateAfterStart(data, true), "every record is intact: nothing is lost");
        assertEquals(written, stateAfterStart(data, false));
    }

    @Test
    void aLogRenamedOutOfItsPlaceIsRefused(@TempDir Path data) throws Exception {
        writeLogs(data, 3, 50);
        Path last = logs(data).get(2);
        Files.move(last, data.resolve("log-00000000000000099999.dat"));
        refused(data, "log-00000000000000099999.dat", "its header says it begins at sequence");
    }

    @Test
    void bytesFlippedInTheSnapshotAreRefusedAndRecoveryKeepsEveryOtherFrameAndTheLog(@TempDir Path data) throws Exception {
        Map<String, String> expected = new TreeMap<>();
        try (Engine engine = Engine.start(settings(data, false))) {
            DynamoDbClient db = DurabilityTest.client("http://engine", new InProcessHttpClient(engine));
            createTable(db);
            for (int i = 0; i < 300; i++) {
                put(db, "k" + i, value("k" + i, 0));
            }
            engine.snapshot();
            for (int i = 250; i < 350; i++) {
                put(db, "k" + i, value("k" + i, 1));
                expected.put("k" + i, value("k" + i, 1));
            }
        }
        Path snapshot = data.resolve("snapshot.dat");
        byte[] intact = Files.readAllBytes(snapshot);
        long middle = intact.length / 2;
        long[] frame = frameAt(intact, middle);
        assertEquals(3, intact[(int) frame[0] + 32], "the middle of the snapshot is a frame of items");
        for (int i = 0; i < 3; i++) {
            flip(snapshot, middle + i * 7);
        }
        refused(data, "snapshot.dat", "byte " + frame[0]);
        // The items frame held k0 to k299; k250 to k349 were written again after the snapshot, in the log.
        assertEquals(expected, stateAfterStart(data, true));
        assertEquals(expected, stateAfterStart(data, false));
    }

    @Test
    void aSnapshotCutShortIsRefused(@TempDir Path data) throws Exception {
        writeLogs(data, 1, 50);
        try (Engine engine = Engine.start(settings(data, false))) {
            engine.snapshot();
        }
        Path snapshot = data.resolve("snapshot.dat");
        byte[] intact = Files.readAllBytes(snapshot);
        long[] last = frames(intact).get(frames(intact).size() - 1);
        try (FileChannel ch = FileChannel.open(snapshot, StandardOpenOption.WRITE)) {
            ch.truncate(last[0]);
        }
        refused(data, "snapshot.dat", "end frame");
    }

    @Test
    void anUnknownFormatMarkerIsRefusedAndNothingChanges(@TempDir Path data) throws Exception {
        Map<String, String> written = writeLogs(data, 1, 20);
        Files.writeString(data.resolve("format"), "9\n");
        Map<String, String> before = hashes(data);
        for (boolean recover : new boolean[] {false, true}) {
            DamagedDataException e = assertThrows(DamagedDataException.class, () -> Engine.start(settings(data, recover)).close());
            assertTrue(e.getMessage().contains("'9'"), e.getMessage());
            assertEquals(before, hashes(data));
        }
        // A marker damaged to say 2: the logs are not read as format 2 (which would find nothing in them).
        Files.writeString(data.resolve("format"), "2\n");
        Map<String, String> marked = hashes(data);
        DamagedDataException two = assertThrows(DamagedDataException.class, () -> Engine.start(settings(data, false)).close());
        assertTrue(two.getMessage().contains("it begins as a format 3 log does, but DIR/format says 2"), two.getMessage());
        assertEquals(marked, hashes(data));
        Files.writeString(data.resolve("format"), "3\n");
        assertEquals(written, stateAfterStart(data, false));
    }

    /** A directory the engine before this one wrote (format 2), made by it: read, converted, its files kept aside. */
    @Test
    void aFormat2DirectoryIsConvertedWithItsFilesKeptAside(@TempDir Path data) throws Exception {
        Path fixture = Path.of("src/test/resources/format-2");
        Map<String, String> original = hashes(fixture);
        try (Stream<Path> files = Files.list(fixture)) {
            for (Path p : files.toList()) {
                Files.copy(p, data.resolve(p.getFileName()));
            }
        }
        // What the old engine was given: k00 to k29 with v = their number (g0/g1 by parity), then k03 deleted and
        // k05 set to 500; 32 stream records.
        Map<String, String> expected = new TreeMap<>();
        for (int i = 0; i < 30; i++) {
            expected.put(String.format("k%02d", i), Integer.toString(i == 5 ? 500 : i));
        }
        expected.remove("k03");
        // The fixture's stream records were written at 2026-12-02T07:04:23Z: read an hour later, inside their 24-hour
        // retention, so the test does not start failing a day after the fixture was made.
        long anHourAfterTheFixture = java.time.Instant.parse("2026-12-02T08:04:23Z").toEpochMilli();
        for (int round = 0; round < 2; round++) {
            try (Engine engine = Engine.start(settings(data, false).clock(() -> anHourAfterTheFixture))) {
                DynamoDbClient db = DurabilityTest.client("http://engine", new InProcessHttpClient(engine));
                Map<String, String> state = new TreeMap<>();
                db.scanPaginator(b -> b.tableName("legacy")).items().forEach(i -> state.put(i.get("k").s(), i.get("v").n()));
                assertEquals(expected, state);
                int indexed = 0;
                for (String g : List.of("g0", "g1")) {
                    indexed += db.query(b -> b.tableName("legacy").indexName("byG").keyConditionExpression("g = :g")
                            .expressionAttributeValues(Map.of(":g", AttributeValue.fromS(g)))).count();
                }
                assertEquals(29, indexed);
                String arn = db.describeTable(b -> b.tableName("legacy")).table().latestStreamArn();
                var streams = software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient.builder()
                        .httpClient(new InProcessHttpClient(engine)).endpointOverride(java.net.URI.create("http://engine"))
                        .region(software.amazon.awssdk.regions.Region.US_EAST_1)
                        .credentialsProvider(software.amazon.awssdk.auth.credentials.StaticCredentialsProvider.create(
                                software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create("a", "b"))).build();
                String shard = streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards().get(0).shardId();
                String it = streams.getShardIterator(b -> b.streamArn(arn).shardId(shard)
                        .shardIteratorType(software.amazon.awssdk.services.dynamodb.model.ShardIteratorType.TRIM_HORIZON)).shardIterator();
                assertEquals(32, streams.getRecords(b -> b.shardIterator(it)).records().size());
                if (round == 0) {
                    assertTrue(String.join("\n", engine.storeNotes()).contains("converted from format 2"), engine.storeNotes().toString());
                } else {
                    assertEquals(List.of(), engine.storeNotes());
                }
            }
            assertEquals("3\n", Files.readString(data.resolve("format")));
        }
        Path aside = data.resolve(hashes(data).keySet().stream().filter(k -> k.startsWith("format-2-")).findFirst().orElseThrow())
                .getParent();
        assertEquals(original, hashes(aside), "the format 2 files are kept as they were");
    }

    @Test
    void aFormat2ConversionCutShortIsRefused(@TempDir Path data) throws Exception {
        try (Stream<Path> files = Files.list(Path.of("src/test/resources/format-2"))) {
            for (Path p : files.toList()) {
                Files.copy(p, data.resolve(p.getFileName()));
            }
        }
        Files.createDirectories(data.resolve("format-2-20261202T000000Z"));
        Map<String, String> before = hashes(data);
        DamagedDataException e = assertThrows(DamagedDataException.class, () -> Engine.start(settings(data, false)).close());
        assertTrue(e.getMessage().contains("part-way through its conversion from format 2"), e.getMessage());
        assertEquals(before, hashes(data));
    }

    @Test
    void aRemovedSnapshotIsRefused(@TempDir Path data) throws Exception {
        writeLogs(data, 1, 20);
        try (Engine engine = Engine.start(settings(data, false))) {
            engine.snapshot();
        }
        writeLogs(data, 0, 0);
        Files.delete(data.resolve("snapshot.dat"));
        refused(data, "log-", "no snapshot.dat");
    }
}
