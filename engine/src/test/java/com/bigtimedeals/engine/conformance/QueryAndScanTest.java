package com.bigtimedeals.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

/** Query and Scan pages, as documented: limits, filters, order, paging and parallel segments. */
class QueryAndScanTest extends ConformanceSupport {
    private String numbered(int count) {
        String t = table(ScalarAttributeType.S, ScalarAttributeType.N);
        for (int i = 0; i < count; i++) {
            int k = i;
            db.putItem(b -> b.tableName(t).item(item("pk", "p", "sk", n(k), "even", k % 2 == 0 ? "yes" : "no")));
        }
        return t;
    }

    private static Map<String, AttributeValue> values(Object... pairs) {
        return item(pairs);
    }

    @Test
    void aStartingKeyOffTheSchemaIsReportedBeforeAKeyConditionOffTheSchema() {
        String t = table(ScalarAttributeType.S, null);
        // Query answers a starting key without the queried key's attributes bare (Scan adds the schema message).
        assertError("ValidationException", "The provided starting key is invalid",
                () -> db.query(b -> b.tableName(t).keyConditionExpression("z = :a").expressionAttributeValues(Map.of(":a", n(1)))
                        .exclusiveStartKey(item("b", "a"))));
        assertError("ValidationException", "The provided key element does not match the schema",
                () -> db.query(b -> b.tableName(t).keyConditionExpression("pk = :a").expressionAttributeValues(Map.of(":a", s("a")))
                        .exclusiveStartKey(item("pk", n(1)))));
        assertError("ValidationException", "Query condition missed key schema element: pk",
                () -> db.query(b -> b.tableName(t).keyConditionExpression("z = :a").expressionAttributeValues(Map.of(":a", n(1)))
                        .exclusiveStartKey(item("pk", "a"))));
    }

