package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.bigtimedeals.harness.ParallelRuns;
import com.fasterxml.jackson.databind.JsonNode;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/** Votes over the API: one vote per user and deal, exact temperatures under real concurrency, within budget. */
class VoteRoutesTest extends ApiTest {

    private String deal() {
        seedCatalog();
        return createDeal("Voted", "acme", "tech");
    }

    private JsonNode vote(String dealId, String user, String vote) {
        return expect(200, post("/deals/" + dealId + "/votes").user(user).body("{\"vote\":\"" + vote + "\"}"));
    }

    @Test
    void oneVotePerUserAndDealAndASwitchMovesIt() {
        String id = deal();
        JsonNode first = vote(id, "ann", "hot");
        assertEquals(id, first.get("dealId").asText());
        assertEquals(1, first.get("temperature").asLong());
        assertEquals("hot", first.get("myVote").asText());
        assertBudget(2);
        assertEquals(1, vote(id, "ann", "hot").get("temperature").asLong(), "the same vote again changes nothing");
        assertBudget(1);
        assertEquals(1, vote(id, "bob", "hot").get("temperature").asLong() - 1);
        JsonNode switched = vote(id, "ann", "cold");
        assertEquals(0, switched.get("temperature").asLong(), "bob hot, ann cold");
        assertEquals("cold", switched.get("myVote").asText());
        assertBudget(2);
        JsonNode gone = expect(200, delete("/deals/" + id + "/votes").user("ann"));
        assertEquals(1, gone.get("temperature").asLong());
        assertTrue(gone.get("myVote").isNull());
        assertBudget(2);
        assertEquals(1, expect(200, delete("/deals/" + id + "/votes").user("ann")).get("temperature").asLong());
        assertBudget(1);
        JsonNode read = expect(200, get("/deals/" + id));
        assertBudget(1);
        assertEquals(1, read.get("temperature").asLong());
        assertEquals(0, read.get("commentCount").asLong());
    }

    @Test
    void myVotesNamesOnlyTheDealsVotedOnInOneRequest() {
        String a = deal();
        String b = createDeal("Other", "globex", "tech");
        String never = createDeal("Never", "globex", "tech");
        vote(a, "ann", "hot");
        vote(b, "ann", "cold");
        vote(never, "bob", "hot");
        JsonNode mine = expect(200, get("/me/votes").user("ann").query("dealIds=" + a + "," + b + "," + never + "," + a));
        assertBudget(1);
        assertEquals(Map.of(a, "hot", b, "cold"), Map.of(a, mine.get("votes").get(a).asText(), b, mine.get("votes").get(b).asText()));
        assertEquals(2, mine.get("votes").size());
        assertEquals(0, expect(200, get("/me/votes").user("carol").query("dealIds=" + a)).get("votes").size());
    }

    @Test
    void badVotesAndBadListsAre400AndWriteNothing() {
        String id = deal();
        int before = itemCount();
        for (String body : List.of("{\"vote\":\"warm\"}", "{\"vote\":\"HOT\"}", "{\"vote\":1}", "{}", "{\"vote\":null}",
                "{\"vote\":[\"hot\"]}", "\"hot\"", "{\"vote\":\"hot\",\"vote\":\"cold\"}")) {
            JsonNode err = expect(400, post("/deals/" + id + "/votes").user("ann").body(body));
            assertTrue(!err.get("message").asText().isBlank());
        }
        String tooMany = String.join(",", Collections.nCopies(101, id));
        for (String q : List.of("", "dealIds=", "dealIds=abc", "dealIds=" + id + ",", "dealIds=" + tooMany, "dealIds=" + id + ",,")) {
            expect(400, get("/me/votes").user("ann").query(q));
        }
        expect(400, get("/hottest").query("window=year"));
        expect(400, get("/hottest").query("window=DAY"));
        expect(400, get("/hot").query("limit=0"));
        expect(400, get("/hot").query("cursor=abc.def"));
        assertEquals(before, itemCount());
        assertEquals(401, send(post("/deals/" + id + "/votes").body("{\"vote\":\"hot\"}")).getStatusCode());
    }

    @Test
    void unknownAndTakenDownDealsAre404ButExpiredOnesCanBeVotedOn() {
        String id = deal();
        String expired = createDeal("Expired", "acme", "tech", NOW.minusSeconds(3600));
        expect(200, patch("/cms/deals/" + expired).editor().body("{\"expiresAt\":\"" + NOW + "\"}"));
        assertEquals(1, vote(expired, "ann", "hot").get("temperature").asLong());
        int before = itemCount();
        expect(404, post("/deals/2Ob8YqPCahzVbVMpA4Ff0mu3Knb/votes").user("ann").body("{\"vote\":\"hot\"}"));
        expect(404, post("/deals/not-a-deal/votes").user("ann").body("{\"vote\":\"hot\"}"));
        expect(404, delete("/deals/2Ob8YqPCahzVbVMpA4Ff0mu3Knb/votes").user("ann"));
        assertEquals(before, itemCount());
        vote(id, "ann", "hot");
        expect(204, delete("/cms/deals/" + id).editor());
        before = itemCount();
        expect(404, post("/deals/" + id + "/votes").user("bob").body("{\"vote\":\"hot\"}"));
        expect(404, delete("/deals/" + id + "/votes").user("ann"));
        assertEquals(before, itemCount());
    }

