package com.bigtimedeals.bench;

import com.bigtimedeals.harness.FaultyDynamoDb;
import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;


import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.bigtimedeals.data.DynamoDbClients;
import com.bigtimedeals.data.TableDefinition;
import com.bigtimedeals.api.BrandsHandler;
import com.bigtimedeals.topology.HttpApiEvents;
import com.bigtimedeals.topology.RouteTable;
import com.bigtimedeals.lambda.SyntheticContext;
import com.bigtimedeals.data.WalkStore;
import com.bigtimedeals.topology.StreamMapping;
import com.bigtimedeals.stream.SweepHandler;
import com.bigtimedeals.data.CatalogStore;
import com.bigtimedeals.data.CursorCodec;
import com.bigtimedeals.data.DealStore;
import com.bigtimedeals.data.FeaturedStore;
import com.bigtimedeals.data.FollowStore;
import com.bigtimedeals.data.FrontPageCache;
import com.bigtimedeals.data.Ids;
import com.bigtimedeals.data.InboxStore;
import com.bigtimedeals.harness.LocalDynamoDb;
import com.bigtimedeals.data.RequestMeter;
import com.bigtimedeals.data.Setting;
import com.bigtimedeals.harness.StreamRecords;
import com.bigtimedeals.harness.StreamTap;
import com.bigtimedeals.data.Table;
import com.bigtimedeals.data.TableInspector;
import com.bigtimedeals.data.UserStore;
import com.bigtimedeals.domain.Blast;
import com.bigtimedeals.domain.Deal;
import com.bigtimedeals.domain.FeaturedList;
import com.bigtimedeals.domain.FrontPage;
import com.bigtimedeals.domain.Likeable;
import com.bigtimedeals.domain.Message;
import com.bigtimedeals.domain.NewDeal;
import com.bigtimedeals.domain.Relation;
import com.bigtimedeals.domain.UserProfile;
import com.bigtimedeals.service.CatalogService;
import com.bigtimedeals.service.DealService;
import com.bigtimedeals.stream.ChangeReactions;
import com.bigtimedeals.stream.StreamHandler;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * {@code ./bigtimedeals bench}: what a request costs, what a cold start costs against the plainest SDK
 * function, what our handler adds to a warm request, and how fast fan-out runs against the raw write rate of
 * the same DynamoDB Local. Reports counts and same-run ratios, not bare timings. Each phase that fills a
 * stream gets its own DynamoDB Local (the engine slows down as a stream grows).
 */
public final class Benchmark {
    /** One result: {@code budget} and {@code reference} are null where none applies. */
    record Result(String name, double value, String unit, Double budget, Double reference, String note) {
    }

    static final ObjectMapper JSON = new ObjectMapper();
    static final int BRANDS = 200;
    static final int DAYS = 90;
    static final int DEALS_PER_DAY = 100;
    static final int USERS = 5_000;
    static final int COLD_RUNS = 5;

    private final List<Result> results = new ArrayList<>();
    private final Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    private final Path root;

    private Benchmark(Path root) {
        this.root = root;
    }

    public static void main(String[] args) throws Exception {
        long started = System.nanoTime();
        Benchmark bench = new Benchmark(Path.of("").toAbsolutePath());
        boolean quick = Arrays.asList(args).contains("--quick");
        if (Arrays.asList(args).contains("--fanout")) {
            // Only the fan-out phase; its figures go to bench-results/fanout.json, the full run's files stay as they are.
            bench.fanOut(quick);
            Files.createDirectories(bench.root.resolve("bench-results"));
            Files.writeString(bench.root.resolve("bench-results/fanout.json"), bench.resultsJson());
            System.out.printf("%nWrote bench-results/fanout.json in %d s.%n", Duration.ofNanos(System.nanoTime() - started).toSeconds());
            System.exit(0);
        }
        bench.costAndColdStart(quick);
        bench.fanOut(quick);
        bench.accountDeletion();
        bench.jars();
        bench.write(Duration.ofNanos(System.nanoTime() - started), quick);
        // DynamoDB Local leaves non-daemon threads behind after it stops; the results are written.
        System.exit(0);
    }

    private void add(String name, double value, String unit, Double budget, Double reference, String note) {
        results.add(new Result(name, value, unit, budget, reference, note));
        System.out.printf(Locale.ROOT, "  %-58s %12s %-10s%s%n", name, format(value), unit,
                budget == null ? "" : "  budget " + format(budget));
    }

    private static String format(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e12 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.2f", v);
    }

    // ---------------------------------------------------------------------------------------------------
    // Phase 1: a realistic table; cost per route; the front-page cache; cold start; warm overhead.

    private void costAndColdStart(boolean quick) throws Exception {
        System.out.println("Phase 1: seeding a realistic table through the product's own code…");
        try (LocalDynamoDb dynamo = LocalDynamoDb.start(null, 0)) {
            String tableName = "BenchDeals";
            DynamoDbClient client = DynamoDbClients.local(dynamo.endpoint());
            dynamo.createTable(client, TableDefinition.createTableRequest(tableName));
            System.setProperty("TABLE_NAME", tableName);
            System.setProperty("DYNAMODB_ENDPOINT", dynamo.endpoint().toString());
            System.setProperty("CACHE_SHARDS", "10");
            Table table = new Table(client, tableName, Clock.systemUTC(), CursorCodec.fromEnvironment());
            Seeded seeded = seed(table, quick);
            costPerRoute(table, seeded);
            frontPageCache(table);
            coldStart(dynamo, table, seeded, quick);
            warmOverhead(table, seeded, quick);
            client.close();
        }
    }

    /** What the seeding left to measure against. */
    record Seeded(String denseBrand, int denseDeals, String sparseBrand, int sparseDeals, List<String> recentDeals) {
    }