    @Test
    void scanReportsAnUnknownIndexBeforeAFilterIntoAKeyAttribute() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException", "The table does not have the specified index: whatever",
                () -> db.scan(b -> b.tableName(t).indexName("whatever").filterExpression("attribute_exists(pk.b.c)")));
        assertError("ValidationException", null,
                () -> db.scan(b -> b.tableName(t).filterExpression("attribute_exists(pk.b.c)")));
    }

    private java.util.List<String> scannedKeys(String t, ScalarAttributeType type) {
        java.util.List<String> keys = new java.util.ArrayList<>();
        for (Map<String, AttributeValue> it : db.scan(b -> b.tableName(t)).items()) {
            keys.add(type == ScalarAttributeType.S ? it.get("pk").s() : it.get("pk").n());
        }
        return keys;
    }

    /** The order the service returns these keys in (dynalite's captures of its partition hash). */
    @Test
    void scanReturnsPartitionsInTheServicesHashOrder() {
        String strings = table(ScalarAttributeType.S, null);
        for (String k : java.util.List.of("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "aardman", "hello", "zapf", "äáöü")) {
            db.putItem(b -> b.tableName(strings).item(item("pk", k)));
        }
        assertEquals(java.util.List.of("2", "8", "9", "1", "6", "hello", "0", "5", "4", "äáöü", "aardman", "7", "3", "zapf"),
                scannedKeys(strings, ScalarAttributeType.S));
        String numbers = table(ScalarAttributeType.N, null);
        for (String k : java.util.List.of("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "-0.09", "999.9", "0.012345", "-999.9")) {
            db.putItem(b -> b.tableName(numbers).item(item("pk", n(k))));
        }
        assertEquals(java.util.List.of("7", "999.9", "8", "3", "2", "-999.9", "9", "4", "-0.09", "6", "1", "0", "0.012345", "5"),
                scannedKeys(numbers, ScalarAttributeType.N));
    }

    private boolean inSegment(String t, AttributeValue key, int segment) {
        return db.scan(b -> b.tableName(t).segment(segment).totalSegments(4096)).items().contains(Map.of("pk", key));
    }

    @Test
    void parallelScanSegmentsHoldTheKeysTheServicesSegmentsHold() {
        String strings = table(ScalarAttributeType.S, null);
        for (String k : java.util.List.of("3635", "228", "1668", "3435")) {
            db.putItem(b -> b.tableName(strings).item(item("pk", k)));
        }
        assertTrue(inSegment(strings, s("3635"), 0));
        assertTrue(inSegment(strings, s("228"), 0));
        assertTrue(inSegment(strings, s("1668"), 1));
        assertTrue(inSegment(strings, s("3435"), 4));
        String numbers = table(ScalarAttributeType.N, null);
        for (String k : java.util.List.of("251", "2388")) {
            db.putItem(b -> b.tableName(numbers).item(item("pk", n(k))));
        }
        assertTrue(inSegment(numbers, n("251"), 1));
        assertTrue(inSegment(numbers, n("2388"), 4095));
    }

    /**
     * 25 items whose stored size reaches 1 MB exactly at the 24th in scan order when one attribute is one byte longer
     * (dynalite's boundary, fitted to the service to the byte): the page then ends after the 24th item.
     */
    private software.amazon.awssdk.services.dynamodb.model.ScanResponse scanAtThePageBoundary(int secondLastShortBy) {
        String t = table(ScalarAttributeType.S, null);
        for (int i = 0; i < 25; i++) {
            int k = i;
            db.putItem(b -> b.tableName(t).item(item("pk", String.format("%02d", k))));
        }
        java.util.List<Map<String, AttributeValue>> order = db.scan(b -> b.tableName(t)).items();
        String big = repeat('b', 43411);
        for (int i = 0; i < 25; i++) {
            Map<String, AttributeValue> it = new java.util.LinkedHashMap<>(order.get(i));
            if (i == 23) {
                it.put("b", s(big.substring(0, 43412 - secondLastShortBy)));
                it.put("c", n("12.3456"));
                it.put("d", b((byte) 1, (byte) 2));
                it.put("e", AttributeValue.fromSs(java.util.List.of("a", "bc")));
                it.put("f", AttributeValue.fromNs(java.util.List.of("1.23", "12.3")));
                it.put("g", AttributeValue.fromBs(java.util.List.of(software.amazon.awssdk.core.SdkBytes.fromByteArray(new byte[] {1, 2}),
                        software.amazon.awssdk.core.SdkBytes.fromByteArray(new byte[] {2}), software.amazon.awssdk.core.SdkBytes.fromByteArray(new byte[] {1}))));
            } else {
                it.put("b", s(i == 24 ? "b" : big));
            }
            db.putItem(b -> b.tableName(t).item(it));
        }
        return db.scan(b -> b.tableName(t).select(software.amazon.awssdk.services.dynamodb.model.Select.COUNT));
    }

    @Test
    void aPageEndsAtTheItemWhoseStoredSizeReachesOneMegabyte() {
        software.amazon.awssdk.services.dynamodb.model.ScanResponse under = scanAtThePageBoundary(46);
        assertEquals(25, under.scannedCount());
        software.amazon.awssdk.services.dynamodb.model.ScanResponse over = scanAtThePageBoundary(45);
        assertEquals(24, over.scannedCount());
        assertEquals(24, over.count());
        org.junit.jupiter.api.Assertions.assertTrue(over.hasLastEvaluatedKey());
    }

    @Test
    void emptyFiltersAndUnusedNamesAreReportedBeforeTheKeyConditionsStructureButAfterItsSyntax() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException", "Invalid FilterExpression: The expression can not be empty;",
                () -> db.query(b -> b.tableName(t).keyConditionExpression("pk = sth").filterExpression("")));
        assertError("ValidationException", "Invalid ProjectionExpression: The expression can not be empty;",
                () -> db.query(b -> b.tableName(t).keyConditionExpression("pk <> sth").projectionExpression("")));
        software.amazon.awssdk.services.dynamodb.model.DynamoDbException e = assertError("ValidationException", null,
                () -> db.query(b -> b.tableName(t).keyConditionExpression("things are not gonna be ok").filterExpression("")));
        org.junit.jupiter.api.Assertions.assertTrue(e.awsErrorDetails().errorMessage().startsWith("Invalid KeyConditionExpression: Syntax error; "));
        assertError("ValidationException", "Value provided in ExpressionAttributeNames unused in expressions: keys: {#count}",
                () -> db.query(b -> b.tableName(t).keyConditionExpression("(#0 = x)").expressionAttributeNames(Map.of("#0", "pk", "#count", "count"))));
        assertError("ValidationException", "Invalid KeyConditionExpression: Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition",
                () -> db.query(b -> b.tableName(t).keyConditionExpression("(#0 = x)").expressionAttributeNames(Map.of("#0", "pk"))));
    }

    @Test
    void queryAnswersOnePartitionInSortKeyOrder() {
        String t = numbered(5);
        db.putItem(b -> b.tableName(t).item(item("pk", "other", "sk", n(0))));
        QueryResponse r = db.query(b -> b.tableName(t).keyConditionExpression("pk = :p")
                .expressionAttributeValues(values(":p", "p")));
        assertEquals(5, r.count());
        for (int i = 0; i < 5; i++) {
            assertEquals(Integer.toString(i), r.items().get(i).get("sk").n());
        }
        assertNull(r.lastEvaluatedKey().isEmpty() ? null : r.lastEvaluatedKey());
    }

    @Test
    void scanIndexForwardFalseReadsBackwards() {
        String t = numbered(4);
        QueryResponse r = db.query(b -> b.tableName(t).keyConditionExpression("pk = :p").scanIndexForward(false)
                .expressionAttributeValues(values(":p", "p")));
        assertEquals(List.of("3", "2", "1", "0"), r.items().stream().map(i -> i.get("sk").n()).toList());
    }

    @Test
    void sortKeyConditionsSelectARange() {
        String t = numbered(10);
        assertEquals(3, db.query(b -> b.tableName(t).keyConditionExpression("pk = :p AND sk BETWEEN :a AND :b")
                .expressionAttributeValues(values(":p", "p", ":a", n(2), ":b", n(4)))).count());
        assertEquals(2, db.query(b -> b.tableName(t).keyConditionExpression("pk = :p AND sk < :a")
                .expressionAttributeValues(values(":p", "p", ":a", n(2)))).count());
        assertEquals(7, db.query(b -> b.tableName(t).keyConditionExpression("pk = :p AND sk >= :a")
                .expressionAttributeValues(values(":p", "p", ":a", n(3)))).count());
    }

    @Test
    void beginsWithSelectsAStringPrefix() {
        String t = table(ScalarAttributeType.S, ScalarAttributeType.S);
        for (String sk : List.of("a", "ab", "abc", "b", "a\u0000")) {
            db.putItem(b -> b.tableName(t).item(item("pk", "p", "sk", sk)));
        }
        QueryResponse r = db.query(b -> b.tableName(t).keyConditionExpression("pk = :p AND begins_with(sk, :a)")
                .expressionAttributeValues(values(":p", "p", ":a", "ab")));
        assertEquals(List.of("ab", "abc"), r.items().stream().map(i -> i.get("sk").s()).toList());
    }

    @Test
    void limitCountsItemsBeforeTheFilter() {
        String t = numbered(10);
        QueryResponse r = db.query(b -> b.tableName(t).keyConditionExpression("pk = :p").filterExpression("even = :y")
                .expressionAttributeValues(values(":p", "p", ":y", "yes")).limit(4));
        assertEquals(4, r.scannedCount());
        assertEquals(2, r.count());
        assertEquals(item("pk", "p", "sk", n(3)), r.lastEvaluatedKey());
    }

    @Test
    void aPageEndingAtLimitCarriesALastEvaluatedKeyEvenWhenNothingIsLeft() {
        String t = numbered(3);
        QueryResponse r = db.query(b -> b.tableName(t).keyConditionExpression("pk = :p")
                .expressionAttributeValues(values(":p", "p")).limit(3));
        assertEquals(item("pk", "p", "sk", n(2)), r.lastEvaluatedKey());
        QueryResponse next = db.query(b -> b.tableName(t).keyConditionExpression("pk = :p")
                .expressionAttributeValues(values(":p", "p")).limit(3).exclusiveStartKey(r.lastEvaluatedKey()));
        assertEquals(0, next.count());
        assertTrue(next.lastEvaluatedKey().isEmpty());
    }

    @Test
    void exclusiveStartKeyNeedNotNameAnExistingItem() {
        String t = numbered(6);
        QueryResponse r = db.query(b -> b.tableName(t).keyConditionExpression("pk = :p")
                .expressionAttributeValues(values(":p", "p")).exclusiveStartKey(item("pk", "p", "sk", n("2.5"))));
        assertEquals(List.of("3", "4", "5"), r.items().stream().map(i -> i.get("sk").n()).toList());
    }

    @Test
    void pagesStopAfterOneMegabyte() {
        String t = table(ScalarAttributeType.S, ScalarAttributeType.N);
        String big = repeat('x', 100_000);
        for (int i = 0; i < 15; i++) {
            int k = i;
            db.putItem(b -> b.tableName(t).item(item("pk", "p", "sk", n(k), "v", big)));
        }
        QueryResponse first = db.query(b -> b.tableName(t).keyConditionExpression("pk = :p")
                .expressionAttributeValues(values(":p", "p")));
        assertEquals(11, first.count());
        assertFalse(first.lastEvaluatedKey().isEmpty());
        QueryResponse second = db.query(b -> b.tableName(t).keyConditionExpression("pk = :p")
                .expressionAttributeValues(values(":p", "p")).exclusiveStartKey(first.lastEvaluatedKey()));
        assertEquals(4, second.count());
    }

    @Test
    void selectCountAnswersCountsWithoutItems() {
        String t = numbered(5);
        QueryResponse r = db.query(b -> b.tableName(t).keyConditionExpression("pk = :p").select(Select.COUNT)
                .expressionAttributeValues(values(":p", "p")));
        assertEquals(5, r.count());
        assertFalse(r.hasItems());
    }

    @Test
    void selectSpecificAttributesNeedsAProjection() {
        String t = numbered(1);
        assertError("ValidationException",
                "1 validation error detected: Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES",
                () -> db.query(b -> b.tableName(t).keyConditionExpression("pk = :p").select(Select.SPECIFIC_ATTRIBUTES)
                        .expressionAttributeValues(values(":p", "p"))));
    }

    @Test
    void queryWithoutAKeyConditionIsRefused() {
        String t = numbered(1);
        assertError("ValidationException",
                "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.",
                () -> db.query(b -> b.tableName(t)));
    }

    @Test
    void aStartingKeyOfAnotherPartitionFittingTheSortConditionCannotRestartAOneRowQuery() {
        String t = numbered(2);
        assertError("ValidationException", "The provided starting key does not match the range key predicate",
                () -> db.query(b -> b.tableName(t).keyConditionExpression("pk = :p AND sk > :s")
                        .expressionAttributeValues(values(":p", "p", ":s", n(5))).exclusiveStartKey(item("pk", "q", "sk", n(1)))));
        assertError("ValidationException", "The query can return at most one row and cannot be restarted",
                () -> db.query(b -> b.tableName(t).keyConditionExpression("pk = :p AND sk < :s")
                        .expressionAttributeValues(values(":p", "p", ":s", n(5))).exclusiveStartKey(item("pk", "q", "sk", n(1)))));
    }

    @Test
    void exclusiveStartKeyOutsideThePartitionIsRefused() {
        String t = numbered(2);
        assertError("ValidationException", "The provided starting key is outside query boundaries based on provided condition",
                () -> db.query(b -> b.tableName(t).keyConditionExpression("pk = :p")
                        .expressionAttributeValues(values(":p", "p")).exclusiveStartKey(item("pk", "q", "sk", n(1)))));
    }

    @Test
    void scanPagesEveryItemExactlyOnce() {
        String t = table(ScalarAttributeType.S, null);
        for (int i = 0; i < 50; i++) {
            int k = i;
            db.putItem(b -> b.tableName(t).item(item("pk", "item" + k)));
        }
        Set<String> seen = new HashSet<>();
        Map<String, AttributeValue> start = null;
        int pages = 0;
        do {
            Map<String, AttributeValue> from = start;
            ScanResponse page = db.scan(b -> b.tableName(t).limit(7).exclusiveStartKey(from));
            for (Map<String, AttributeValue> i : page.items()) {
                assertTrue(seen.add(i.get("pk").s()), "seen twice: " + i);
            }
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
            pages++;
        } while (start != null);
        assertEquals(50, seen.size());
        assertEquals(8, pages);
    }

    @Test
    void parallelScanSegmentsCoverEveryItemOnce() {
        String t = table(ScalarAttributeType.S, null);
        for (int i = 0; i < 200; i++) {
            int k = i;
            db.putItem(b -> b.tableName(t).item(item("pk", "item" + k)));
        }
        List<String> all = new ArrayList<>();
        int nonEmpty = 0;
        for (int segment = 0; segment < 4; segment++) {
            int s = segment;
            ScanResponse r = db.scan(b -> b.tableName(t).segment(s).totalSegments(4));
            r.items().forEach(i -> all.add(i.get("pk").s()));
            nonEmpty += r.count() > 0 ? 1 : 0;
        }
        assertEquals(200, all.size());
        assertEquals(200, new HashSet<>(all).size());
        assertTrue(nonEmpty > 1, "the items should spread over the segments");
    }

    @Test
    void segmentWithoutTotalSegmentsIsRefused() {
        String t = table(ScalarAttributeType.S, null);
        assertError("ValidationException",
                "The TotalSegments parameter is required but was not present in the request when Segment parameter is present",
                () -> db.scan(b -> b.tableName(t).segment(1)));
        assertError("ValidationException",
                "The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 3 is not less than TotalSegments: 3",
                () -> db.scan(b -> b.tableName(t).segment(3).totalSegments(3)));
    }

    @Test
    void scanFilterAppliesAfterLimit() {
        String t = numbered(10);
        ScanResponse r = db.scan(b -> b.tableName(t).filterExpression("even = :y").limit(5)
                .expressionAttributeValues(values(":y", "yes")));
        assertEquals(5, r.scannedCount());
        assertTrue(r.count() <= 5);
        assertFalse(r.lastEvaluatedKey().isEmpty());
    }

    @Test
    void limitBelowOneIsRefusedByTheConstraintPass() {
        String t = numbered(1);
        assertError("ValidationException",
                "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
                () -> db.scan(b -> b.tableName(t).limit(0)));
    }

    @Test
    void queryLimitBelowOneIsWordedByItsRequestPath() {
        String t = numbered(1);
        assertError("ValidationException",
                "1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
                () -> db.query(b -> b.tableName(t).limit(0).keyConditionExpression("pk = :p")
                        .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("a")))));
    }

    /**
     * Developer Guide, "Comparison operator and function reference": "a IN (b, c, d) ... The list can contain up to
     * 100 values"; with 101 the service counts the values, not the operand before IN.
     */
    @Test
    void inTakesAListOfUpTo100Values() {
        String t = numbered(3);
        Map<String, AttributeValue> values = new java.util.LinkedHashMap<>();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            values.put(":v" + i, n(i));
            names.add(":v" + i);
        }
        String hundred = "sk IN (" + String.join(", ", names.subList(0, 100)) + ")";
        Map<String, AttributeValue> hundredValues = new java.util.LinkedHashMap<>(values);
        hundredValues.remove(":v100");
        assertEquals(3, db.scan(b -> b.tableName(t).filterExpression(hundred).expressionAttributeValues(hundredValues)).count());
        assertError("ValidationException",
                "Invalid FilterExpression: The IN operator is provided with too many operands; number of operands: 101",
                () -> db.scan(b -> b.tableName(t)
                        .filterExpression("sk IN (" + String.join(", ", names) + ")").expressionAttributeValues(values)));
    }
}
