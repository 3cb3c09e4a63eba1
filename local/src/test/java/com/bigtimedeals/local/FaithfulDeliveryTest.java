package com.bigtimedeals.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.bigtimedeals.accounts.UserProfile;
import com.bigtimedeals.accounts.UserStore;
import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.NewDeal;
import com.bigtimedeals.harness.Database;
import com.bigtimedeals.harness.InboxCensus;
import com.bigtimedeals.harness.InjectedFaults;
import com.bigtimedeals.harness.ParallelRuns;
import com.bigtimedeals.inbox.Blast;
import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.platform.CursorCodec;
import com.bigtimedeals.platform.DynamoDbClients;
import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.platform.Settings;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableDefinition;
import com.bigtimedeals.platform.WalkStore;
import com.bigtimedeals.service.DealService;
import com.bigtimedeals.stream.ChangeReactions;
import com.bigtimedeals.stream.StreamHandler;
import com.bigtimedeals.stream.SweepHandler;
import com.bigtimedeals.topology.StreamMapping;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;

/**
 * A 64-segment blast through the faithful local event source mapping (parallelization 10, batches of 100) while
 * DynamoDB throttles message writes and checkpoints and cancels transactions: every user ends with exactly one
 * message, the progress count is exact, no invocation outruns its time budget. What exhausts the mapping's
 * retries is resumed by the sweeper.
 */
@Tag("stack")
@Tag("long") // most of the local module's time: the test command starts these first (docs/architecture.md)
class FaithfulDeliveryTest {
    /** The population: about 80 s here, most of it seeding the users. */
    static final int USERS = Integer.getInteger("BLAST_TEST_USERS", 20_000);
    static final int SEGMENTS = 64;

    @Test
    void aSixtyFourSegmentBlastUnderInjectedFaultsReachesEveryUserExactlyOnce() throws Exception {
        try (Database dynamo = Database.start(); DynamoDbClient client = DynamoDbClients.local(dynamo.endpoint(), dynamo.httpClient())) {
            String name = "blast-faults";
            dynamo.createTable(client, TableDefinition.createTableRequest(name));
            Table table = new Table(client, name, Clock.systemUTC(), CursorCodec.from(Settings.fromProcess()));
            new CatalogStore(table).createBrand("acme", "Acme", null);
            new CatalogStore(table).createCategory("tech", "Tech");
            UserStore users = new UserStore(table);
            ParallelRuns.run(USERS, 8, i -> users.create(new UserProfile("u" + i, "u" + i + "@example.com", null, null,
                    java.time.Instant.now())));
            Deal deal = new DealPosting(new DealStore(table)).create(new NewDeal("Hot", "https://s.example.com/hot", new BigDecimal("5.00"),
                    "acme", "tech", null, null, null));

            // Faults injected by the engine as they reach the code after the SDK's own retries: rare, but enough that
            // some records exhaust the mapping's retries too; the sweeper then resumes their walks, as it would in AWS.
            InjectedFaults faults = InjectedFaults.onBadDay(dynamo, name);
            Table faultyTable = new Table(InjectedFaults.clientWithoutRetries(dynamo), name, Clock.systemUTC(),
                    CursorCodec.from(Settings.fromProcess()));
            StreamMapping mapping = StreamMapping.DEPLOYED.with(100, 200, 10, 5, 60);
            Configuration config = Configuration.from(Settings.defaults().with(Setting.CACHE_SHARDS, 2)
                    .with(Setting.WORK_RESERVE_MS, 20_000));
            ConcurrentLinkedQueue<Integer> leftAtReturn = new ConcurrentLinkedQueue<>();
            java.util.function.Supplier<RequestHandler<DynamodbEvent, StreamsEventResponse>> instances = () -> {
                StreamHandler handler = new StreamHandler(ChangeReactions.of(faultyTable, config, 500, 100), config);
                return (event, context) -> {
                    StreamsEventResponse response = handler.handleRequest(event, context);
                    leftAtReturn.add(context.getRemainingTimeInMillis());
                    return response;
                };
            };
            String streamArn = client.describeTable(DescribeTableRequest.builder().tableName(name).build()).table().latestStreamArn();
            FailureDestination destination = new FailureDestination(java.nio.file.Files.createTempDirectory("failures"));
            Blast blast;
            try (StreamDelivery delivery = new StreamDelivery(DynamoDbClients.localStreams(dynamo.endpoint(), dynamo.httpClient()), streamArn, instances, mapping, null, destination);
                 Sweeper sweeper = new Sweeper(new SweepHandler(new WalkStore(table), java.time.Duration.ofSeconds(10)))) {
                delivery.start();
                sweeper.start();
                // The request's transaction (the blast with its segments) conflicts on its first attempt and is retried.
                blast = DealService.of(faultyTable, 2, SEGMENTS).blast(deal.id(), null, null, java.time.Instant.now()).blast();
                long deadline = System.currentTimeMillis() + 15 * 60_000;
                while (!new com.bigtimedeals.inbox.BlastStore(table).get(blast.id()).done() && System.currentTimeMillis() < deadline) {
                    Thread.sleep(500);
                }
                assertTrue(delivery.awaitCaughtUp(1_000, 60_000));
                System.out.printf("faulted blast: %d users, %d invocations, %d records redelivered, %d throttles, %d"
                        + " unprocessed batch items and %d conflicts injected, %d records sent to the destination%n", USERS,
                        delivery.invocations(), delivery.redelivered(), faults.throttled(), faults.unprocessed(),
                        faults.conflicts(), delivery.sentToDestination());
                assertTrue(faults.throttled() > 0 && faults.unprocessed() > 0 && faults.conflicts() > 0, "faults were injected");
                assertTrue(delivery.redelivered() > 0, "throttled records were redelivered");
            }
            Blast done = new com.bigtimedeals.inbox.BlastStore(table).get(blast.id());
            assertTrue(done.done());
            assertEquals(USERS, done.usersReached(), "progress is exact");
            Map<String, Integer> counts = InboxCensus.messagesByUser(client, name, deal.id());
            assertEquals(USERS, counts.size(), "every user got the blast");
            assertTrue(counts.values().stream().allMatch(c -> c == 1), "nobody got it twice");
            assertTrue(leftAtReturn.stream().allMatch(left -> left > 0), "an invocation outran its timeout: " + leftAtReturn);
        }
    }

}
