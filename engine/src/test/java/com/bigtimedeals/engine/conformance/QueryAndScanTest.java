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
    void exclusiveStartKeyOutsideThePartitionIsRefused() {
        String t = numbered(2);
        assertError("ValidationException", "The provided starting key is outside query boundaries based on provided conditions",
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
}