    /** 50 users vote on one deal in the same moment: every one gets a 2xx, and the temperature is their sum. */
    @Test
    void fiftyUsersVotingAtOnceAllSucceedAndTheTemperatureIsTheirSum() throws Exception {
        String id = deal();
        List<Integer> statuses = Collections.synchronizedList(new ArrayList<>());
        java.util.concurrent.CyclicBarrier together = new java.util.concurrent.CyclicBarrier(50);
        ParallelRuns.run(50, 50, i -> {
            try {
                together.await(); // all 50 are sent in the same moment
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            statuses.add(send(post("/deals/" + id + "/votes").user("u" + i).body("{\"vote\":\"" + (i % 5 == 0 ? "cold" : "hot") + "\"}"))
                    .getStatusCode());
        });
        assertEquals(Collections.nCopies(50, 200), statuses);
        assertEquals(30, expect(200, get("/deals/" + id)).get("temperature").asLong(), "40 hot, 10 cold");
        assertEquals(30, temperatureOfVoteItems(id));
    }

    /**
     * 500 requests on one deal at once from 120 users, mixed: hot, cold, switches and withdrawals, several per user.
     * Whatever the interleaving, the temperature read afterwards equals what the table's vote items say, and each
     * user's vote item is the one their last answer named.
     */
    @Test
    void fiveHundredMixedRequestsLeaveTheTemperatureEqualToTheVoteItems() throws Exception {
        String id = deal();
        Random random = new Random(25);
        List<String[]> plan = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            int r = random.nextInt(10);
            plan.add(new String[] {"v" + (i % 120), r < 5 ? "hot" : r < 8 ? "cold" : "withdraw"});
        }
        Map<String, List<String>> answers = new ConcurrentHashMap<>();
        List<Integer> statuses = Collections.synchronizedList(new ArrayList<>());
        // One request at a time per user (as one phone sends them), every user at once.
        ParallelRuns.run(120, 40, u -> {
            for (int i = u; i < plan.size(); i += 120) {
                String[] step = plan.get(i);
                APIGatewayV2HTTPResponse r = step[1].equals("withdraw") ? send(delete("/deals/" + id + "/votes").user(step[0]))
                        : send(post("/deals/" + id + "/votes").user(step[0]).body("{\"vote\":\"" + step[1] + "\"}"));
                statuses.add(r.getStatusCode());
                JsonNode body = parse(r);
                answers.computeIfAbsent(step[0], k -> Collections.synchronizedList(new ArrayList<>()))
                        .add(body.get("myVote").isNull() ? "none" : body.get("myVote").asText());
            }
        });
        assertEquals(Collections.nCopies(500, 200), statuses);
        long fromItems = temperatureOfVoteItems(id);
        assertEquals(fromItems, expect(200, get("/deals/" + id)).get("temperature").asLong());
        Map<String, String> items = voteItems(id);
        answers.forEach((user, said) -> assertEquals(said.get(said.size() - 1), items.getOrDefault(user, "none"), user));
    }

    private Map<String, String> voteItems(String dealId) {
        Map<String, String> votes = new java.util.HashMap<>();
        Map<String, AttributeValue> start = null;
        do {
            var r = client.scan(ScanRequest.builder().tableName(table.name()).exclusiveStartKey(start)
                    .filterExpression("#t = :vote AND dealId = :deal").expressionAttributeNames(Map.of("#t", "Type"))
                    .expressionAttributeValues(Map.of(":vote", AttributeValue.fromS("Vote"), ":deal", AttributeValue.fromS(dealId)))
                    .consistentRead(true).build());
            r.items().forEach(i -> votes.put(i.get("username").s(), i.get("vote").s()));
            start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
        } while (start != null);
        return votes;
    }

    /** The temperature the table's vote items say, counted one by one. */
    private long temperatureOfVoteItems(String dealId) {
        return voteItems(dealId).values().stream().mapToLong(v -> v.equals("hot") ? 1 : -1).sum();
    }

    @Test
    void hotAndHottestAreWithinTheirBudgets() {
        deal();
        expect(200, get("/hot"));
        assertBudget(2);
        expect(200, get("/hottest"));
        assertBudget(1);
        expect(200, get("/hottest").query("window=month"));
        assertBudget(1);
    }
}