    private Seeded seed(Table table, boolean quick) throws Exception {
        long t0 = System.nanoTime();
        CatalogStore catalog = new CatalogStore(table);
        String[] categories = {"Tech", "Travel", "Food & Drink", "Fashion", "Home", "Health & Beauty", "Sports & Outdoors", "Entertainment"};
        List<String> categoryIds = new ArrayList<>();
        for (String c : categories) {
            categoryIds.add(new CatalogService(catalog, new DealStore(table), new FeaturedStore(table)).createCategory(c).id());
        }
        List<String> brandIds = new ArrayList<>();
        for (int b = 0; b < BRANDS; b++) {
            brandIds.add(catalog.createBrand("brand-" + b, "Brand " + b, "https://img.example.com/b" + b + ".png").id());
        }
        // Real deal sites are skewed: brand rank r gets deals in proportion to 1/r (a few brands get most).
        double[] weights = new double[BRANDS];
        double total = 0;
        for (int b = 0; b < BRANDS; b++) {
            total += weights[b] = 1.0 / (b + 1);
        }
        Random random = new Random(2026);
        int days = quick ? 10 : DAYS;
        int deals = days * DEALS_PER_DAY;
        List<NewDeal> drafts = new ArrayList<>(deals);
        int[] perBrand = new int[BRANDS];
        Instant start = now.minus(Duration.ofDays(days));
        for (int i = 0; i < deals; i++) {
            double pick = random.nextDouble() * total;
            int brand = 0;
            while (pick > weights[brand] && brand < BRANDS - 1) {
                pick -= weights[brand++];
            }
            perBrand[brand]++;
            Instant at = start.plusSeconds((long) ((double) i / deals * days * 86_400));
            drafts.add(new NewDeal("Brand " + brand + " deal " + i + ": " + (10 + random.nextInt(60)) + "% off a thing people want",
                    "https://shop.example.com/deals/" + i + "?ref=bigtimedeals", new BigDecimal(5 + random.nextInt(500) + ".99"),
                    brandIds.get(brand), categoryIds.get(random.nextInt(categoryIds.size())),
                    "https://img.example.com/deals/" + i + ".jpg", "A deal of typical length: " + "good value, ".repeat(8), at));
        }
        // Created in time order by 4 editors at once, as a feed import would.
        List<String> ids = new ArrayList<>(java.util.Collections.nCopies(deals, (String) null));
        DealStore dealStore = new DealStore(table);
        parallel(deals, 4, i -> ids.set(i, dealStore.create(drafts.get(i)).id()));
        System.out.printf("  %d deals in %d s%n", deals, (System.nanoTime() - t0) / 1_000_000_000L);
        UserStore users = new UserStore(table);
        FollowStore follows = new FollowStore(table);
        int userCount = quick ? 500 : USERS;
        parallel(userCount, 4, u -> {
            users.create(new UserProfile("user" + u, "user" + u + "@example.com", null, null, now));
            Random r = new Random(u);
            follows.add(Likeable.BRAND, brandIds.get(Math.min(BRANDS - 1, (int) Math.abs(r.nextGaussian() * 20))), "user" + u, Relation.LIKE);
            follows.add(Likeable.BRAND, brandIds.get(Math.min(BRANDS - 1, (int) Math.abs(r.nextGaussian() * 30))), "user" + u, Relation.WATCH);
            follows.add(Likeable.CATEGORY, categoryIds.get(r.nextInt(categoryIds.size())), "user" + u, Relation.WATCH);
        });
        List<String> recent = ids.subList(ids.size() - 20, ids.size());
        new FeaturedStore(table).set(FeaturedList.FRONT_PAGE, recent.subList(0, 10));
        new FeaturedStore(table).set(FeaturedList.EDITORS_CHOICE, recent.subList(10, 20));
        new FeaturedStore(table).setForCategory(categoryIds.get(0), recent.subList(0, 10));
        new FrontPageCache(table, 10).rebuild(new FeaturedStore(table), dealStore);
        InboxStore inbox = new InboxStore(table);
        List<Message> messages = new ArrayList<>();
        for (int m = 0; m < 60; m++) {
            Instant at = now.minusSeconds(60L * m);
            messages.add(new Message(Ids.messageId(at, "user1", "bench#" + m), "user1", "Deal " + m, "A message body of ordinary size.", ids.get(m), m % 2 == 0, at));
        }
        inbox.deliver(messages);
        int sparse = 0;
        for (int b = 0; b < BRANDS; b++) {
            if (perBrand[b] > 0 && perBrand[b] < perBrand[sparse] || perBrand[sparse] == 0) {
                sparse = b;
            }
        }
        System.out.printf("  seeded in %d s: %d brands, %d categories, %d deals (densest brand %d, sparsest %d), %d users%n",
                (System.nanoTime() - t0) / 1_000_000_000L, BRANDS, categoryIds.size(), deals, perBrand[0], perBrand[sparse], userCount);
        return new Seeded(brandIds.get(0), perBrand[0], brandIds.get(sparse), perBrand[sparse], recent);
    }

