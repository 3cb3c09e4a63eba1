package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.lambda.GrantedAccess;
import com.bigtimedeals.platform.RequestMeter;
import com.bigtimedeals.platform.TableAccessLog;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.Route;
import com.bigtimedeals.topology.RouteTable;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * The SnapStart hook primes the success path of a real request: it reaches DynamoDB, answers 200 (on the
 * empty table of a first deploy too) and leaves every item as it was.
 */
class PrimingTest extends ApiTest {

    private List<Map<String, AttributeValue>> everyItem() {
        return client.scan(ScanRequest.builder().tableName(table.name()).consistentRead(true).build()).items();
    }

    private void primeEveryHandler() {
        List<Map<String, AttributeValue>> before = everyItem();
        for (Map.Entry<LambdaFunction, ApiHandler> h : handlers.entrySet()) {
            Route route = RouteTable.byRouteKey(h.getValue().primingEvent().getRouteKey());
            assertEquals(h.getKey(), route.function(), "priming route belongs to another function");
            assertEquals("GET", route.method(), "priming must not write");
            RequestMeter.reset();
            TableAccessLog.clear();
            assertEquals(200, h.getValue().prime().getStatusCode(), h.getKey() + " priming did not succeed");
            // Both deployments of the handler prime with it before their snapshot: each must be granted what it reads.
            List<TableAccessLog.Access> made = TableAccessLog.drain();
            for (boolean writes : new boolean[] {false, true}) {
                if (RouteTable.of(h.getKey()).stream().anyMatch(r -> r.writes() == writes)) {
                    GrantedAccess.assertGranted(h.getKey(), writes, made);
                }
            }
            assertTrue(RequestMeter.usage().requests() >= 1, h.getKey() + " priming made no DynamoDB request");
            h.getValue().beforeCheckpoint(null);
        }
        assertEquals(before, everyItem(), "priming changed the table");
    }

    @Test
    void primingSucceedsAndWritesNothingOnASeededTable() {
        seedCatalog();
        createDeal("Priming sees a deal", "acme", "tech");
        primeEveryHandler();
    }

    @Test
    void primingSucceedsAndWritesNothingOnTheEmptyTableOfAFirstDeploy() {
        primeEveryHandler();
    }
}
