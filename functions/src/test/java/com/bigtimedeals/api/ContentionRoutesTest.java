package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * Writes racing transactions on the same items (issue 43): a conflict is retried, never a 503. The races are real:
 * every request starts at once on its own thread against the engine.
 */
class ContentionRoutesTest extends ApiTest {
    private List<APIGatewayV2HTTPResponse> race(int n, IntFunction<Call> call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<APIGatewayV2HTTPResponse>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int k = i;
                futures.add(pool.submit(() -> {
                    go.await();
                    return send(call.apply(k));
                }));
            }
            go.countDown();
            List<APIGatewayV2HTTPResponse> out = new ArrayList<>();
            for (Future<APIGatewayV2HTTPResponse> f : futures) {
                out.add(f.get());
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void deletingTheAccountWhileItsCommentsArePostedNeverAnswers503() throws Exception {
        seedCatalog();
        String deal = createDeal("Raced", "acme", "tech");
        for (int round = 0; round < 3; round++) {
            expect(201, post("/me").user("ann").body("{\"email\":\"ann@example.com\"}"));
            List<APIGatewayV2HTTPResponse> answers = race(12, i -> i % 4 == 0 ? delete("/me").user("ann")
                    : post("/deals/" + deal + "/comments").user("ann").body("{\"body\":\"Comment " + i + "\"}"));
            for (int i = 0; i < answers.size(); i++) {
                int status = answers.get(i).getStatusCode();
                assertTrue(status < 500, "answer " + i + ": " + status + " " + answers.get(i).getBody());
                assertTrue(i % 4 == 0 ? status == 204 : status == 201 || status == 403, status + " " + answers.get(i).getBody());
            }
            expect(404, get("/me").user("ann"));
        }
    }

    @Test
    void dismissingWhileNewReportsArriveNeverAnswers503() throws Exception {
        seedCatalog();
        String deal = createDeal("Reported", "acme", "tech");
        for (int i = 0; i < 24; i++) {
            expect(201, post("/me").user("r" + i).body("{\"email\":\"r" + i + "@example.com\"}"));
        }
        List<APIGatewayV2HTTPResponse> answers = race(24, i -> i == 0 ? post("/cms/reports/" + deal + "/dismiss").editor()
                : post("/deals/" + deal + "/reports").user("r" + i).body("{\"reason\":\"spam\"}"));
        for (APIGatewayV2HTTPResponse a : answers) {
            assertTrue(a.getStatusCode() < 500, a.getStatusCode() + " " + a.getBody());
        }
        // Whatever was not dismissed is open, each report once.
        JsonNode open = expect(200, get("/cms/reports/" + deal).editor()).get("reports");
        assertTrue(open.size() <= 23, open.toString());
        assertEquals(open.size(), open.findValuesAsText("username").stream().distinct().count());
    }
}