    private void costPerRoute(Table table, Seeded s) throws Exception {
        System.out.println("\nCost per route (DynamoDB requests, read and write units, response bytes):");
        Gateway gateway = new Gateway(0, true);
        String user = "Bearer " + BearerToken.issue("user1", List.of("users"), now, 3600);
        String fresh = "Bearer " + BearerToken.issue("newcomer", List.of("users"), now, 3600);
        String editor = "Bearer " + BearerToken.issue("erin", List.of("editors", "users"), now, 3600);
        String deal = s.recentDeals().get(19);
        String message = new InboxStore(table).list("user1", false, 1, null).items().get(0).id();
        // route, path, query, token, body, budget, reference requests, note
        Object[][] calls = {
            {"GET /frontpage", "/frontpage", "", null, null, 1.0, 2.0, "reference: FRONTPAGE item + 2-day DEALSCACHE item"},
            {"GET /deals (first page)", "/deals", "", null, null, 3.0, null, null},
            {"GET /deals (second page)", "/deals", "@next:/deals", null, null, 3.0, null, null},
            {"GET /deals/{dealId}", "/deals/" + deal, "", null, null, 1.0, 1.0, null},
            {"GET /editors-choice", "/editors-choice", "", null, null, 1.0, 1.0, null},
            {"GET /brands", "/brands", "", null, null, 1.0, 1.0, null},
            {"GET /brands/{brandId}", "/brands/" + s.denseBrand(), "", null, null, 1.0, 1.0, null},
            {"GET /brands/{dense}/deals (first page)", "/brands/" + s.denseBrand() + "/deals", "", null, null, 3.0, 1.0, "reference: 1 day partition holds a page"},
            {"GET /brands/{dense}/deals (second page)", "/brands/" + s.denseBrand() + "/deals", "@next:/brands/" + s.denseBrand() + "/deals", null, null, 3.0, 1.0, null},
            {"GET /brands/{sparse}/deals (first page)", "/brands/" + s.sparseBrand() + "/deals", "", null, null, 3.0, 5.0, "reference: walks 5 empty days, returns a short page"},
            {"GET /categories", "/categories", "", null, null, null, null, null},
            {"GET /categories/{categoryId}", "/categories/tech", "", null, null, 2.0, 1.0, "reference: one big item (featured inside)"},
            {"GET /categories/{categoryId}/deals", "/categories/tech/deals", "", null, null, 3.0, 1.0, null},
            {"POST /me", "/me", "", fresh, "{\"email\":\"newcomer@example.com\"}", null, 1.0, null},
            {"GET /me", "/me", "", user, null, null, 1.0, null},
            {"POST /brands/{brandId}/likes (new)", "/brands/" + s.sparseBrand() + "/likes", "", fresh, null, 2.0, 1.0, null},
            {"POST /brands/{brandId}/likes (already)", "/brands/" + s.sparseBrand() + "/likes", "", fresh, null, 2.0, 1.0, null},
            {"DELETE /brands/{brandId}/likes", "/brands/" + s.sparseBrand() + "/likes", "", fresh, null, 2.0, null, null},
            {"POST /brands/{brandId}/watches", "/brands/" + s.sparseBrand() + "/watches", "", fresh, null, 2.0, 1.0, null},
            {"DELETE /brands/{brandId}/watches", "/brands/" + s.sparseBrand() + "/watches", "", fresh, null, 2.0, null, null},
            {"POST /categories/{categoryId}/likes", "/categories/tech/likes", "", fresh, null, 2.0, 1.0, "reference: rewrites the category item with its featured list"},
            {"DELETE /categories/{categoryId}/likes", "/categories/tech/likes", "", fresh, null, 2.0, null, null},
            {"POST /categories/{categoryId}/watches", "/categories/tech/watches", "", fresh, null, 2.0, 1.0, null},
            {"DELETE /categories/{categoryId}/watches", "/categories/tech/watches", "", fresh, null, 2.0, null, null},
            {"GET /me/brands/{brandId}", "/me/brands/" + s.denseBrand(), "", user, null, null, null, null},
            {"GET /me/categories/{categoryId}", "/me/categories/tech", "", user, null, null, null, null},
            {"GET /me/messages", "/me/messages", "", user, null, 1.0, 1.0, null},
            {"GET /me/messages?unread=true", "/me/messages", "unread=true", user, null, 1.0, 1.0, null},
            {"POST /me/messages/{messageId}/read", "/me/messages/" + message + "/read", "", user, null, null, 1.0, null},
            {"POST /cms/brands", "/cms/brands", "", editor, "{\"name\":\"Bench Brand\"}", null, 2.0, "reference: brand + BRANDS set item"},
            {"POST /cms/categories", "/cms/categories", "", editor, "{\"name\":\"Bench Category\"}", null, 1.0, null},
            {"POST /cms/deals", "/cms/deals", "", editor, "{\"title\":\"Bench deal\",\"link\":\"https://s.example.com/b\",\"price\":9.99,\"brandId\":\""
                    + s.denseBrand() + "\",\"categoryId\":\"tech\"}", null, 1.0, null},
            {"PATCH /cms/deals/{dealId}", "/cms/deals/" + deal, "", editor, "{\"title\":\"Corrected bench deal\"}", null, null, null},
            {"PUT /cms/frontpage/featured (10 deals)", "/cms/frontpage/featured", "", editor, ids(s.recentDeals().subList(0, 10)), null, 2.0, null},
            {"PUT /cms/categories/{categoryId}/featured", "/cms/categories/tech/featured", "", editor, ids(s.recentDeals().subList(0, 10)), null, 2.0, null},
            {"PUT /cms/editors-choice", "/cms/editors-choice", "", editor, ids(s.recentDeals().subList(10, 20)), null, 2.0, null},
            {"POST /cms/hot-deals", "/cms/hot-deals", "", editor, "{\"dealId\":\"" + deal + "\"}", null, null, "the reference sends every message inside this call"},
            {"GET /me/follows", "/me/follows", "", user, null, 2.0, null, "1 Query of FOLLOWS#<user> + 1 BatchGetItem of names"},
            {"GET /me/messages/unread-count", "/me/messages/unread-count", "", user, null, 1.0, null, "COUNT of at most 100 unread index items"},
            {"DELETE /cms/deals/{dealId}", "/cms/deals/" + s.recentDeals().get(0), "", editor, null, null, null, "tombstone: index keys removed"},
            {"DELETE /me", "/me", "", fresh, null, null, null, "profile + deletion record; the rest through the stream"},
        };
        Map<String, String> cursors = new LinkedHashMap<>();
        for (Object[] c : calls) {
            String name = (String) c[0];
            String method = name.split(" ")[0];
            String path = (String) c[1];
            String query = (String) c[2];
            if (query.startsWith("@next:")) {
                query = "cursor=" + java.net.URLEncoder.encode(cursors.get(query.substring(6)), StandardCharsets.UTF_8);
            }
            Map<String, List<String>> headers = new LinkedHashMap<>();
            if (c[3] != null) {
                headers.put("Authorization", List.of((String) c[3]));
            }
            if (c[4] != null) {
                headers.put("Content-Type", List.of("application/json")); // the contract answers 415 without it
            }
            byte[] body = c[4] == null ? new byte[0] : ((String) c[4]).getBytes(StandardCharsets.UTF_8);
            Gateway.Answer a = gateway.call(method, path, query, headers, body, "127.0.0.1");
            if (a.status() >= 300) {
                throw new IllegalStateException(name + " answered " + a.status() + " " + a.text());
            }
            if (query.isEmpty() && a.text().contains("\"nextCursor\":\"")) {
                cursors.putIfAbsent(path, JSON.readTree(a.body()).get("nextCursor").asText());
            }
            String key = name.replace(' ', '_');
            int requests = Integer.parseInt(a.headers().get("X-DynamoDB-Requests"));
            add("route." + key + ".requests", requests, "requests", (Double) c[5], (Double) c[6], (String) c[7]);
            add("route." + key + ".readUnits", Double.parseDouble(a.headers().getOrDefault("X-DynamoDB-Read-Units", "0")), "RCU", null, null, null);
            add("route." + key + ".writeUnits", Double.parseDouble(a.headers().getOrDefault("X-DynamoDB-Write-Units", "0")), "WCU", null, null,
                    "DynamoDB Local reports transaction capacity differently from the service");
            add("route." + key + ".responseBytes", a.body().length, "bytes", null, null, null);
        }
        takedownPaging(table, s, gateway);
        add("data.denseBrandDeals", s.denseDeals(), "deals", null, null, null);
        add("data.sparseBrandDeals", s.sparseDeals(), "deals", null, null, null);
        gateway.close();
    }

