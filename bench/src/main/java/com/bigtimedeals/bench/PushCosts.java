package com.bigtimedeals.bench;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.NewDeal;
import com.bigtimedeals.devices.DevicePlatform;
import com.bigtimedeals.devices.DeviceStore;
import com.bigtimedeals.harness.Database;
import com.bigtimedeals.harness.StreamRecords;
import com.bigtimedeals.harness.StreamTap;
import com.bigtimedeals.lambda.SnsPush;
import com.bigtimedeals.lambda.SyntheticContext;
import com.bigtimedeals.local.LocalSns;
import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.platform.DynamoDbClients;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;
import com.bigtimedeals.platform.RequestMeter;
import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.stream.ChangeReactions;
import com.bigtimedeals.stream.PushSender;
import com.bigtimedeals.stream.StreamHandler;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.StreamMapping;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sns.SnsClient;

/**
 * What one push costs the stream consumer, and how long a batch of them takes when the round trips wait as they do in
 * AWS: the consumer as deployed (its handler, the sender, SnsPush's SDK client against the SNS stand-in) invoked on
 * batches of 100 real new-message records, with every DynamoDB call and every SNS call held for a fixed time before it
 * goes out ({@link #DYNAMODB_MS}, {@link #SNS_MS}), which locally are microseconds. Batches are sent one record after
 * another ({@code PUSHES_IN_FLIGHT} 1, as before {@code PushRuns}) and side by side (the deployed 32), alternately,
 * each its own deal's messages, so each pair ran on the same machine at the same moment. The units and requests per
 * push are counted by {@link RequestMeter} on the one-at-a-time side (all on the calling thread there).
 */
final class PushCosts {
    /**
     * The round trips this measurement gives each call, stated rather than measured: DynamoDB answers a single-item
     * request from Lambda in the same region in single-digit milliseconds (its documentation's figure), taken as 5;
     * SNS publishes no latency for Publish, taken as 20 ms (a request signed and answered over TLS in the region).
     */
    static final long DYNAMODB_MS = 5;
    static final long SNS_MS = 20;

    /** What a set of invocations took: pushes, wall seconds, and the batch seconds one by one. */
    record Side(int pushes, double seconds, List<Double> batchSeconds) {
    }

    private PushCosts() {
    }

