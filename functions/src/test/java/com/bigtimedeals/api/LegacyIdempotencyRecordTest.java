package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.bigtimedeals.platform.IdempotencyStore;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.topology.HttpConventions;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A retry that spans the deploy of typed idempotency outcomes: its key's record was written by the code before, with
 * the first answer's {@code status} and gzipped {@code body} and no {@code outcome}. Read as an abandoned claim, it
 * would be taken over and the work done twice; it must replay the first answer byte for byte and write nothing.
 */
class LegacyIdempotencyRecordTest extends ApiTest {
    private static final String KEY = HttpConventions.IDEMPOTENCY_KEY;
    private static final String REPLAYED = HttpConventions.IDEMPOTENT_REPLAYED;
    private String deal;

    @BeforeEach
    void catalog() {
        seedCatalog();
        deal = createDeal("Voted", "acme", "tech");
        expect(201, post("/me").user("ann").body("{\"email\":\"ann@example.com\"}"));
    }

    @Test
    void aLikeRecordedByTheOldCodeIsReplayedNotLikedAgain() {
        Call like = post("/brands/acme/likes").user("ann").header(KEY, "like-1");
        Map<String, AttributeValue> old = asTheOldCodeRecorded("ann", "like-1", send(like), NOW.toEpochMilli());
        String first = bodyOf(old);
        expect(200, delete("/brands/acme/likes").user("ann"));
        assertReplayed(201, first, send(like), "ann", "like-1", old);
        assertEquals(0, expect(200, get("/brands/acme")).get("likes").asLong(), "the retry liked nothing");
        // The fingerprint is checked first: another request under the key is refused, and does nothing.
        assertEquals("IDEMPOTENCY_KEY_REUSED", expect(422, post("/brands/globex/likes").user("ann").header(KEY, "like-1"))
                .get("code").asText());
        assertEquals(0, expect(200, get("/brands/globex")).get("likes").asLong());
    }

    @Test
    void aVoteRecordedByTheOldCodeIsReplayedAndTheVoteSinceStands() {
        Call hot = post("/deals/" + deal + "/votes").user("ann").header(KEY, "vote-1").body("{\"vote\":\"hot\"}");
        Map<String, AttributeValue> old = asTheOldCodeRecorded("ann", "vote-1", send(hot), NOW.toEpochMilli());
        expect(200, post("/deals/" + deal + "/votes").user("ann").body("{\"vote\":\"cold\"}"));
        assertReplayed(200, bodyOf(old), send(hot), "ann", "vote-1", old);
        assertEquals("cold", expect(200, get("/me/votes").user("ann").query("dealIds=" + deal)).get("votes").get(deal).asText(),
                "the retry cast no vote over the one made since");
        assertEquals(-1, expect(200, get("/deals/" + deal)).get("temperature").asLong());
    }

    @Test
    void aCommentRecordedByTheOldCodeIsReplayedNotPostedAgain() {
        Call comment = post("/deals/" + deal + "/comments").user("ann").header(KEY, "comment-1").body("{\"body\":\"Worth it\"}");
        Map<String, AttributeValue> old = asTheOldCodeRecorded("ann", "comment-1", send(comment), NOW.toEpochMilli());
        assertReplayed(201, bodyOf(old), send(comment), "ann", "comment-1", old);
        assertEquals(1, expect(200, get("/deals/" + deal + "/comments")).get("comments").size(), "one comment");
        assertEquals(1, expect(200, get("/deals/" + deal)).get("commentCount").asLong());
    }

    /** The claimed path: the old claim's lease ran out long ago, and what it recorded is the answer still. */
    @Test
    void aClaimedPostRecordedByTheOldCodeIsReplayedNotRunAgain() {
        Call create = post("/cms/deals").editor().header(KEY, "create-1").body("{\"title\":\"Once\","
                + "\"link\":\"https://shop.example.com/once\",\"price\":5,\"brandId\":\"acme\",\"categoryId\":\"tech\"}");
        Map<String, AttributeValue> old = asTheOldCodeRecorded("erin", "create-1", send(create), NOW.toEpochMilli() - 60_000);
        int items = itemCount();
        assertReplayed(201, bodyOf(old), send(create), "erin", "create-1", old);
        assertEquals(items, itemCount(), "the retry made no second deal");
        // A 204 was recorded with a status and no body: replayed so.
        Call read = post("/cms/reports/" + deal + "/dismiss").editor().header(KEY, "dismiss-1");
        expect(201, post("/deals/" + deal + "/reports").user("ann").body("{\"reason\":\"spam\"}"));
        Map<String, AttributeValue> dismissed = asTheOldCodeRecorded("erin", "dismiss-1", send(read), NOW.toEpochMilli() - 60_000);
        assertEquals(204, Integer.parseInt(dismissed.get("status").n()));
        assertReplayed(204, null, send(read), "erin", "dismiss-1", dismissed);
    }

    private void assertReplayed(int status, String first, APIGatewayV2HTTPResponse retry, String user, String key,
                                Map<String, AttributeValue> old) {
        assertEquals(status, retry.getStatusCode(), retry.getBody());
        assertEquals(first, retry.getBody(), "the first answer's body, byte for byte");
        assertEquals("true", retry.getHeaders().get(REPLAYED));
        assertEquals(old, record(user, key), "the record is as the old code left it: not taken over, not rewritten");
    }

    /**
     * Rewrites the record {@code first} left as the code before typed outcomes wrote it (its IdempotencyStore's
     * {@code answeredItem} and {@code complete}, before commit 0191b5e): {@code Type}, {@code fingerprint},
     * {@code leaseUntil} (the moment itself for a carried record, the claim's lease for a claimed one), {@code ttl},
     * {@code status} and the gzipped UTF-8 {@code body}, absent for none. The fingerprint is kept from today's record.
     */
    private Map<String, AttributeValue> asTheOldCodeRecorded(String user, String key, APIGatewayV2HTTPResponse first, long leaseUntil) {
        Map<String, AttributeValue> item = new HashMap<>(recordKey(user, key));
        item.put(Keys.TYPE, AttributeValue.fromS("IdempotencyRecord"));
        item.put("fingerprint", record(user, key).get("fingerprint"));
        item.put("leaseUntil", AttributeValue.fromN(Long.toString(leaseUntil)));
        item.put("ttl", AttributeValue.fromN(Long.toString(NOW.getEpochSecond() + IdempotencyStore.RETENTION_SECONDS)));
        item.put("status", AttributeValue.fromN(Integer.toString(first.getStatusCode())));
        if (first.getBody() != null) {
            item.put("body", AttributeValue.fromB(SdkBytes.fromByteArray(gzip(first.getBody()))));
        }
        client.putItem(b -> b.tableName(table.name()).item(item));
        return Map.copyOf(item);
    }

    private static String bodyOf(Map<String, AttributeValue> old) {
        try (var in = new java.util.zip.GZIPInputStream(old.get("body").b().asInputStream())) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Map<String, AttributeValue> record(String user, String key) {
        return client.getItem(b -> b.tableName(table.name()).key(recordKey(user, key)).consistentRead(true)).item();
    }

    private static Map<String, AttributeValue> recordKey(String user, String key) {
        return Map.of(Keys.PK, AttributeValue.fromS("IDEMPOTENCY#user:" + user), Keys.SK, AttributeValue.fromS("KEY#" + key));
    }

    private static byte[] gzip(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