    /** The issue's figure: a brand's latest-deals pages after 10% of its deals are taken down (still <= 3). */
    private void takedownPaging(Table table, Seeded s, Gateway gateway) {
        DealStore deals = new DealStore(table);
        List<String> all = new ArrayList<>();
        String cursor = null;
        do {
            var page = deals.latestForBrand(s.denseBrand(), 100, cursor);
            page.items().forEach(d -> all.add(d.id()));
            cursor = page.nextCursor();
        } while (cursor != null);
        for (int i = 5; i < all.size(); i += 10) {
            deals.takeDown(all.get(i));
        }
        String path = "/brands/" + s.denseBrand() + "/deals";
        String query = "";
        int maxRequests = 0;
        int pages = 0;
        int seen = 0;
        do {
            Gateway.Answer a = gateway.call("GET", path, query, Map.of(), new byte[0], "127.0.0.1");
            maxRequests = Math.max(maxRequests, Integer.parseInt(a.headers().get("X-DynamoDB-Requests")));
            var body = readTree(a.body());
            seen += body.get("deals").size();
            pages++;
            query = body.get("nextCursor").isNull() ? null
                    : "cursor=" + java.net.URLEncoder.encode(body.get("nextCursor").asText(), StandardCharsets.UTF_8);
        } while (query != null);
        add("route.GET_/brands/{dense}/deals_after_10%_takedowns.maxRequestsPerPage", maxRequests, "requests", 3.0, null,
                pages + " pages of 25 over " + seen + " remaining of " + all.size() + " deals");
    }