    /** Holds every request of the client it is installed on for {@code millis} before it is sent. */
    static ExecutionInterceptor roundTrip(long millis) {
        return new ExecutionInterceptor() {
            @Override
            public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
                try {
                    Thread.sleep(millis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
    }

    static void measure(Bench bench, boolean quick) throws Exception {
        int users = quick ? 300 : 1_000;
        int batch = StreamMapping.DEPLOYED.batchSize();
        System.out.printf("%nWhat a push costs: %,d recipients' messages in batches of %d, DynamoDB calls held %d ms, SNS %d ms…%n",
                users, batch, DYNAMODB_MS, SNS_MS);
        try (Database dynamo = Database.start(); LocalSns sns = LocalSns.start(null, java.time.Clock.systemUTC())) {
            Table plain = BenchTables.freshWithCatalog(dynamo, "PushCosts", "acme", "Acme");
            SnsPush registering = new SnsPush(snsClient(sns, null), LocalSns.FCM_APPLICATION, LocalSns.APNS_APPLICATION);
            DeviceStore devices = new DeviceStore(plain);
            FollowStore follows = new FollowStore(plain);
            BenchTables.parallel(users, 4, i -> {
                devices.register("r" + i, DevicePlatform.FCM, "bench-cost-phone-" + String.format("%08d", i) + "-tttttttttt",
                        d -> d.withEndpoint(registering.create(d)), registering::delete);
                follows.add(Likeable.BRAND, "acme", "r" + i, Relation.WATCH);
            });
            StreamTap tap = new StreamTap(plain.client(), DynamoDbClients.localStreams(dynamo.endpoint(), dynamo.httpClient()), plain.name());
            tap.drain();
            DealStore deals = new DealStore(plain);
            new DealPosting(deals).create(new NewDeal("One at a time", "https://s.example.com/p1", new BigDecimal("9"), "acme", "tech", null, null, null));
            new DealPosting(deals).create(new NewDeal("Side by side", "https://s.example.com/p2", new BigDecimal("9"), "acme", "tech", null, null, null));
            Map<String, List<DynamodbEvent.DynamodbStreamRecord>> byDeal = fanOut(bench, plain, tap);
            if (byDeal.size() != 2 || byDeal.values().stream().anyMatch(l -> l.size() != users)) {
                throw new IllegalStateException("the fan-out wrote " + byDeal.values().stream().map(List::size).toList());
            }
            List<List<DynamodbEvent.DynamodbStreamRecord>> messages = new ArrayList<>(byDeal.values());

            // The consumer as deployed, its clients holding each call for the round trip it takes in AWS.
            DynamoDbClient slow = DynamoDbClients.local(dynamo.endpoint(), dynamo.httpClient(), roundTrip(DYNAMODB_MS));
            Table table = new Table(slow, plain.name(), plain.clock(), plain.cursors());
            AtomicLong publishes = new AtomicLong();
            SnsPush pushing = new SnsPush(snsClient(sns, publishes), LocalSns.FCM_APPLICATION, LocalSns.APNS_APPLICATION);
            Configuration deployed = bench.configuration();
            Configuration oneByOne = Configuration.from(bench.settings().with(Setting.PUSHES_IN_FLIGHT, 1));
            StreamHandler sequential = new StreamHandler(ChangeReactions.of(table, oneByOne).withPush(new PushSender(table, () -> pushing)), oneByOne);
            StreamHandler sideBySide = new StreamHandler(ChangeReactions.of(table, deployed).withPush(new PushSender(table, () -> pushing)), deployed);
            List<Double> seqBatch = new ArrayList<>();
            List<Double> concBatch = new ArrayList<>();
            List<Double> ratios = new ArrayList<>();
            int requests = 0;
            double reads = 0;
            double writes = 0;
            int groupedRequests = 0;
            double groupedReads = 0;
            double groupedWrites = 0;
            long publishedBefore = publishes.get();
            for (int from = 0; from < users; from += batch) {
                int to = Math.min(users, from + batch);
                RequestMeter.reset();
                double s = invoke(sequential, messages.get(0).subList(from, to));
                RequestMeter.Usage used = RequestMeter.usage();
                requests += used.requests();
                reads += used.readUnits();
                writes += used.writeUnits();
                RequestMeter.resetAll(); // the side-by-side pushes run on the consumer's own threads
                double c = invoke(sideBySide, messages.get(1).subList(from, to));
                RequestMeter.Usage grouped = RequestMeter.usageAll();
                groupedRequests += grouped.requests();
                groupedReads += grouped.readUnits();
                groupedWrites += grouped.writeUnits();
                seqBatch.add(s);
                concBatch.add(c);
                ratios.add(s / c);
            }
            long published = publishes.get() - publishedBefore;
            if (published != 2L * users) {
                throw new IllegalStateException(published + " Publishes for " + 2 * users + " pushes");
            }
            double seqPerPush = seqBatch.stream().mapToDouble(Double::doubleValue).sum() / users;
            double concPerPush = concBatch.stream().mapToDouble(Double::doubleValue).sum() / users;
            String held = "DynamoDB calls held " + DYNAMODB_MS + " ms, SNS's " + SNS_MS + " ms";
            bench.add("push.cost.snsRequestsPerPush", (double) published / (2 * users), "requests", 1.0, null,
                    "one Publish per (message, device); " + String.format("%,d", published) + " for " + 2 * users + " pushes");
            bench.add("push.cost.dynamoRequestsPerPush", (double) requests / users, "requests", 3.0, null,
                    "the devices' and settings' one Query, the claim's create-only PutItem, its mark's PutItem (one device each)");
            bench.add("push.cost.readUnitsPerPush", reads / users, "RCU", null, null,
                    "strongly consistent: the devices and settings, side by side in one 4 KB unit");
            bench.add("push.cost.writeUnitsPerPush", writes / users, "WCU", null, null, "the claim's create-only put and its mark");
            bench.add("push.cost.sideBySide.dynamoRequestsPerPush", (double) groupedRequests / users, "requests", null, null,
                    "the same " + deployed.pushesInFlight() + " in flight: the claims of the senders in flight together in one "
                            + "BatchExecuteStatement of PartiQL INSERTs, their marks in one BatchWriteItem (PushStore's groups)");
            bench.add("push.cost.sideBySide.writeUnitsPerPush", groupedWrites / users, "WCU", null, null,
                    "a claim 1 unit, alone (a PutItem) or in a group (an INSERT); a mark 1 either way");
            bench.add("push.batch100.oneAtATimeSeconds", Medians.of(seqBatch), "s", null, null,
                    "a batch of " + batch + " messages, PUSHES_IN_FLIGHT 1 (as before), " + held + "; median of " + seqBatch.size()
                            + " (" + Medians.rounded(seqBatch) + ")");
            bench.add("push.batch100.sideBySideSeconds", Medians.of(concBatch), "s", null, null,
                    "the same with the deployed " + deployed.pushesInFlight() + " in flight; median of " + concBatch.size()
                            + " (" + Medians.rounded(concBatch) + ")");
            bench.add("push.batch100.speedup", Medians.of(ratios), "x", null, null,
                    "one at a time over side by side, each pair run back to back (" + Medians.rounded(ratios) + ")");
            bench.add("push.lambdaMsPerPush.oneAtATime", seqPerPush * 1000, "ms", null, null,
                    "invocation time per push, " + held);
            bench.add("push.lambdaMsPerPush.sideBySide", concPerPush * 1000, "ms", null, null,
                    "the same, " + deployed.pushesInFlight() + " in flight");
            double gbSeconds = concPerPush * LambdaFunction.STREAM_CONSUMER.memoryMb() / 1024.0;
            million(bench, published / (2.0 * users), groupedReads / users, groupedWrites / users, gbSeconds, batch, 1.0 / concPerPush);
        }
    }

    /** A blast to 1,000,000 devices from the figures above and AWS's published prices and limits (docs/data-model.md). */
    private static void million(Bench bench, double publishesPerPush, double readUnits, double writeUnits, double gbSecondsPerPush,
                                int batch, double pushesPerSecondPerExecution) {
        double n = 1_000_000;
        double snsRequests = n * publishesPerPush;
        double sns = snsRequests / 1e6 * Prices.SNS_PUBLISH_PER_MILLION + n / 1e6 * PeakDay.Prices.SNS_PER_MILLION_PUSHES;
        double gbSeconds = n * gbSecondsPerPush;
        double lambda = gbSeconds * PeakDay.Prices.LAMBDA_PER_GB_SECOND + n / batch / 1e6 * PeakDay.Prices.LAMBDA_PER_MILLION;
        double dynamo = n * readUnits / 1e6 * PeakDay.Prices.DYNAMODB_PER_MILLION_READS
                + n * writeUnits / 1e6 * PeakDay.Prices.DYNAMODB_PER_MILLION_WRITES;
        bench.add("push.blast1M.snsRequests", snsRequests, "requests", null, null, "one Publish per device");
        bench.add("push.blast1M.snsUsd", sns, "USD", null, null, "$0.50 per million Publish requests + $0.50 per million mobile push notifications");
        bench.add("push.blast1M.lambdaGbSeconds", gbSeconds, "GB-s", null, null, String.format("%,.0f invocations of %d messages at %d MB",
                n / batch, batch, LambdaFunction.STREAM_CONSUMER.memoryMb()));
        bench.add("push.blast1M.lambdaUsd", lambda, "USD", null, null, "Arm GB-s at $0.0000133334 plus $0.20 per million requests");
        bench.add("push.blast1M.dynamoUsd", dynamo, "USD", null, null,
                String.format("%,.0f RCU and %,.0f WCU on demand ($0.125 and $0.625 per million)", n * readUnits, n * writeUnits));
        bench.add("push.blast1M.totalUsd", sns + lambda + dynamo, "USD", null, null, "the pushes alone; the blast's inbox messages are docs/fan-out.md's");
        double fcmPerSecond = Prices.FCM_PER_MINUTE / 60.0;
        bench.add("push.blast1M.minutesAtFcmLimit", n / fcmPerSecond / 60, "min", null, null,
                "FCM's default 600,000 messages a minute per project, every device FCM; SNS Publish's us-east-1 "
                        + String.format("%,d", Prices.SNS_PUBLISH_PER_SECOND_US_EAST_1) + "/s is not the bound");
        bench.add("push.blast1M.executionsAtFcmLimit", Math.ceil(fcmPerSecond / pushesPerSecondPerExecution), "executions", null, null,
                String.format("concurrent consumer executions sending %,.0f pushes/s at %,.0f pushes/s each (side by side, above)",
                        fcmPerSecond, pushesPerSecondPerExecution));
    }

    /** AWS's and Firebase's published figures this measurement uses besides {@link PeakDay.Prices}. */
    static final class Prices {
        /** SNS API requests (Publish among them), beyond the first million a month: $0.50 per million. */
        static final double SNS_PUBLISH_PER_MILLION = 0.50;
        /** SNS Publish API throttle, US East (N. Virginia), per account: 30,000 a second (other regions less). */
        static final int SNS_PUBLISH_PER_SECOND_US_EAST_1 = 30_000;
        /** FCM HTTP v1: 600,000 messages a minute per project by default. */
        static final double FCM_PER_MINUTE = 600_000;

        private Prices() {
        }
    }

    /** The new-message records of the fan-out of every deal just created, by deal, in stream order. */
    private static Map<String, List<DynamodbEvent.DynamodbStreamRecord>> fanOut(Bench bench, Table table, StreamTap tap) {
        Configuration local = bench.localConfiguration();
        StreamHandler consumer = new StreamHandler(ChangeReactions.of(table, local), local); // no push: the messages only
        Map<String, List<DynamodbEvent.DynamodbStreamRecord>> byDeal = new LinkedHashMap<>();
        for (int round = 0; round < 100; round++) {
            List<DynamodbEvent.DynamodbStreamRecord> records = tap.drain();
            if (records.isEmpty()) {
                return byDeal;
            }
            List<DynamodbEvent.DynamodbStreamRecord> rest = new ArrayList<>();
            for (var r : records) {
                var image = r.getDynamodb().getNewImage();
                if ("INSERT".equals(r.getEventName()) && image != null && "Message".equals(image.get("Type").getS())) {
                    byDeal.computeIfAbsent(image.get("dealId").getS(), k -> new ArrayList<>()).add(r);
                } else {
                    rest.add(r);
                }
            }
            if (!rest.isEmpty()) {
                consumer.handleRequest(StreamRecords.event(rest), new SyntheticContext("bench", "stream", 900_000));
            }
        }
        throw new IllegalStateException("the fan-out never ended");
    }

    private static double invoke(StreamHandler consumer, List<DynamodbEvent.DynamodbStreamRecord> records) {
        long t0 = System.nanoTime();
        var answer = consumer.handleRequest(StreamRecords.event(records), new SyntheticContext("bench", "stream", 300_000));
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (answer.getBatchItemFailures() != null && !answer.getBatchItemFailures().isEmpty()) {
            throw new IllegalStateException("a push batch failed: " + answer.getBatchItemFailures().size() + " records");
        }
        return seconds;
    }

    /** SnsPush's client against the stand-in; with {@code publishes}, each call held {@link #SNS_MS} and counted. */
    private static SnsClient snsClient(LocalSns sns, AtomicLong publishes) {
        var b = SnsClient.builder().httpClient(UrlConnectionHttpClient.create()).region(Region.US_EAST_1)
                .endpointOverride(sns.endpoint())
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")));
        if (publishes != null) {
            b.overrideConfiguration(c -> c.addExecutionInterceptor(roundTrip(SNS_MS)).addExecutionInterceptor(new ExecutionInterceptor() {
                @Override
                public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
                    if (context.request() instanceof software.amazon.awssdk.services.sns.model.PublishRequest) {
                        publishes.incrementAndGet();
                    }
                }
            }));
        }
        return b.build();
    }
}
