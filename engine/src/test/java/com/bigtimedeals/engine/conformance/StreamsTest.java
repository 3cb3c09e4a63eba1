package com.bigtimedeals.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamDescription;

/** DynamoDB Streams: one record per change, in order, with the view type's images; iterators and shards. */
class StreamsTest extends ConformanceSupport {
    private String streamedTable(StreamViewType view) {
        return table(ScalarAttributeType.S, null, b -> b.streamSpecification(s -> s.streamEnabled(true).streamViewType(view)));
    }

    private String arn(String table) {
        return db.describeTable(b -> b.tableName(table)).table().latestStreamArn();
    }

    private List<Record> readAll(String streamArn) {
        List<Record> records = new ArrayList<>();
        StreamDescription d = streams.describeStream(b -> b.streamArn(streamArn)).streamDescription();
        for (Shard shard : d.shards()) {
            String it = streams.getShardIterator(b -> b.streamArn(streamArn).shardId(shard.shardId())
                    .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
            while (it != null) {
                String from = it;
                var page = streams.getRecords(b -> b.shardIterator(from));
                records.addAll(page.records());
                it = page.records().isEmpty() ? null : page.nextShardIterator();
            }
        }
        return records;
    }

    @Test
    void everyChangeIsRecordedInOrderWithBothImages() {
        String t = streamedTable(StreamViewType.NEW_AND_OLD_IMAGES);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", 1)));
        db.updateItem(b -> b.tableName(t).key(item("pk", "a")).updateExpression("SET v = :two")
                .expressionAttributeValues(Map.of(":two", n(2))));
        db.deleteItem(b -> b.tableName(t).key(item("pk", "a")));
        List<Record> records = readAll(arn(t));
        assertEquals(List.of("INSERT", "MODIFY", "REMOVE"), records.stream().map(Record::eventNameAsString).toList());
        assertEquals(item("pk", "a", "v", 1), records.get(0).dynamodb().newImage());
        assertFalse(records.get(0).dynamodb().hasOldImage());
        assertEquals(item("pk", "a", "v", 1), records.get(1).dynamodb().oldImage());
        assertEquals(item("pk", "a", "v", 2), records.get(1).dynamodb().newImage());
        assertEquals(item("pk", "a", "v", 2), records.get(2).dynamodb().oldImage());
        assertEquals(item("pk", "a"), records.get(2).dynamodb().keys());
        assertEquals("aws:dynamodb", records.get(0).eventSource());
        assertEquals("1.1", records.get(0).eventVersion());
    }

    @Test
    void aWriteThatChangesNothingWritesNoRecord() {
        String t = streamedTable(StreamViewType.NEW_IMAGE);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", 1)));
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", 1)));
        db.deleteItem(b -> b.tableName(t).key(item("pk", "missing")));
        assertEquals(1, readAll(arn(t)).size());
    }

    @Test
    void keysOnlyRecordsCarryNoImages() {
        String t = streamedTable(StreamViewType.KEYS_ONLY);
        db.putItem(b -> b.tableName(t).item(item("pk", "a", "v", 1)));
        Record r = readAll(arn(t)).get(0);
        assertEquals(item("pk", "a"), r.dynamodb().keys());
        assertFalse(r.dynamodb().hasNewImage());
        assertFalse(r.dynamodb().hasOldImage());
        assertEquals("KEYS_ONLY", r.dynamodb().streamViewTypeAsString());
    }

    /**
     * Records and reads give every attribute name back as written, whatever its characters, however many names a table
     * holds (more than any cache of names would keep), and the Keys of a composite key in the key's own values.
     */
    @Test
    void attributeNamesComeBackAsWrittenInRecordsAndReads() {
        String t = table(ScalarAttributeType.S, ScalarAttributeType.N,
                b -> b.streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)));
        List<String> odd = List.of("prix\u20ac", "\u540d\u524d", "quote\"d", "back\\slash", "tab\tand\nline", "\ud83d\ude00", "\u0001", "\u001f", "\u2028",
                "Aa", "BB", "AaAa", "BBBB", "n".repeat(100), "PK", "pk");
        List<Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>> written = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item = new java.util.LinkedHashMap<>();
            item.put("pk", s("p" + (i % 3)));
            item.put("sk", n(i));
            for (String name : odd) {
                item.putIfAbsent(name, s(name + i));
            }
            for (int j = 0; j < 30; j++) {
                item.put("a" + (i * 30 + j), n(j));
            }
            item.put("nested", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromM(Map.of(odd.get(1), s("x"), "a7", n(7))));
            written.add(item);
            db.putItem(b -> b.tableName(t).item(item));
        }
        List<Record> records = readAll(arn(t));
        assertEquals(40, records.size());
        for (Record r : records) {
            var image = r.dynamodb().newImage();
            assertTrue(written.contains(image), "a record's image is an item as written: " + image.keySet());
            assertEquals(Map.of("pk", image.get("pk"), "sk", image.get("sk")), r.dynamodb().keys());
        }
        for (var item : written) {
            assertEquals(item, db.getItem(b -> b.tableName(t).key(Map.of("pk", item.get("pk"), "sk", item.get("sk")))
                    .consistentRead(true)).item());
        }
        assertEquals(new java.util.HashSet<>(written), new java.util.HashSet<>(db.scan(b -> b.tableName(t)).items()));
    }

    /** eventID: "a globally unique identifier for the event that was recorded in this stream record". */
    @Test
    void eventIdsAreUniqueAndTheSameOnEveryRead() {
        String t = streamedTable(StreamViewType.KEYS_ONLY);
        for (int i = 0; i < 300; i++) {
            int k = i;
            db.putItem(b -> b.tableName(t).item(item("pk", "k" + (k % 7), "v", k)));
        }
        List<String> first = readAll(arn(t)).stream().map(Record::eventID).toList();
        assertEquals(300, first.size());
        assertEquals(300, new java.util.HashSet<>(first).size(), "no two records share an eventID");
        assertTrue(first.stream().allMatch(id -> id.matches("[0-9a-f]{32}")), first.get(0));
        assertEquals(first, readAll(arn(t)).stream().map(Record::eventID).toList(), "a second read sees the same ids");
        String other = streamedTable(StreamViewType.KEYS_ONLY);
        db.putItem(b -> b.tableName(other).item(item("pk", "k0")));
        assertFalse(first.contains(readAll(arn(other)).get(0).eventID()), "another stream's records have other ids");
    }

    @Test
    void sequenceNumbersOnlyGrowAndAreDecimal() {
        String t = streamedTable(StreamViewType.KEYS_ONLY);
        for (int i = 0; i < 5; i++) {
            int k = i;
            db.putItem(b -> b.tableName(t).item(item("pk", "k" + k)));
        }
        List<Record> records = readAll(arn(t));
        for (int i = 1; i < records.size(); i++) {
            String a = records.get(i - 1).dynamodb().sequenceNumber();
            String b = records.get(i).dynamodb().sequenceNumber();
            assertTrue(a.chars().allMatch(Character::isDigit));
            assertTrue(new java.math.BigInteger(a).compareTo(new java.math.BigInteger(b)) < 0);
        }
    }

    @Test
    void transactionsRecordOneChangePerItem() {
        String t = streamedTable(StreamViewType.NEW_IMAGE);
        db.transactWriteItems(b -> b.transactItems(
                TransactWriteItem.builder().put(p -> p.tableName(t).item(item("pk", "a"))).build(),
                TransactWriteItem.builder().put(p -> p.tableName(t).item(item("pk", "b"))).build()));
        assertEquals(2, readAll(arn(t)).size());
    }

    @Test
    void approximateCreationTimeIsRightToTheSecond() {
        String t = streamedTable(StreamViewType.KEYS_ONLY);
        Instant before = Instant.now().minusSeconds(1);
        db.putItem(b -> b.tableName(t).item(item("pk", "a")));
        Instant after = Instant.now().plusSeconds(1);
        Instant at = readAll(arn(t)).get(0).dynamodb().approximateCreationDateTime();
        assertTrue(!at.isBefore(before.truncatedTo(java.time.temporal.ChronoUnit.SECONDS)) && at.isBefore(after), at.toString());
        assertEquals(0, at.getNano());
    }

    @Test
    void latestIteratorsSeeOnlyLaterRecordsAndSequenceIteratorsStartWhereTold() {
        String t = streamedTable(StreamViewType.KEYS_ONLY);
        db.putItem(b -> b.tableName(t).item(item("pk", "old")));
        String streamArn = arn(t);
        String shard = streams.describeStream(b -> b.streamArn(streamArn)).streamDescription().shards().get(0).shardId();
        String latest = streams.getShardIterator(b -> b.streamArn(streamArn).shardId(shard).shardIteratorType(ShardIteratorType.LATEST)).shardIterator();
        db.putItem(b -> b.tableName(t).item(item("pk", "new")));
        List<Record> fromLatest = streams.getRecords(b -> b.shardIterator(latest)).records();
        assertEquals(List.of(item("pk", "new")), fromLatest.stream().map(r -> r.dynamodb().keys()).toList());

        List<Record> all = readAll(streamArn);
        String first = all.get(0).dynamodb().sequenceNumber();
        String at = streams.getShardIterator(b -> b.streamArn(streamArn).shardId(shard)
                .shardIteratorType(ShardIteratorType.AT_SEQUENCE_NUMBER).sequenceNumber(first)).shardIterator();
        assertEquals(2, streams.getRecords(b -> b.shardIterator(at)).records().size());
        String after = streams.getShardIterator(b -> b.streamArn(streamArn).shardId(shard)
                .shardIteratorType(ShardIteratorType.AFTER_SEQUENCE_NUMBER).sequenceNumber(first)).shardIterator();
        assertEquals(List.of(item("pk", "new")), streams.getRecords(b -> b.shardIterator(after)).records().stream()
                .map(r -> r.dynamodb().keys()).toList());
    }

    @Test
    void getRecordsHonoursLimitAndHandsOnTheRest() {
        String t = streamedTable(StreamViewType.KEYS_ONLY);
        for (int i = 0; i < 5; i++) {
            int k = i;
            db.putItem(b -> b.tableName(t).item(item("pk", "k" + k)));
        }
        String streamArn = arn(t);
        String shard = streams.describeStream(b -> b.streamArn(streamArn)).streamDescription().shards().get(0).shardId();
        String it = streams.getShardIterator(b -> b.streamArn(streamArn).shardId(shard).shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
        var page = streams.getRecords(b -> b.shardIterator(it).limit(2));
        assertEquals(2, page.records().size());
        assertEquals(3, streams.getRecords(b -> b.shardIterator(page.nextShardIterator())).records().size());
    }

    @Test
    void disablingTheStreamClosesItsShard() {
        String t = streamedTable(StreamViewType.KEYS_ONLY);
        db.putItem(b -> b.tableName(t).item(item("pk", "a")));
        String streamArn = arn(t);
        db.updateTable(b -> b.tableName(t).streamSpecification(s -> s.streamEnabled(false)));
        StreamDescription d = streams.describeStream(b -> b.streamArn(streamArn)).streamDescription();
        assertEquals("DISABLED", d.streamStatusAsString());
        Shard shard = d.shards().get(0);
        assertNotNull(shard.sequenceNumberRange().endingSequenceNumber());
        String it = streams.getShardIterator(b -> b.streamArn(streamArn).shardId(shard.shardId())
                .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
        var page = streams.getRecords(b -> b.shardIterator(it));
        assertEquals(1, page.records().size());
        assertNull(page.nextShardIterator(), "a closed shard read to its end hands over no iterator");
        assertNull(db.describeTable(b -> b.tableName(t)).table().streamSpecification());
    }

    @Test
    void listStreamsNamesTheTableAndLabel() {
        String t = streamedTable(StreamViewType.KEYS_ONLY);
        var listed = streams.listStreams(b -> b.tableName(t)).streams();
        assertEquals(1, listed.size());
        assertEquals(t, listed.get(0).tableName());
        assertEquals(arn(t), listed.get(0).streamArn());
        assertTrue(listed.get(0).streamArn().endsWith("/stream/" + listed.get(0).streamLabel()));
    }

    @Test
    void listStreamsPagesWithLastEvaluatedStreamArn() {
        String a = streamedTable(StreamViewType.KEYS_ONLY);
        String b2 = streamedTable(StreamViewType.KEYS_ONLY);
        java.util.Set<String> seen = new java.util.HashSet<>();
        String start = null;
        do {
            String from = start;
            var page = streams.listStreams(b -> b.limit(1).exclusiveStartStreamArn(from));
            assertTrue(page.streams().size() <= 1);
            page.streams().forEach(s -> assertTrue(seen.add(s.streamArn()), "listed twice: " + s.streamArn()));
            start = page.lastEvaluatedStreamArn();
        } while (start != null);
        assertTrue(seen.contains(arn(a)) && seen.contains(arn(b2)));
    }

    @Test
    void malformedAndUnknownStreamArnsAreTold() {
        assertError("ValidationException", null, () -> streams.describeStream(b -> b.streamArn("this-is-not-an-arn-at-all-but-long-enough")));
        String t = streamedTable(StreamViewType.KEYS_ONLY);
        String unknown = arn(t).replace(t, t + "x");
        DynamoDbException e = org.junit.jupiter.api.Assertions.assertThrows(DynamoDbException.class,
                () -> streams.describeStream(b -> b.streamArn(unknown)));
        assertEquals("ResourceNotFoundException", e.awsErrorDetails().errorCode());
    }
}
