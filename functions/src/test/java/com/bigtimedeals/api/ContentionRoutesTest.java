package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.inbox.MessageKind;
import com.bigtimedeals.platform.DynamoDbClients;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableAccessLog;
import com.bigtimedeals.topology.Route;
import com.bigtimedeals.topology.RouteTable;
import com.fasterxml.jackson.databind.JsonNode;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Writes racing transactions on the same items (issue 43): a conflict is retried, never a 503. The races are real, on
 * the engine: requests start at once on their own threads, or run one after another while other transactions hold,
 * again and again, every item the route has written so far ({@link HeldItems}). Such a race goes on until the route
 * has met a held item (a failure the SDK saw), so a test that passes has shown each route answering through a
 * conflict, then the state is checked through the API. Every write route of the route table is raced here
 * ({@link #everyWriteRouteIsRaced}).
 */
class ContentionRoutesTest extends ApiTest {
    /** The write routes a test races; {@link #underHold} refuses a call to any other. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @interface Races {
        String[] value();
    }

    private static final HeldItems HELD = new HeldItems();
    /** The handlers' client: the grants' log, and the holders' watch over what the handlers write. */
    private static final DynamoDbClient WATCHED = DynamoDbClients.local(dynamo.endpoint(), dynamo.httpClient(),
            new TableAccessLog(), HELD);
    /** Calls per race at least, and at most while the route has met no held item yet. */
    private static final int MIN_CALLS = 24;
    private static final int MAX_CALLS = 600;

    private Set<String> racing;

    @BeforeEach
    void watchedHandlers(TestInfo test) {
        handlers = handlers(new Table(WATCHED, table.name(), table.clock(), table.cursors()), table.clock());
        Races races = test.getTestMethod().map(m -> m.getAnnotation(Races.class)).orElse(null);
        racing = races == null ? Set.of() : Set.of(races.value());
    }

    @Test
    void everyWriteRouteIsRaced() {
        Set<String> writes = new TreeSet<>();
        for (Route r : RouteTable.ROUTES) {
            if (r.writes()) {
                writes.add(r.routeKey());
            }
        }
        Set<String> raced = new TreeSet<>();
        for (Method m : ContentionRoutesTest.class.getDeclaredMethods()) {
            Races races = m.getAnnotation(Races.class);
            if (races != null) {
                raced.addAll(List.of(races.value()));
            }
        }
        assertEquals(writes, raced);
    }

    /**
     * Sends {@code call(0)}, {@code call(1)}, ... one after another while two holders hold what the calls wrote so far:
     * at least {@link #MIN_CALLS}, and more until the route has met a held item. No answer may be a 5xx, and each
     * status must be one {@code allowed} accepts for its call.
     */
    private List<APIGatewayV2HTTPResponse> underHold(IntFunction<Call> call, Allowed allowed) throws Exception {
        return underHold(call, allowed, (body, i) -> {
        });
    }

    /** As above; {@code seen} is given each answer's body, for the calls that follow (an id to delete). */
    private List<APIGatewayV2HTTPResponse> underHold(IntFunction<Call> call, Allowed allowed,
                                                     java.util.function.ObjIntConsumer<JsonNode> seen) throws Exception {
        HELD.watch();
        List<APIGatewayV2HTTPResponse> answers = new ArrayList<>();
        try (HeldItems.Holding holding = HELD.hold(client, table.name(), 2)) {
            for (int i = 0; i < MIN_CALLS || (HELD.conflictsMet() == 0 && i < MAX_CALLS); i++) {
                Call c = call.apply(i);
                String route = RouteTable.match(c.method, c.path).routeKey();
                assertTrue(racing.contains(route), route + " is not among this test's @Races");
                APIGatewayV2HTTPResponse a = send(c);
                String said = "call " + i + ", " + c.method + " " + c.path + ": " + a.getStatusCode() + " " + a.getBody();
                assertTrue(a.getStatusCode() < 500, said);
                assertTrue(allowed.test(i, a.getStatusCode()), said);
                answers.add(a);
                seen.accept(parse(a), i);
            }
        }
        assertTrue(HELD.conflictsMet() > 0, "no call met a held item in " + answers.size() + " calls: nothing was raced");
        return answers;
    }

    @FunctionalInterface
    private interface Allowed {
        boolean test(int call, int status);
    }

    private static Allowed always(int... statuses) {
        return (i, s) -> java.util.Arrays.stream(statuses).anyMatch(x -> x == s);
    }

    private static Allowed by(IntFunction<IntPredicate> perCall) {
        return (i, s) -> perCall.apply(i).test(s);
    }

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

    private void profile(String user) {
        expect(201, post("/me").user(user).body("{\"email\":\"" + user + "@example.com\"}"));
    }

    @Test
    @Races({"POST /deals/{dealId}/comments", "DELETE /me"})
    void deletingTheAccountWhileItsCommentsArePostedNeverAnswers503() throws Exception {
        seedCatalog();
        String deal = createDeal("Raced", "acme", "tech");
        for (int round = 0; round < 3; round++) {
            profile("ann");
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
    @Races({"POST /deals/{dealId}/reports", "POST /cms/reports/{dealId}/dismiss"})
    void dismissingWhileNewReportsArriveNeverAnswers503() throws Exception {
        seedCatalog();
        String deal = createDeal("Reported", "acme", "tech");
        for (int i = 0; i < 24; i++) {
            profile("r" + i);
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

    @Test
    @Races({"POST /deals/{dealId}/reports", "POST /cms/reports/{dealId}/dismiss"})
    void reportsAndDismissalsUnderHeldItems() throws Exception {
        seedCatalog();
        String deal = createDeal("Reported", "acme", "tech");
        for (int i = 0; i < MAX_CALLS; i++) {
            profile("r" + i);
        }
        List<APIGatewayV2HTTPResponse> answers = underHold(i -> i % 6 == 5 ? post("/cms/reports/" + deal + "/dismiss").editor()
                : post("/deals/" + deal + "/reports").user("r" + i).body("{\"reason\":\"spam\"}"),
                by(i -> s -> i % 6 == 5 ? s == 200 || s == 204 : s == 201));
        // The reports since the last dismissal are open, each once.
        int open = (answers.size()) % 6;
        JsonNode reports = expect(200, get("/cms/reports/" + deal).editor()).get("reports");
        assertEquals(open, reports.size(), reports.toString());
    }

    /**
     * Two dismissals in one millisecond (the clock stands still here, so every dismissal is at the same instant) each
     * close their round and record their event: the event's key once collided, and the second answered 500.
     */
    @Test
    @Races({"POST /deals/{dealId}/reports", "POST /cms/reports/{dealId}/dismiss"})
    void dismissalsAtTheSameInstantEachRecordTheirEvent() throws Exception {
        seedCatalog();
        String deal = createDeal("Dismissed", "acme", "tech");
        for (int i = 0; i < 26; i++) {
            profile("r" + i);
        }
        expect(201, post("/deals/" + deal + "/reports").user("r0").body("{\"reason\":\"spam\"}"));
        expect(204, post("/cms/reports/" + deal + "/dismiss").editor());
        expect(201, post("/deals/" + deal + "/reports").user("r1").body("{\"reason\":\"spam\"}"));
        expect(204, post("/cms/reports/" + deal + "/dismiss").editor());
        expect(204, post("/cms/reports/" + deal + "/dismiss").editor()); // none open: no event
        assertEquals(2, dismissals(deal));
        // Racing: two dismissals and four new reports at once, six times over.
        for (int round = 0; round < 6; round++) {
            int first = 2 + round * 4;
            for (APIGatewayV2HTTPResponse a : race(6, i -> i < 2 ? post("/cms/reports/" + deal + "/dismiss").editor()
                    : post("/deals/" + deal + "/reports").user("r" + (first + i - 2)).body("{\"reason\":\"spam\"}"))) {
                assertTrue(a.getStatusCode() < 500, a.getStatusCode() + " " + a.getBody());
            }
        }
        expect(204, post("/cms/reports/" + deal + "/dismiss").editor());
        assertEquals(0, expect(200, get("/cms/reports/" + deal).editor()).get("reports").size());
        // Each dismissal that closed a round has its event: at least one per racing round's reports, at most one per call.
        int events = dismissals(deal);
        assertTrue(events >= 3 && events <= 2 + 12 + 1, "events: " + events);
    }

    /** How many reports-dismissed events the deal's history shows (the CMS's view of it). */
    private int dismissals(String deal) {
        int n = 0;
        for (JsonNode e : expect(200, get("/cms/deals/" + deal + "/history").editor().query("limit=100")).get("events")) {
            n += "reports-dismissed".equals(e.get("action").asText()) ? 1 : 0;
        }
        return n;
    }

    @Test
    @Races({"POST /me", "DELETE /me"})
    void profilesUnderHeldItems() throws Exception {
        List<APIGatewayV2HTTPResponse> answers = underHold(i -> i % 3 == 2 ? delete("/me").user("ann")
                        : post("/me").user("ann").body("{\"email\":\"ann@example.com\"}"),
                by(i -> s -> i % 3 == 0 ? s == 201 : i % 3 == 1 ? s == 409 : s == 204));
        expect(answers.size() % 3 == 0 ? 404 : 200, get("/me").user("ann"));
    }

    @Test
    @Races({"POST /brands/{brandId}/likes", "DELETE /brands/{brandId}/likes", "POST /brands/{brandId}/watches",
            "DELETE /brands/{brandId}/watches", "POST /categories/{categoryId}/likes", "DELETE /categories/{categoryId}/likes",
            "POST /categories/{categoryId}/watches", "DELETE /categories/{categoryId}/watches"})
    void followsUnderHeldItems() throws Exception {
        seedCatalog();
        profile("ann");
        profile("bob");
        for (String target : List.of("brands/acme", "categories/tech")) {
            for (String kind : List.of("likes", "watches")) {
                String path = "/" + target + "/" + kind;
                // ann and bob follow, then both stop: the counter is shared, each follow item their own.
                List<APIGatewayV2HTTPResponse> answers = underHold(i -> {
                    String user = i % 2 == 0 ? "ann" : "bob";
                    return i % 4 < 2 ? post(path).user(user) : delete(path).user(user);
                }, by(i -> s -> i % 4 < 2 ? s == 201 : s == 200));
                int n = answers.size() % 4;
                long following = n == 0 ? 0 : n == 1 ? 1 : n == 2 ? 2 : 1;
                JsonNode counted = expect(200, get("/" + target));
                assertEquals(following, counted.get(kind.equals("likes") ? "likes" : "watchers").asLong(), path + ": " + counted);
                JsonNode ann = expect(200, get("/me/" + target).user("ann"));
                assertEquals(n == 1 || n == 2, ann.get(kind.equals("likes") ? "liked" : "watching").asBoolean(), path);
            }
        }
    }

    @Test
    @Races({"PUT /me/saved/{dealId}", "DELETE /me/saved/{dealId}"})
    void savedDealsUnderHeldItems() throws Exception {
        seedCatalog();
        profile("ann");
        String deal = createDeal("Saved", "acme", "tech");
        List<APIGatewayV2HTTPResponse> answers = underHold(i -> i % 2 == 0 ? put("/me/saved/" + deal).user("ann")
                : delete("/me/saved/" + deal).user("ann"), by(i -> s -> i % 2 == 0 ? s == 200 : s == 204));
        JsonNode saved = expect(200, get("/me/saved").user("ann")).get("deals");
        assertEquals(answers.size() % 2, saved.size(), saved.toString());
    }

    @Test
    @Races({"POST /me/devices", "DELETE /me/devices/{deviceId}", "PUT /me/notifications"})
    void devicesAndNotificationsUnderHeldItems() throws Exception {
        profile("ann");
        String[] device = new String[1];
        List<APIGatewayV2HTTPResponse> answers = underHold(i -> {
            if (i % 2 == 1) {
                return delete("/me/devices/" + device[0]).user("ann");
            }
            return post("/me/devices").user("ann").body("{\"platform\":\"apns\",\"token\":\"" + "ab".repeat(32) + "\"}");
        }, by(i -> s -> i % 2 == 0 ? s == 201 || s == 200 : s == 204), (body, i) -> {
            if (i % 2 == 0) {
                device[0] = body.get("id").asText();
            }
        });
        // (the call after a registration removes the device it answered)
        assertEquals(answers.size() % 2, expect(200, get("/me/devices").user("ann")).get("devices").size());
        String[] bodies = {"{\"push\":{\"watches\":false,\"alerts\":true,\"blasts\":false,\"reminders\":true},\"quietHours\":null}",
                "{\"push\":{\"watches\":true,\"alerts\":false,\"blasts\":true,\"reminders\":false},"
                        + "\"quietHours\":{\"start\":\"22:30\",\"end\":\"07:00\",\"timeZone\":\"Europe/London\"}}"};
        List<APIGatewayV2HTTPResponse> settings = underHold(i -> put("/me/notifications").user("ann").body(bodies[i % 2]),
                always(200));
        assertEquals(bodies[(settings.size() - 1) % 2], expect(200, get("/me/notifications").user("ann")).toString());
    }

    @Test
    @Races({"POST /me/messages/{messageId}/read"})
    void markingReadUnderHeldItems() throws Exception {
        profile("ann");
        List<Message> messages = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            java.time.Instant at = NOW.minusSeconds(60L * i);
            messages.add(new Message(Ids.messageId(at, "ann", "deal-" + i), "ann", "S" + i, "B", null, true, at, MessageKind.WATCH));
        }
        delivery(table).deliver(messages);
        underHold(i -> post("/me/messages/" + messages.get(i % 4).id() + "/read").user("ann"), always(204));
        assertEquals(0, expect(200, get("/me/messages/unread-count").user("ann")).get("unread").asInt());
    }

    @Test
    @Races({"POST /deals/{dealId}/votes", "DELETE /deals/{dealId}/votes"})
    void votesUnderHeldItems() throws Exception {
        seedCatalog();
        profile("ann");
        profile("bob");
        String deal = createDeal("Voted", "acme", "tech");
        // ann and bob each vote hot, then cold, then withdraw, in turn.
        List<APIGatewayV2HTTPResponse> answers = underHold(i -> {
            String user = i % 2 == 0 ? "ann" : "bob";
            int step = (i / 2) % 3;
            return step == 2 ? delete("/deals/" + deal + "/votes").user(user)
                    : post("/deals/" + deal + "/votes").user(user).body("{\"vote\":\"" + (step == 0 ? "hot" : "cold") + "\"}");
        }, always(200));
        JsonNode last = parse(answers.get(answers.size() - 1));
        assertEquals(last.get("temperature").asLong(), expect(200, get("/deals/" + deal)).get("temperature").asLong());
        int n = answers.size();
        for (String user : List.of("ann", "bob")) {
            int mine = user.equals("ann") ? (n + 1) / 2 : n / 2; // how many of the calls were this user's
            String want = mine == 0 || mine % 3 == 0 ? null : mine % 3 == 1 ? "hot" : "cold";
            JsonNode votes = expect(200, get("/me/votes").user(user).query("dealIds=" + deal)).get("votes");
            assertEquals(want, votes.has(deal) ? votes.get(deal).asText() : null, user + ": " + votes);
        }
    }

    @Test
    @Races({"POST /me/alerts", "DELETE /me/alerts/{alertId}"})
    void alertsUnderHeldItems() throws Exception {
        seedCatalog();
        profile("ann");
        String[] alert = new String[1];
        List<APIGatewayV2HTTPResponse> answers = new ArrayList<>();
        answers.addAll(underHold(i -> {
            if (i % 2 == 1) {
                return delete("/me/alerts/" + alert[0]).user("ann");
            }
            return post("/me/alerts").user("ann").body("{\"keywords\":\"kettle k" + i + "\",\"maxPrice\":40}");
        }, by(i -> s -> i % 2 == 0 ? s == 201 : s == 204), (body, i) -> {
            if (i % 2 == 0) {
                alert[0] = body.get("id").asText();
            }
        }));
        assertEquals(answers.size() % 2, expect(200, get("/me/alerts").user("ann")).get("alerts").size());
    }

    @Test
    @Races({"POST /deals/{dealId}/comments", "DELETE /deals/{dealId}/comments/{commentId}"})
    void commentsUnderHeldItems() throws Exception {
        seedCatalog();
        profile("ann");
        String deal = createDeal("Commented", "acme", "tech");
        String[] comment = new String[1];
        List<APIGatewayV2HTTPResponse> answers = underHold(i -> i % 3 == 2
                ? delete("/deals/" + deal + "/comments/" + comment[0]).user("ann")
                : post("/deals/" + deal + "/comments").user("ann").body("{\"body\":\"Comment " + i + "\"}"),
                by(i -> s -> i % 3 == 2 ? s == 204 : s == 201), (body, i) -> {
                    if (i % 3 == 1) {
                        comment[0] = body.get("id").asText();
                    }
                });
        // Every third call deleted the comment the call before it posted.
        long kept = 0;
        for (int i = 0; i < answers.size(); i++) {
            kept += i % 3 == 2 ? -1 : 1;
        }
        assertEquals(kept, expect(200, get("/deals/" + deal)).get("commentCount").asLong());
        // Every page: a race runs until it met a held item, so it may post more comments than one page holds.
        long live = 0;
        String cursor = null;
        do {
            JsonNode page = expect(200, get("/deals/" + deal + "/comments")
                    .query("limit=100" + (cursor == null ? "" : "&cursor=" + java.net.URLEncoder.encode(cursor, java.nio.charset.StandardCharsets.UTF_8))));
            for (JsonNode c : page.get("comments")) {
                live += c.get("deleted").asBoolean() ? 0 : 1;
            }
            cursor = page.hasNonNull("nextCursor") ? page.get("nextCursor").asText() : null;
        } while (cursor != null);
        assertEquals(kept, live);
    }

    @Test
    @Races({"POST /cms/brands", "PATCH /cms/brands/{brandId}", "DELETE /cms/brands/{brandId}",
            "POST /cms/categories", "PATCH /cms/categories/{categoryId}", "DELETE /cms/categories/{categoryId}"})
    void catalogUnderHeldItems() throws Exception {
        for (String kind : List.of("brands", "categories")) {
            // Made, renamed, deleted in turn, under one id: every call meets the items the last ones wrote.
            List<APIGatewayV2HTTPResponse> answers = underHold(i -> switch (i % 3) {
                case 0 -> post("/cms/" + kind).editor().body("{\"name\":\"Raced\"}");
                case 1 -> patch("/cms/" + kind + "/raced").editor().body("{\"name\":\"Raced again " + i + "\"}");
                default -> delete("/cms/" + kind + "/raced").editor();
            }, by(i -> s -> i % 3 == 0 ? s == 201 : i % 3 == 1 ? s == 200 : s == 204));
            JsonNode list = expect(200, get("/" + kind)).get(kind);
            assertEquals(answers.size() % 3 == 0 ? 0 : 1, list.size(), list.toString());
        }
    }

    @Test
    @Races({"POST /cms/deals", "PATCH /cms/deals/{dealId}", "DELETE /cms/deals/{dealId}"})
    void dealsUnderHeldItems() throws Exception {
        seedCatalog();
        String fixed = createDeal("Corrected", "acme", "tech");
        String[] made = new String[1];
        List<APIGatewayV2HTTPResponse> answers = underHold(i -> switch (i % 3) {
            // Each new deal in the same brand and category: their counts and lists are shared items.
            case 0 -> post("/cms/deals").editor().body("{\"title\":\"Raced deal " + i + "\",\"link\":\"https://shop.example.com/raced/"
                    + i + "\",\"price\":19.99,\"brandId\":\"acme\",\"categoryId\":\"tech\"}");
            case 1 -> patch("/cms/deals/" + fixed).editor().body("{\"price\":" + (10 + i) + "}");
            default -> delete("/cms/deals/" + made[0]).editor();
        }, by(i -> s -> i % 3 == 0 ? s == 201 : i % 3 == 1 ? s == 200 : s == 204), (body, i) -> {
            if (i % 3 == 0) {
                made[0] = body.get("id").asText();
            }
        });
        int n = answers.size();
        int lastPatch = n % 3 >= 2 ? n - n % 3 + 1 : n - n % 3 - 2;
        assertEquals(10 + lastPatch, expect(200, get("/deals/" + fixed)).get("price").asDouble(), 0.001);
        // The fixed deal, and the last one made if no call took it down yet.
        JsonNode latest = expect(200, get("/brands/acme/deals")).get("deals");
        assertEquals(n % 3 == 0 ? 1 : 2, latest.size(), latest.toString());
    }

    @Test
    @Races({"PUT /cms/frontpage/featured", "PUT /cms/categories/{categoryId}/featured", "PUT /cms/editors-choice"})
    void featuredListsUnderHeldItems() throws Exception {
        seedCatalog();
        List<String> deals = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            deals.add(createDeal("Featured " + i, "acme", "tech"));
        }
        IntFunction<String> list = i -> "{\"dealIds\":[\"" + deals.get(i % 4) + "\",\"" + deals.get((i + 1) % 4) + "\"]}";
        String[] paths = {"/cms/frontpage/featured", "/cms/categories/tech/featured", "/cms/editors-choice"};
        for (String path : paths) {
            List<APIGatewayV2HTTPResponse> answers = underHold(i -> put(path).editor().body(list.apply(i)), always(200));
            int last = answers.size() - 1;
            JsonNode shown = switch (path) {
                case "/cms/frontpage/featured" -> expect(200, get("/frontpage")).get("featured");
                case "/cms/editors-choice" -> expect(200, get("/editors-choice")).get("featured");
                default -> expect(200, get("/categories/tech")).get("featured");
            };
            assertEquals(List.of(deals.get(last % 4), deals.get((last + 1) % 4)), ids(shown), path);
        }
    }

    @Test
    @Races({"POST /cms/hot-deals"})
    void blastsUnderHeldItems() throws Exception {
        seedCatalog();
        for (int i = 0; i < 5; i++) {
            profile("u" + i);
        }
        List<String> deals = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            deals.add(createDeal("Blasted " + i, "acme", "tech"));
        }
        List<APIGatewayV2HTTPResponse> answers = underHold(i -> post("/cms/hot-deals").editor()
                .body("{\"dealId\":\"" + deals.get(i % 3) + "\"}"), by(i -> s -> i < 3 ? s == 202 : s == 200 || s == 202));
        for (APIGatewayV2HTTPResponse a : answers) {
            if (a.getStatusCode() == 202) {
                String id = parse(a).get("blastId").asText();
                expect(200, get("/cms/hot-deals/" + id).editor());
            }
        }
    }
}