    private static com.fasterxml.jackson.databind.JsonNode readTree(byte[] body) {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String ids(List<String> ids) {
        return "{\"dealIds\":[" + String.join(",", ids.stream().map(d -> "\"" + d + "\"").toList()) + "]}";
    }

    private void frontPageCache(Table table) {
        System.out.println("\nFront-page cache:");
        FrontPageCache cache = new FrontPageCache(table, 10);
        FrontPage page = cache.read();
        RequestMeter.reset();
        cache.read();
        double units = RequestMeter.usage().readUnits();
        int bytes = FrontPageCache.itemBytes(page);
        add("frontpage.cacheItemBytes", bytes, "bytes", 8192.0, 160_000.0,
                page.featured().size() + " featured + " + page.latest().size() + " latest; reference: a 2-day cache item of ~200 deals");
        add("frontpage.readUnitsPerRead", units, "RCU", 1.0, 21.0, "eventually consistent; reference: 1 + 20 RCU over two items");
        int shards = (int) Math.ceil(100_000 * units / 3_000);
        add("frontpage.shardsFor100kReadsPerSecond", shards, "copies", null, null, "at 3,000 read units per partition per second");
    }

    // Cold start: fresh JVMs with Lambda's flags, code loaded through a URLClassLoader as Lambda loads it; the
    // baseline with only the SDK.

    private void coldStart(LocalDynamoDb dynamo, Table table, Seeded s, boolean quick) throws Exception {
        String tableName = table.name();
        System.out.println("\nCold start (median of " + (quick ? 1 : COLD_RUNS) + " fresh JVMs each):");
        Path jar = root.resolve("functions/target/bigtimedeals-functions.jar");
        List<String> sdk = new ArrayList<>();
        for (String entry : Files.readString(root.resolve("local/target/runtime.classpath")).trim().split(File.pathSeparator)) {
            if ((entry.contains("/software/amazon/awssdk/") && !entry.contains("url-connection-client") && !entry.contains("apache5-client")
                    && !entry.contains("netty") && !entry.contains("/dynamodb-enhanced/") && !entry.contains("cognito")
                    && !entry.contains("pinpoint") && !entry.contains("aws-crt"))
                    || entry.contains("reactive-streams") || entry.contains("/org/apache/httpcomponents/")
                    || entry.contains("commons-logging") || entry.contains("commons-codec") || entry.contains("slf4j-api")) {
                sdk.add(entry);
            }
        }
        String baselineClasspath = String.join(File.pathSeparator, sdk);
        String handlerClasspath = jar.toString();
        String[][] handlers = {
            {"com.bigtimedeals.api.BrandsHandler", "GET /brands/{brandId}", "brandId", s.denseBrand(), "false"},
            {"com.bigtimedeals.api.DealsHandler", "GET /frontpage", "-", "-", "false"},
            {"com.bigtimedeals.api.CategoriesHandler", "GET /categories/{categoryId}", "categoryId", "tech", "false"},
            {"com.bigtimedeals.api.FollowsHandler", "GET /me/brands/{brandId}", "brandId", s.denseBrand(), "true"},
            {"com.bigtimedeals.api.InboxHandler", "GET /me", "-", "-", "true"},
        };
        List<String> correction = new ArrayList<>();
        new TableInspector(table).dealItem(s.recentDeals().get(0)).forEach((name, v) -> {
            if (v.s() != null) {
                correction.addAll(List.of(name, "S", v.s()));
            } else if (v.n() != null) {
                correction.addAll(List.of(name, "N", v.n()));
            } else if (v.bool() != null) {
                correction.addAll(List.of(name, "BOOL", v.bool().toString()));
            }
        });
        int runs = quick ? 1 : COLD_RUNS;
        List<double[]> baseline = new ArrayList<>();
        Map<String, List<double[]>> measured = new LinkedHashMap<>();
        for (int run = 0; run < runs; run++) {
            Map<String, String> key = TableInspector.brandKey(s.denseBrand());
            baseline.add(probe(baselineClasspath, BaselineProbe.class.getName(),
                    List.of(tableName, key.get("PK"), key.get("SK")), dynamo, tableName));
            for (String[] h : handlers) {
                measured.computeIfAbsent(h[0], k -> new ArrayList<>()).add(probe(handlerClasspath, ColdStartProbe.class.getName(),
                        List.of(h), dynamo, tableName));
            }
            measured.computeIfAbsent("StreamHandler", k -> new ArrayList<>()).add(probe(handlerClasspath,
                    StreamColdStartProbe.class.getName(), correction, dynamo, tableName));
        }
        add("coldstart.baseline.constructMs", median(baseline, 0), "ms", null, null, "DynamoDbClient.create(), default HTTP client");
        add("coldstart.baseline.firstInvokeMs", median(baseline, 1), "ms", null, null, "one GetItem");
        add("coldstart.baseline.classesLoaded", median(baseline, 3), "classes", null, null, null);
        for (Map.Entry<String, List<double[]>> e : measured.entrySet()) {
            String name = e.getKey().substring(e.getKey().lastIndexOf('.') + 1);
            add("coldstart." + name + ".classesLoaded", median(e.getValue(), 3), "classes", null, null,
                    name.equals("StreamHandler") ? "one deal correction: featured lists refreshed, front page rebuilt" : null);
            add("coldstart." + name + ".ratioToBaseline", pairedMedian(e.getValue(), baseline, r -> r[0] + r[1]), "x", null, null,
                    "wall time of construct + first response over the baseline's, median of same-run pairs");
            add("coldstart." + name + ".cpuRatioToBaseline", pairedMedian(e.getValue(), baseline, r -> r[2]), "x", null, null,
                    "CPU time of the thread that constructs and serves, over the baseline's; steadier than wall time on a busy machine");
        }
        cursorSecretAtInit(handlerClasspath, dynamo, tableName, s, runs);
    }

    /**
     * What reading the cursor-signing key from Secrets Manager adds to a cold start: the same handler with the key
     * in its environment, and with CURSOR_SECRET_ARN read through one signed GetSecretValue call to a loopback
     * stand-in (same JSON protocol, no network latency: in AWS add one regional round trip).
     */
    private void cursorSecretAtInit(String handlerClasspath, LocalDynamoDb dynamo, String tableName, Seeded s, int runs) throws Exception {
        com.sun.net.httpserver.HttpServer secretsManager = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
        secretsManager.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            byte[] body = ("{\"Name\":\"CursorSigningKey\",\"SecretString\":\"" + CursorCodec.randomKey() + "\"}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        secretsManager.start();
        try {
            String[] brand = {"com.bigtimedeals.api.BrandsHandler", "GET /brands/{brandId}", "brandId", s.denseBrand(), "false"};
            List<double[]> inEnvironment = new ArrayList<>();
            List<double[]> fromSecret = new ArrayList<>();
            for (int run = 0; run < runs; run++) {
                inEnvironment.add(probe(handlerClasspath, ColdStartProbe.class.getName(), List.of(brand), dynamo, tableName,
                        Map.of(CursorCodec.KEY_VARIABLE, CursorCodec.randomKey())));
                fromSecret.add(probe(handlerClasspath, ColdStartProbe.class.getName(), List.of(brand), dynamo, tableName,
                        Map.of(CursorCodec.SECRET_ARN_VARIABLE, "arn:aws:secretsmanager:us-east-1:123456789012:secret:CursorSigningKey-AbCdEf",
                                "AWS_ENDPOINT_URL_SECRETS_MANAGER", "http://127.0.0.1:" + secretsManager.getAddress().getPort() + "/")));
            }
            List<Double> ratios = new ArrayList<>();
            for (int r = 0; r < runs; r++) {
                ratios.add(fromSecret.get(r)[0] / inEnvironment.get(r)[0]);
            }
            add("coldstart.cursorSecret.constructRatio", medianOf(ratios), "x", null, null,
                    "BrandsHandler construction reading the key from Secrets Manager (loopback stand-in) over the key in the "
                            + "environment, median of same-run pairs");
            add("coldstart.cursorSecret.classesAdded", median(fromSecret, 3) - median(inEnvironment, 3), "classes", null, null,
                    "the SigV4 signer and JSON parser are mostly loaded for DynamoDB anyway");
        } finally {
            secretsManager.stop(0);
        }
    }

    /** The median over runs of measured/baseline, each run's pair taken in the same round. */
    private static double pairedMedian(List<double[]> measured, List<double[]> baseline, java.util.function.ToDoubleFunction<double[]> of) {
        List<Double> ratios = new ArrayList<>();
        for (int r = 0; r < measured.size(); r++) {
            ratios.add(of.applyAsDouble(measured.get(r)) / of.applyAsDouble(baseline.get(r)));
        }
        return medianOf(ratios);
    }

    /**
     * One probe in a fresh JVM as Lambda's Java 17/21 runtimes start one: C1 only, SerialGC, and the function's
     * code loaded through a URLClassLoader ({@link LambdaClassLoading}). Lambda's Log4Shell hot-patch agent is
     * not attached (functions can turn it off with AWS_LAMBDA_DISABLE_CVE_2021_44228_PROTECTION=true).
     */
    private double[] probe(String classpath, String main, List<String> args, LocalDynamoDb dynamo, String table) throws Exception {
        return probe(classpath, main, args, dynamo, table, Map.of());
    }

    private double[] probe(String classpath, String main, List<String> args, LocalDynamoDb dynamo, String table,
                           Map<String, String> extraEnv) throws Exception {
        Path probes = root.resolve("local/target/local-1.0.0-SNAPSHOT.jar");
        List<String> command = new ArrayList<>(List.of(System.getProperty("java.home") + "/bin/java",
                "-XX:+TieredCompilation", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-cp", probes.toString(), LambdaClassLoading.class.getName(), classpath, main));
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command);
        Map<String, String> env = pb.environment();
        env.put("AWS_REGION", "us-east-1");
        env.put("AWS_ACCESS_KEY_ID", "bench");
        env.put("AWS_SECRET_ACCESS_KEY", "bench");
        env.put("AWS_ENDPOINT_URL_DYNAMODB", dynamo.endpoint().toString());
        env.put("DYNAMODB_ENDPOINT", dynamo.endpoint().toString());
        env.put("TABLE_NAME", table);
        env.put("CACHE_SHARDS", "10");
        env.put("POWERTOOLS_SERVICE_NAME", "bigtimedeals");
        env.put("AWS_LAMBDA_INITIALIZATION_TYPE", "on-demand");
        env.putAll(extraEnv);
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("probe failed: " + out);
        }
        String line = out.lines().filter(l -> l.startsWith("{\"constructMs\"")).findFirst()
                .orElseThrow(() -> new IllegalStateException("probe printed no result: " + out));
        var n = JSON.readTree(line);
        if (n.get("status").asInt() >= 500) {
            throw new IllegalStateException("probe answered " + n.get("status") + ": " + out);
        }
        return new double[] {n.get("constructMs").asDouble(), n.get("firstInvokeMs").asDouble(), n.get("cpuMs").asDouble(),
                n.get("classes").asDouble()};
    }

    private static double median(List<double[]> runs, int field) {
        return medianOf(runs.stream().map(r -> r[field]).toList());
    }

    // Warm overhead: our handler against the same DynamoDB call made directly, same JVM, after warm-up.

    private void warmOverhead(Table table, Seeded s, boolean quick) {
        System.out.println("\nWarm overhead (same JVM, after warm-up):");
        BrandsHandler handler = new BrandsHandler(CatalogService.of(table), Clock.systemUTC());
        APIGatewayV2HTTPEvent event = HttpApiEvents.build(RouteTable.byRouteKey("GET /brands/{brandId}"),
                new HttpApiEvents.RawRequest("GET", "/brands/" + s.denseBrand(), "", Map.of(), null, false, null, "warm",
                        "127.0.0.1", now));
        GetItemRequest direct = new TableInspector(table).brandRead(s.denseBrand());
        SyntheticContext context = SyntheticContext.of("warm");
        int warmup = quick ? 200 : 1_000;
        int rounds = quick ? 200 : 1_000;
        for (int i = 0; i < warmup; i++) {
            handler.handleRequest(event, context);
            table.client().getItem(direct);
        }
        long[] viaHandler = new long[rounds];
        long[] viaSdk = new long[rounds];
        for (int i = 0; i < rounds; i++) {
            long t0 = System.nanoTime();
            handler.handleRequest(event, context);
            long t1 = System.nanoTime();
            table.client().getItem(direct);
            long t2 = System.nanoTime();
            viaHandler[i] = t1 - t0;
            viaSdk[i] = t2 - t1;
        }
        Arrays.sort(viaHandler);
        Arrays.sort(viaSdk);
        add("warm.GET_/brands/{brandId}.ratioToDirectSdk", (double) viaHandler[rounds / 2] / viaSdk[rounds / 2], "x", null, null,
                "median handler invocation (routing, JSON, logging) over median direct GetItem");
    }

    // ---------------------------------------------------------------------------------------------------
    // Phase 2: fan-out throughput against the raw BatchWriteItem rate of the same DynamoDB Local.

    private void fanOut(boolean quick) throws Exception {
        System.out.println("\nFan-out throughput (each on a fresh DynamoDB Local):");
        int watchers = quick ? 2_000 : 10_000;
        int blastUsers = quick ? 4_000 : 20_000;
        int blastRuns = quick ? 2 : 5;
        // DynamoDB Local runs in this JVM, and the JIT goes on compiling its write, read and stream paths for tens of
        // thousands of operations: the same round of raw writes climbed from 1,000 to 2,000 items/s over its first
        // ten repetitions here, and a shared machine adds its own drift. A ratio of a warm run to a colder one
        // flatters whichever side ran later. So both sides are warmed first (a round of each, not reported), then
        // measured alternately, ceiling, blast, ceiling, ..., ceiling: each blast is set against the mean of the
        // ceiling rounds just before and just after it, and the figure is the median of those ratios.
        ceilingRound(blastUsers);
        blastThroughFaithfulDelivery(blastUsers / 4, false);
        List<Double> ceilings = new ArrayList<>();
        List<BlastRun> blasts = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        ceilings.add(ceilingRound(blastUsers));
        for (int run = 0; run < blastRuns; run++) {
            blasts.add(blastThroughFaithfulDelivery(blastUsers, false));
            ceilings.add(ceilingRound(blastUsers));
            ratios.add(blasts.get(run).messagesPerSecond() / ((ceilings.get(run) + ceilings.get(run + 1)) / 2));
        }
        double ceiling = medianOf(ceilings);
        add("fanout.ceiling.batchWriteItemsPerSecond", Math.round(ceiling), "items/s", null, null,
                "unconditional BatchWriteItems of 25, 8 in flight, into a fresh DynamoDB Local: median of " + ceilings.size()
                        + " rounds after a warm-up (" + rounded(ceilings) + ")");
        add("fanout.blast." + blastUsers + "Users.messagesPerSecond",
                Math.round(medianOf(blasts.stream().map(BlastRun::messagesPerSecond).toList())), "msg/s", null, null,
                "64 segments through the local mapping as deployed (batch 100, window 1 s, parallelization 10), request to"
                        + " done; median of " + blastRuns + " (" + rounded(blasts.stream().map(BlastRun::messagesPerSecond).toList()) + ")");
        add("fanout.blast.ratioToCeiling", medianOf(ratios), "x", null, null,
                "median over " + blastRuns + " blasts of messages/s over the mean of the ceiling rounds either side ("
                        + rounded(ratios) + "); goal 0.7");
        try (LocalDynamoDb dynamo = LocalDynamoDb.start(null, 0)) {
            Table table = fresh(dynamo, "Watchers");
            CatalogStore catalog = new CatalogStore(table);
            catalog.createBrand("mega", "Mega", null);
            catalog.createCategory("tech", "Tech");
            FollowStore follows = new FollowStore(table);
            parallel(watchers, 4, i -> follows.add(Likeable.BRAND, "mega", "w" + i, Relation.WATCH));
            StreamTap tap = new StreamTap(table.client(), DynamoDbClients.localStreams(dynamo.endpoint()), table.name());
            tap.drain();
            new DealStore(table).create(new NewDeal("Mega deal", "https://s.example.com/m", new BigDecimal("9.99"), "mega", "tech", null, null, null));
            List<DynamodbEvent.DynamodbStreamRecord> records = tap.drain();
            StreamHandler handler = new StreamHandler(ChangeReactions.of(table, 10), 30_000);
            long t0 = System.nanoTime();
            handler.handleRequest(StreamRecords.event(records), new SyntheticContext("bench", "stream", 900_000));
            double rate = watchers / ((System.nanoTime() - t0) / 1e9);
            add("fanout.newDeal." + watchers + "Watchers.messagesPerSecond", Math.round(rate), "msg/s", null, null,
                    "the brand list's first run: claimed, written with BatchWriteItems of 25, " + Setting.DELIVERY_THREADS.number() + " in flight");
            add("fanout.newDeal.ratioToCeiling", rate / ceiling, "x", null, null, "messages/s over the median ceiling above");
        }
        BlastRun faulted = blastThroughFaithfulDelivery(blastUsers, true);
        String prefix = "fanout.blastFaulted.";
        add(prefix + "recordsRedelivered", faulted.redelivered(), "records", null, null,
                faulted.throttles() + " throttles injected after the SDK's retries, some after half a claimed page was written");
        add(prefix + "batchesHalfWritten", faulted.halfWritten(), "requests", null, null,
                "BatchWriteItems that wrote part of a claimed page and handed the rest back unprocessed");
        add(prefix + "conflictsRetried", faulted.conflicts(), "conflicts", null, null,
                "TransactionConflict injected into the first attempt of every other transaction (the request's), each retried");
        add(prefix + "recordsToDestination", faulted.toDestination(), "records", null, null,
                "exhausted the mapping's retries; their walks resumed by the sweeper");
        add(prefix + "duplicates", faulted.duplicates(), "messages", null, null, "must be 0");
        add(prefix + "lost", faulted.lost(), "messages", null, null, "must be 0");
        add(prefix + "progressError", faulted.progressError(), "users", null, null, "usersReached against users: must be 0");
        watchersUnderLoad(quick);
        // On paper, for 10 million users on AWS (docs/fan-out.md): 2 write units a message, 64 segments,
        // bounded by an on-demand table's default 40,000 write units a second, 270 s of work per invocation.
        double writeUnits = 10_000_000 * 2.0 + 10_000 * 2.0;
        add("fanout.blast10M.writeUnits", writeUnits, "WRU", null, null, "table + GSI1 per message, plus checkpoints (item + index stamp)");
        add("fanout.blast10M.writeCostUsd", writeUnits / 1e6 * 0.625, "USD", null, null, "$0.625 per million on-demand write units");
        double seconds = writeUnits / 40_000;
        add("fanout.blast10M.minutes", seconds / 60, "min", null, null, "at the default on-demand table maximum of 40,000 WRU/s");
        double segmentRuns = 64 * Math.ceil(seconds / 270);
        add("fanout.blast10M.segmentRuns", segmentRuns, "runs", null, null,
                "64 segments x ceil(500 s / 270 s of work per 5-minute invocation); a batch runs up to "
                        + Setting.WALKS_PER_INVOCATION.number() + " side by side, so " + Math.round(segmentRuns / Setting.WALKS_PER_INVOCATION.number())
                        + " to " + Math.round(segmentRuns) + " consumer invocations");
    }

    /** One round of the raw ceiling on a fresh DynamoDB Local: items a second. */
    private double ceilingRound(int items) throws Exception {
        try (LocalDynamoDb dynamo = LocalDynamoDb.start(null, 0)) {
            return rawWriteRate(fresh(dynamo, "Ceiling"), items);
        }
    }

    /** The middle value; for an even count, the mean of the middle two. */
    private static double medianOf(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static String rounded(List<Double> values) {
        return String.join(", ", values.stream().map(v -> v < 10 ? String.format(Locale.ROOT, "%.2f", v)
                : Long.toString(Math.round(v))).toList());
    }

    /** Items a second that unconditional BatchWriteItems of 25 message items, 8 in flight, write into {@code table}. */
    private double rawWriteRate(Table table, int items) throws Exception {
        InboxStore inbox = new InboxStore(table);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(8);
        List<java.util.concurrent.Future<?>> writes = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int from = 0; from < items; from += 25) {
            List<WriteRequest> batch = new ArrayList<>();
            for (int i = from; i < Math.min(items, from + 25); i++) {
                batch.add(WriteRequest.builder().putRequest(PutRequest.builder().item(inbox.item(new Message(
                        Ids.messageId(now, "u" + i, "ceiling"), "u" + i, "Subject of a typical message",
                        "Body of a typical message for the ceiling test", "x", true, now))).build()).build());
            }
            writes.add(pool.submit(() -> {
                Map<String, List<WriteRequest>> pending = Map.of(table.name(), batch);
                while (!pending.isEmpty()) {
                    var r = table.client().batchWriteItem(BatchWriteItemRequest.builder().requestItems(pending).build());
                    pending = r.hasUnprocessedItems() ? r.unprocessedItems() : Map.of();
                }
                return null;
            }));
        }
        for (var w : writes) {
            w.get();
        }
        pool.shutdown();
        return items / ((System.nanoTime() - t0) / 1e9);
    }

    /** What one blast through the faithful local delivery did; the census fields only for a faulted run. */
    record BlastRun(double messagesPerSecond, long redelivered, long throttles,
                    long halfWritten, long conflicts, long toDestination, int duplicates, int lost, long progressError) {
    }

    /**
     * A 64-segment blast through the local event source mapping as deployed (batch 100, window 1 s, parallelization
     * 10), timed from the request to done; with {@code faults}, DynamoDB also throttles and conflicts, and the
     * figures are what that costs: redeliveries, conflicts retried, duplicates and lost messages (both must be 0).
     */
    private BlastRun blastThroughFaithfulDelivery(int users, boolean faults) throws Exception {
        try (LocalDynamoDb dynamo = LocalDynamoDb.start(null, 0)) {
            Table table = fresh(dynamo, faults ? "FaultedBlast" : "Blast");
            Table live = new Table(table.client(), table.name(), Clock.systemUTC(), table.cursors());
            UserStore userStore = new UserStore(table);
            parallel(users, 4, i -> userStore.create(new UserProfile("u" + i, "u" + i + "@example.com", null, null, now)));
            CatalogStore catalog = new CatalogStore(table);
            catalog.createBrand("mega", "Mega", null);
            catalog.createCategory("tech", "Tech");
            Deal deal = new DealStore(table).create(new NewDeal("Hot", "https://s.example.com/h", new BigDecimal("1"), "mega", "tech", null, null, null));
            FaultyDynamoDb faulty = new FaultyDynamoDb(table.client(), faults ? 1_999 : Long.MAX_VALUE, faults ? 29 : Long.MAX_VALUE,
                    faults ? 2 : Long.MAX_VALUE);
            Table consumerTable = new Table(faulty, table.name(), Clock.systemUTC(), table.cursors());
            String streamArn = table.client().describeTable(b -> b.tableName(table.name())).table().latestStreamArn();
            FailureDestination destination = new FailureDestination(Files.createTempDirectory("bench-failures"));
            // The request goes through the same DynamoDB as the consumer: its transaction (the blast with its
            // segments) is the one a blast makes, and under faults its first attempt conflicts and is retried.
            DealService service = DealService.of(faults ? consumerTable : live, 10, 64);
            try (StreamDelivery delivery = new StreamDelivery(DynamoDbClients.localStreams(dynamo.endpoint()), streamArn,
                    () -> new StreamHandler(ChangeReactions.of(consumerTable, 10), 30_000), StreamMapping.DEPLOYED, null, destination);
                 // The local stack's sweeper, as it runs there.
                 Sweeper sweeper = new Sweeper(new SweepHandler(new WalkStore(live),
                         Duration.ofSeconds(LocalStack.LOCAL_STALLED_AFTER_SECONDS)))) {
                delivery.start();
                sweeper.start();
                long t0 = System.nanoTime();
                Blast blast = service.blast(deal.id(), null, null, Instant.now()).blast();
                // Each look at the progress is 1 GetItem + 1 BatchGetItem of the 64 segments, on the same single
                // database thread the blast writes through: looking every 50 ms took 1,300 reads a second from it.
                // So it looks when no invocation is running (the blast may just have finished), at most every
                // 50 ms, and otherwise once a second (as the CMS does): the end is seen within about 50 ms, and the
                // looks take almost nothing from the blast.
                long lastLook = 0;
                while (true) {
                    long sinceLook = System.nanoTime() - lastLook;
                    if ((delivery.invoking.get() == 0 && sinceLook >= 50_000_000L) || sinceLook >= 1_000_000_000L) {
                        lastLook = System.nanoTime();
                        if (service.blastProgress(blast.id()).done()) {
                            break;
                        }
                    }
                    Thread.sleep(10);
                }
                double rate = users / ((System.nanoTime() - t0) / 1e9);
                int duplicates = 0;
                int lost = 0;
                long progressError = 0;
                if (faults) {
                    Map<String, Integer> perUser = new LinkedHashMap<>();
                    Map<String, AttributeValue> start = null;
                    do {
                        var r = table.client().scan(ScanRequest.builder().tableName(table.name()).exclusiveStartKey(start)
                                .filterExpression("#t = :m AND dealId = :d").expressionAttributeNames(Map.of("#t", "Type"))
                                .expressionAttributeValues(Map.of(":m", AttributeValue.fromS("Message"), ":d", AttributeValue.fromS(deal.id())))
                                .build());
                        r.items().forEach(i -> perUser.merge(i.get("username").s(), 1, Integer::sum));
                        start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
                    } while (start != null);
                    duplicates = perUser.values().stream().mapToInt(c -> c - 1).sum();
                    lost = users - perUser.size();
                    progressError = Math.abs(users - service.blastProgress(blast.id()).usersReached());
                }
                return new BlastRun(rate, delivery.redelivered.get(), faulty.throttled.get(),
                        faulty.unprocessed.get(), faulty.conflicts.get(), delivery.sentToDestination.get(), duplicates, lost,
                        progressError);
            }
        }
    }

    /** The contract's 5 s for a new deal's 150 watchers, with the whole local stack under a steady API load. */
    private void watchersUnderLoad(boolean quick) throws Exception {
        System.out.println("\nA new deal's watchers under API load (the whole local stack):");
        WatchersUnderLoad.Result r = WatchersUnderLoad.run(150, quick ? 3 : 5, 120);
        add("fanout.underLoad.apiRequestsPerSecond", Math.round(r.achievedRequestsPerSecond()), "req/s", null, null,
                "steady mix of public lists, inbox, badge and like/unlike, paced at 120/s; the contract asks at least 100");
        add("fanout.underLoad.apiErrors", r.loadErrors(), "requests", null, null, "answers other than the expected 2xx: must be 0");
        add("fanout.underLoad.150Watchers.secondsToAllMessaged.max",
                r.secondsToAllMessaged().stream().mapToDouble(Double::doubleValue).max().orElseThrow(), "s", 5.0, null,
                r.secondsToAllMessaged().size() + " deals created over HTTP; the last watcher's message seen on the table's stream");
    }

    /** Requests and units to delete a user with 5,000 messages and 300 follows, request and stream walk together. */
    private void accountDeletion() throws Exception {
        try (LocalDynamoDb dynamo = LocalDynamoDb.start(null, 0)) {
            Table table = fresh(dynamo, "Deletion");
            CatalogStore catalog = new CatalogStore(table);
            FollowStore follows = new FollowStore(table);
            for (int i = 0; i < 150; i++) {
                catalog.createBrand("b" + i, "Brand " + i, null);
            }
            parallel(150, 4, i -> {
                follows.add(Likeable.BRAND, "b" + i, "zoe", Relation.LIKE);
                follows.add(Likeable.BRAND, "b" + i, "zoe", Relation.WATCH);
            });
            List<Message> messages = new ArrayList<>();
            for (int i = 0; i < 5_000; i++) {
                Instant at = now.minusSeconds(i);
                messages.add(new Message(Ids.messageId(at, "zoe", "m" + i), "zoe", "S", "B", null, true, at));
            }
            new InboxStore(table, 8).deliver(messages);
            StreamTap tap = new StreamTap(table.client(), DynamoDbClients.localStreams(dynamo.endpoint()), table.name());
            tap.drain();
            // One delivery thread, so that every request is made (and counted) on this thread.
            String threads = System.getProperty(Setting.DELIVERY_THREADS.name());
            System.setProperty(Setting.DELIVERY_THREADS.name(), "1");
            StreamHandler handler = new StreamHandler(ChangeReactions.of(table, 10), 30_000);
            RequestMeter.reset();
            new com.bigtimedeals.data.AccountStore(table).delete("zoe");
            int invocations = 0;
            for (List<DynamodbEvent.DynamodbStreamRecord> r = tap.drain(); !r.isEmpty(); r = tap.drain()) {
                handler.handleRequest(StreamRecords.event(r), new SyntheticContext("bench", "stream", 900_000));
                invocations++;
            }
            RequestMeter.Usage used = RequestMeter.usage();
            if (threads == null) {
                System.clearProperty(Setting.DELIVERY_THREADS.name());
            } else {
                System.setProperty(Setting.DELIVERY_THREADS.name(), threads);
            }
            if (!follows.follows("zoe").brands().isEmpty() || !new InboxStore(table).list("zoe", false, 1, null).items().isEmpty()) {
                throw new IllegalStateException("the deletion left follows or messages behind");
            }
            add("deletion.5000Messages300Follows.requests", used.requests(), "requests", null, null,
                    invocations + " stream invocations; 300 follow transactions, 200 BatchWriteItems, queries and checkpoints");
            add("deletion.5000Messages300Follows.writeUnits", used.writeUnits(), "WCU", null, null,
                    "DynamoDB Local reports transaction capacity differently from the service");
        }
    }

    private static Table fresh(LocalDynamoDb dynamo, String name) {
        DynamoDbClient client = DynamoDbClients.local(dynamo.endpoint());
        dynamo.createTable(client, TableDefinition.createTableRequest(name));
        return new Table(client, name, Clock.fixed(Instant.now(), ZoneOffset.UTC), new CursorCodec("bench"));
    }

    private void jars() throws IOException {
        System.out.println("\nDeployed artifact:");
        Path jar = root.resolve("functions/target/bigtimedeals-functions.jar");
        add("jar.bigtimedeals-functions.bytes", Files.size(jar), "bytes", null, null,
                "one shaded jar for all handlers; DynamoDB Local, CDK, Apache and Netty excluded");
    }

    private static void parallel(int n, int threads, IntConsumer work) throws Exception {
        com.bigtimedeals.harness.ParallelRuns.run(n, threads, work);
    }

    // ---------------------------------------------------------------------------------------------------

    private void write(Duration took, boolean quick) throws IOException {
        Path dir = root.resolve("bench-results");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("latest.json"), resultsJson());
        if (!quick) {
            Files.writeString(root.resolve("docs/performance.md"), PerformanceReport.render(results, took, now));
        }
        System.out.printf("%nWrote bench-results/latest.json%s in %d s.%n", quick ? "" : " and docs/performance.md", took.toSeconds());
    }

    private String resultsJson() throws IOException {
        ArrayNode array = JSON.createArrayNode();
        for (Result r : results) {
            ObjectNode o = array.addObject();
            o.put("name", r.name());
            o.put("value", r.value());
            o.put("unit", r.unit());
            if (r.budget() != null) {
                o.put("budget", r.budget());
            }
            if (r.reference() != null) {
                o.put("reference", r.reference());
            }
            if (r.note() != null) {
                o.put("note", r.note());
            }
        }
        return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(array) + "\n";
    }
}
