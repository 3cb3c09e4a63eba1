package com.bigtimedeals.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.bigtimedeals.deals.OldCounterLayout;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A kept data directory holding deals from before the counter views (no liveness marker, 8 shards): the stack
 * upgrades them when it starts on it, before its port opens, so the first vote counts on the old deal.
 */
@Tag("stack")
class LocalStackUpgradeTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private record Reply(int status, JsonNode body) {
    }

    private static Reply call(LocalStack stack, String method, String path, String token, String body) throws Exception {
        HttpResponse<String> r = HTTP.send(ApiRequests.builder("http://127.0.0.1:" + stack.port(), method, path, token, body)
                .build(), HttpResponse.BodyHandlers.ofString());
        return new Reply(r.statusCode(), r.body().isEmpty() ? null : JSON.readTree(r.body()));
    }

    private static JsonNode expect(int status, LocalStack stack, String method, String path, String token, String body)
            throws Exception {
        Reply r = call(stack, method, path, token, body);
        assertEquals(status, r.status(), method + " " + path + ": " + r.body());
        return r.body();
    }

    @Test
    void aKeptTableFromBeforeTheViewsIsUpgradedWhenTheStackStartsOnIt(@TempDir Path dir) throws Exception {
        LocalStack.Options options = LocalStack.Options.inMemory().withData(dir);
        String editor = BearerToken.forUser("erin", true);
        String ann = BearerToken.forUser("ann", false);
        String live;
        String down;
        try (LocalStack stack = LocalStack.start(options)) {
            expect(201, stack, "POST", "/cms/brands", editor, "{\"name\":\"Acme\"}");
            expect(201, stack, "POST", "/cms/categories", editor, "{\"name\":\"Tech\"}");
            live = expect(201, stack, "POST", "/cms/deals", editor, "{\"title\":\"Old phone\",\"link\":\"https://shop.example.com/p\","
                    + "\"price\":99,\"brandId\":\"acme\",\"categoryId\":\"tech\"}").get("id").asText();
            down = expect(201, stack, "POST", "/cms/deals", editor, "{\"title\":\"Old tablet\",\"link\":\"https://shop.example.com/t\","
                    + "\"price\":199,\"brandId\":\"acme\",\"categoryId\":\"tech\"}").get("id").asText();
            call(stack, "DELETE", "/cms/deals/" + down, editor, null);
            OldCounterLayout.make(stack.client(), stack.tableName(), live, 130, 20, 0);
            OldCounterLayout.make(stack.client(), stack.tableName(), down, 4, 1, 0);
            OldCounterLayout.notUpgraded(stack.client(), new com.bigtimedeals.platform.Table(stack.client(), stack.tableName(),
                    java.time.Clock.systemUTC(), null));
            // The old table as today's code meets it before the upgrade: the old layout's counts, votes on it count.
            assertEquals(111, expect(200, stack, "POST", "/deals/" + live + "/votes", ann, "{\"vote\":\"hot\"}")
                    .get("temperature").asLong());
            for (int i = 0; i < 12; i++) {
                assertEquals(111, expect(200, stack, "GET", "/deals/" + live, null, null).get("temperature").asLong());
            }
            expect(404, stack, "POST", "/deals/" + down + "/votes", ann, "{\"vote\":\"hot\"}");
        }
        try (LocalStack stack = LocalStack.start(options)) {
            assertEquals(111, expect(200, stack, "POST", "/deals/" + live + "/votes", ann, "{\"vote\":\"hot\"}")
                    .get("temperature").asLong());
            assertEquals(112, expect(200, stack, "POST", "/deals/" + live + "/votes", BearerToken.forUser("bob", false),
                    "{\"vote\":\"hot\"}").get("temperature").asLong());
            expect(404, stack, "POST", "/deals/" + down + "/votes", ann, "{\"vote\":\"hot\"}");
            // Each read picks one of the two views at random: every one says the same.
            for (int i = 0; i < 12; i++) {
                assertEquals(112, expect(200, stack, "GET", "/deals/" + live, null, null).get("temperature").asLong());
            }
        }
    }
}
