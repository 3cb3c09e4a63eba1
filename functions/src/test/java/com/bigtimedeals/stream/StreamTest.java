package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.bigtimedeals.api.HeldItems;
import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.NewDeal;
import com.bigtimedeals.harness.InboxCensus;
import com.bigtimedeals.harness.StreamRecords;
import com.bigtimedeals.harness.StreamTap;
import com.bigtimedeals.lambda.GrantedAccess;
import com.bigtimedeals.lambda.SyntheticContext;
import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.platform.DynamoDbClients;
import com.bigtimedeals.platform.DynamoDbTest;
import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.platform.Settings;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableAccessLog;
import com.bigtimedeals.topology.LambdaFunction;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * The stream consumer on the table's real stream: write through the data layer, read the records with
 * DynamoDbStreamsClient (in process, from the engine's Streams API), convert them to a DynamodbEvent and invoke the
 * handler. Each test has its own table, so its own stream.
 */
abstract class StreamTest extends DynamoDbTest {
    static final Instant NOW = Instant.parse("2026-11-20T12:00:00Z");
    static final int SHARDS = 3;
    /**
     * The functions' defaults, with the test's front-page copies, a time reserve that a test can run out of, and no
     * pace between two aggregations of one deal (a test delivers batch after batch; CounterAggregationTest paces).
     */
    static final Settings SETTINGS = Settings.defaults().with(Setting.CACHE_SHARDS, SHARDS).with(Setting.WORK_RESERVE_MS, 5_000)
            .with(Setting.COUNTS_PACE_MS, 0);
    static final Configuration CONFIG = Configuration.from(SETTINGS);

    Table table;
    StreamTap tap;
    StreamHandler handler;

    /**
     * Whether this class's tests run the consumer while other transactions hold, again and again, every item it has
     * written so far (issue 43): the {@code *HeldTest} subclasses run a class's tests so, and each must show the
     * consumer met held items, and its tests' state checks hold all the same.
     */
    boolean held() {
        return false;
    }

    /** What the consumer writes is held while a held test runs ({@link #held}); the holders' own client is {@code client}. */
    private HeldItems heldItems;
    private HeldItems.Holding holding;
    private DynamoDbClient watched;
    /** Every write the consumer made that met a held item in this class's tests, by {@link HeldItems#sitesMet}. */
    private static final java.util.Set<String> SITES_MET = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private static final java.util.concurrent.atomic.AtomicLong CONFLICTS_MET = new java.util.concurrent.atomic.AtomicLong();
    private static volatile String heldClass;
    /**
     * Holding threads while a held test runs: with 2, a class of short tests whose consumer writes little (PriceLow,
     * QuietHoursPush) met no held item in about one run of three (PriceLow 0 to 9 conflicts, QuietHoursPush 0 to 4);
     * with 6, PriceLow met 12 to 22 and QuietHoursPush 1 to 5. The items held are the same, only more often.
     */
    private static final int HOLDERS = 6;

    /** {@code t} as the consumer's: the same table, through the watched client while the test is held. */
    Table consumer(Table t) {
        return watched == null ? t : new Table(watched, t.name(), t.clock(), t.cursors());
    }

    @BeforeEach
    void setUp() {
        table = newTable(NOW);
        tap = new StreamTap(client, streamsClient(), table.name());
        if (held()) {
            heldItems = new HeldItems();
            watched = DynamoDbClients.local(dynamo.endpoint(), dynamo.httpClient(), new TableAccessLog(), heldItems);
            heldItems.watch();
            holding = heldItems.hold(client, table.name(), HOLDERS);
            heldClass = getClass().getSimpleName();
        }
        handler = new StreamHandler(ChangeReactions.of(consumer(table), CONFIG, 200, 300), CONFIG);
        CatalogStore catalog = new CatalogStore(table);
        catalog.createBrand("acme", "Acme", null);
        catalog.createBrand("globex", "Globex", null);
        catalog.createCategory("tech", "Tech");
        catalog.createCategory("home", "Home");
    }

    @AfterEach
    void releaseHold() throws InterruptedException {
        if (holding != null) {
            holding.close();
            SITES_MET.addAll(heldItems.sitesMet());
            CONFLICTS_MET.addAndGet(heldItems.conflictsMet());
            watched.close();
        }
    }

    /** A held class's tests, all together, met held items: the race was real, and which writes it reached is logged. */
    @AfterAll
    static void theHoldWasMet() {
        if (heldClass != null) {
            String met = heldClass + ": " + CONFLICTS_MET.get() + " conflicts met at " + SITES_MET;
            System.out.println(met);
            heldClass = null;
            long conflicts = CONFLICTS_MET.getAndSet(0);
            SITES_MET.clear();
            assertTrue(conflicts > 0, "the consumer met no held item: nothing was raced; " + met);
        }
    }

    StreamsEventResponse deliver(List<DynamodbEvent.DynamodbStreamRecord> records, long remainingMillis) {
        return invoke(handler, records, new SyntheticContext("stream-test", "stream", remainingMillis));
    }

    /** One invocation of {@code consumer}, which may make only the requests the deployed consumer is granted. */
    static StreamsEventResponse invoke(StreamHandler consumer, List<DynamodbEvent.DynamodbStreamRecord> records,
                                       com.amazonaws.services.lambda.runtime.Context context) {
        return GrantedAccess.checked(LambdaFunction.STREAM_CONSUMER, true,
                () -> consumer.handleRequest(StreamRecords.event(records), context));
    }

    /**
     * Delivers a batch to an invocation whose time budget holds for the first {@code checks} looks at the clock
     * and is spent after that: a deterministic stand-in for an invocation that runs out of time mid-batch.
     */
    StreamsEventResponse deliverWithBudget(List<DynamodbEvent.DynamodbStreamRecord> records, int checks) {
        java.util.concurrent.atomic.AtomicInteger looks = new java.util.concurrent.atomic.AtomicInteger();
        SyntheticContext plenty = new SyntheticContext("stream-test", "stream", 600_000);
        var context = java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {com.amazonaws.services.lambda.runtime.Context.class}, (proxy, method, args) ->
                        method.getName().equals("getRemainingTimeInMillis")
                                ? (looks.incrementAndGet() <= checks ? 600_000 : 0)
                                : method.invoke(plenty, args));
        return invoke(handler, records, (com.amazonaws.services.lambda.runtime.Context) context);
    }

    /**
     * The same table through a client that fails, as throttled after the SDK's retries, every call {@code fails}
     * picks (by method name and request): a crash at a chosen point of a run, with everything before it written.
     */
    Table failingWhen(java.util.function.BiPredicate<String, Object> fails) {
        return observed((method, request) -> {
            if (fails.test(method, request)) {
                throw software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException.builder()
                        .message("injected: the run dies here").build();
            }
        });
    }

    /** The same table through a client that hands {@code before} each call's method name and request first. */
    Table observed(java.util.function.BiConsumer<String, Object> before) {
        var observing = java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {software.amazon.awssdk.services.dynamodb.DynamoDbClient.class}, (proxy, method, args) -> {
                    if (args != null && args.length == 1) {
                        before.accept(method.getName(), args[0]);
                    }
                    try {
                        return method.invoke(client, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        return new Table((software.amazon.awssdk.services.dynamodb.DynamoDbClient) observing, table.name(), table.clock(),
                table.cursors());
    }

    /** Delivers everything on the stream until it is quiet, as the event source mapping would. */
    void pump(long remainingMillis) {
        for (int round = 0; round < 50; round++) {
            List<DynamodbEvent.DynamodbStreamRecord> records = tap.drain();
            if (records.isEmpty()) {
                return;
            }
            assertTrue(deliver(records, remainingMillis).getBatchItemFailures().isEmpty());
        }
        throw new AssertionError("the stream never went quiet");
    }

    /** Users {@code <prefix>0 .. <prefix>n-1}, each with a profile, so each is in the user index a blast scans. */
    void signUp(String prefix, int n) throws Exception {
        com.bigtimedeals.accounts.UserStore users = new com.bigtimedeals.accounts.UserStore(table);
        parallel(n, i -> users.create(new com.bigtimedeals.accounts.UserProfile(prefix + i, prefix + i + "@example.com", null,
                null, NOW)));
    }

    static void parallel(int n, IntConsumer work) throws Exception {
        com.bigtimedeals.harness.ParallelRuns.run(n, 6, work);
    }

    /** Messages per (username, dealId), from a scan of the whole table. */
    Map<String, Integer> messagesByUser(String dealId) {
        return InboxCensus.messagesByUser(client, table.name(), dealId);
    }

    int itemCount() {
        return client.scan(ScanRequest.builder().tableName(table.name()).select("COUNT").build()).count();
    }

    Deal newDeal(String title, String brand, String category) {
        return new DealPosting(new DealStore(table)).create(new NewDeal(title, "https://s.example.com/" + java.net.URLEncoder.encode(title, java.nio.charset.StandardCharsets.UTF_8), new BigDecimal("5.00"),
                brand, category, null, null, null));
    }
}
