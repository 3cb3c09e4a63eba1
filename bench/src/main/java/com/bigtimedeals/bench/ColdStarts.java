package com.bigtimedeals.bench;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.bigtimedeals.bench.Seeding.Seeded;
import com.bigtimedeals.catalogue.TableInspector;
import com.bigtimedeals.harness.Database;
import com.bigtimedeals.lambda.SnsPush;
import com.bigtimedeals.local.LocalSns;
import com.bigtimedeals.platform.CursorCodec;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.Metrics;

/**
 * Cold start: fresh JVMs with Lambda's flags, the function's code loaded through a URLClassLoader as Lambda loads it
 * ({@link LambdaClassLoading}), each handler constructed and serving one real event ({@link ColdStartProbe},
 * {@link StreamColdStartProbe}), against the plainest SDK function as the baseline ({@link BaselineProbe}); and what
 * reading the cursor key from Secrets Manager adds.
 */
final class ColdStarts {
    /** Fresh JVMs per function: single pairs swing by more than the figures' distance from 1.0, so the median is of 9. */
    static final int RUNS = 9;

    private ColdStarts() {
    }

    /** {@code only}: the names of the probes to run (while iterating on a few), every probe when empty. */
    static void measure(Bench bench, Database dynamo, Table table, Seeded s, boolean quick, List<String> only) throws Exception {
        Path root = bench.root();
        String tableName = table.name();
        System.out.println("\nCold start (median of " + (quick ? 1 : RUNS) + " fresh JVMs each):");
        Path jar = bench.functionJar();
        List<String> sdk = new ArrayList<>();
        for (String entry : Files.readString(root.resolve("bench/target/runtime.classpath")).trim().split(File.pathSeparator)) {
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
        // A deal the full run's route costs have not taken down: on a taken-down deal the comments probe timed a 404 and
        // the stream consumer's correction reacted to nothing (a correction of a taken-down deal is no change).
        TableInspector inspector = new TableInspector(table);
        String deal = s.recentDeals().stream().filter(inspector::dealIsLive).findFirst()
                .orElseThrow(() -> new IllegalStateException("no live deal among the seeded recent deals"));
        List<Probe> probes = new ArrayList<>();
        for (String[] h : new String[][] {
            {LambdaFunction.BRANDS.handlerClass(), "GET /brands/{brandId}", "brandId", s.denseBrand(), "false"},
            {LambdaFunction.DEALS.handlerClass(), "GET /frontpage", "-", "-", "false"},
            {LambdaFunction.CATEGORIES.handlerClass(), "GET /categories/{categoryId}", "categoryId", "tech", "false"},
            {LambdaFunction.FOLLOWS.handlerClass(), "GET /me/brands/{brandId}", "brandId", s.denseBrand(), "true"},
            {LambdaFunction.INBOX.handlerClass(), "GET /me", "-", "-", "true"},
            {LambdaFunction.COMMENTS.handlerClass(), "GET /deals/{dealId}/comments", "dealId", deal, "false"},
            {LambdaFunction.VOTES.handlerClass(), "GET /me/votes", "-", "-", "true", "dealIds=" + deal},
            {LambdaFunction.SEARCH.handlerClass(), "GET /me/alerts", "-", "-", "true"},
            // The devices routes' commonest read; it must not build the push service's client (DevicesHandler).
            {LambdaFunction.DEVICES.handlerClass(), "GET /me/devices", "-", "-", "true"},
        }) {
            probes.add(new Probe(h[0], ColdStartProbe.class, List.of(h), true, null));
        }
        // DevicesWrite, deployed on demand (no SnapStart): its environment names the platform applications, so it builds
        // the SNS client at init (Container.devicesPush), and an app's registration at every start re-checks its endpoint
        // (GetEndpointAttributes, SnsPush#ensure) against a loopback stand-in of SNS. The device is registered once
        // before the measured runs, so each run is that re-registration, answered 200.
        LocalSns sns = LocalSns.start(null, java.time.Clock.systemUTC());
        Probe devicesWrite = new Probe(LambdaFunction.DEVICES.handlerClass(), ColdStartProbe.class,
                List.of(LambdaFunction.DEVICES.handlerClass(), "POST /me/devices", "-", "-", "true", "-",
                        "{\"platform\":\"fcm\",\"token\":\"cold-start-device-token-0001\"}"),
                true, "an app's registration at its start: the stored endpoint re-checked (SNS built at init, on demand)",
                "DevicesWrite", Map.of(SnsPush.FCM_APPLICATION, LocalSns.FCM_APPLICATION, SnsPush.APNS_APPLICATION,
                        LocalSns.APNS_APPLICATION, SnsPush.ENDPOINT, sns.endpoint().toString()));
        probes.add(devicesWrite);
        List<String> correction = new ArrayList<>(List.of(LambdaFunction.STREAM_CONSUMER.handlerClass()));
        inspector.dealItem(deal).forEach((name, v) -> {
            if (v.s() != null) {
                correction.addAll(List.of(name, "S", v.s()));
            } else if (v.n() != null) {
                correction.addAll(List.of(name, "N", v.n()));
            } else if (v.bool() != null) {
                correction.addAll(List.of(name, "BOOL", v.bool().toString()));
            }
        });
        probes.add(new Probe(LambdaFunction.STREAM_CONSUMER.handlerClass(), StreamColdStartProbe.class, correction, true,
                "one deal correction: featured lists refreshed, front page rebuilt"));
        probes.add(new Probe(LambdaFunction.SWEEPER.handlerClass(), ScheduleColdStartProbe.class,
                List.of(LambdaFunction.SWEEPER.handlerClass()), true, "one scheduled sweep"));
        // The sign-in trigger reads no table and no cursor key.
        probes.add(new Probe(LambdaFunction.EDITORS_GROUP_GATE.handlerClass(), SignInColdStartProbe.class,
                List.of(LambdaFunction.EDITORS_GROUP_GATE.handlerClass()), false, "a shopper's sign-in: no call to Cognito"));
        // Every function is measured: one added to the topology without a probe here stops the bench.
        for (LambdaFunction f : LambdaFunction.values()) {
            if (probes.stream().noneMatch(p -> p.handlerClass().equals(f.handlerClass()))) {
                throw new IllegalStateException("no cold-start probe for " + f.handlerClass());
            }
        }
        if (!only.isEmpty()) {
            List<String> names = probes.stream().map(Probe::name).toList();
            if (!names.containsAll(only)) {
                throw new IllegalArgumentException("--only names probes among " + names + ", not " + only);
            }
            probes.removeIf(p -> !only.contains(p.name()));
        }
        int runs = quick ? 1 : RUNS;
        List<double[]> baseline = new ArrayList<>();
        Map<Probe, List<double[]>> measured = new LinkedHashMap<>();
        // Every function over the table reads its cursor-signing key from Secrets Manager at init, as deployed (CURSOR_SECRET_ARN).
        try (SecretsManagerStandIn secrets = new SecretsManagerStandIn(); sns) {
            Map<String, String> asDeployed = secrets.functionEnvironment();
            probe(root, handlerClasspath, devicesWrite.main().getName(), devicesWrite.args(), dynamo, tableName,
                    devicesWrite.environment(asDeployed), 201);
            for (int run = 0; run < runs; run++) {
                Map<String, String> key = TableInspector.brandKey(s.denseBrand());
                baseline.add(probe(root, baselineClasspath, BaselineProbe.class.getName(),
                        List.of(tableName, key.get("PK"), key.get("SK")), dynamo, tableName));
                for (Probe p : probes) {
                    measured.computeIfAbsent(p, k -> new ArrayList<>()).add(probe(root, handlerClasspath, p.main().getName(),
                            p.args(), dynamo, tableName, p.environment(asDeployed), 200));
                }
            }
            expectReads(secrets, 1 + runs * (int) probes.stream().filter(Probe::readsKey).count());
        }
        bench.add("coldstart.baseline.constructMs", Medians.field(baseline, 0), "ms", null, null, "DynamoDbClient.create(), default HTTP client");
        bench.add("coldstart.baseline.firstInvokeMs", Medians.field(baseline, 1), "ms", null, null, "one GetItem");
        bench.add("coldstart.baseline.classesLoaded", Medians.field(baseline, 3), "classes", null, null, null);
        for (Map.Entry<Probe, List<double[]>> e : measured.entrySet()) {
            String name = e.getKey().name();
            bench.add("coldstart." + name + ".classesLoaded", Medians.field(e.getValue(), 3), "classes", null, null, e.getKey().what());
            // Where the wall time goes: the constructor (init threads joined) and the first event, each a median.
            bench.add("coldstart." + name + ".constructMs", Medians.field(e.getValue(), 0), "ms", null, null, null);
            bench.add("coldstart." + name + ".firstInvokeMs", Medians.field(e.getValue(), 1), "ms", null, null, null);
            bench.add("coldstart." + name + ".ratioToBaseline", Medians.paired(e.getValue(), baseline, r -> r[0] + r[1]), "x", null, null,
                    "wall time of construct + first response over the baseline's, median of same-run pairs");
            bench.add("coldstart." + name + ".cpuRatioToBaseline", Medians.paired(e.getValue(), baseline, r -> r[2]), "x", null, null,
                    "CPU time of the thread that constructs and serves, over the baseline's; steadier than wall time on a busy machine");
            bench.add("coldstart." + name + ".processCpuRatioToBaseline", Medians.paired(e.getValue(), baseline, r -> r[4]), "x", null, null,
                    "CPU time of every thread of the process (the second init thread, JIT and GC included), over the baseline's: "
                            + "what the cold start costs in all, which a loaded machine's wall time follows");
        }
        if (only.isEmpty()) {
            cursorSecretAtInit(bench, handlerClasspath, dynamo, tableName, s, runs);
        }
    }

    /**
     * What reading the cursor-signing key from Secrets Manager at init costs: the same handler with the key in its
     * environment instead (the local stack's way), and reading it through one GetSecretValue to a loopback stand-in.
     */
    private static void cursorSecretAtInit(Bench bench, String handlerClasspath, Database dynamo, String tableName, Seeded s,
                                           int runs) throws Exception {
        Path root = bench.root();
        try (SecretsManagerStandIn secrets = new SecretsManagerStandIn()) {
            String[] brand = {LambdaFunction.BRANDS.handlerClass(), "GET /brands/{brandId}", "brandId", s.denseBrand(), "false"};
            List<double[]> inEnvironment = new ArrayList<>();
            List<double[]> fromSecret = new ArrayList<>();
            for (int run = 0; run < runs; run++) {
                // Each way goes first in every other pair, so neither always runs on a machine the other has warmed.
                for (boolean keyInEnvironment : run % 2 == 0 ? new boolean[] {true, false} : new boolean[] {false, true}) {
                    (keyInEnvironment ? inEnvironment : fromSecret).add(probe(root, handlerClasspath, ColdStartProbe.class.getName(),
                            List.of(brand), dynamo, tableName, keyInEnvironment
                                    ? Map.of(CursorCodec.KEY_VARIABLE, CursorCodec.randomKey()) : secrets.functionEnvironment()));
                }
            }
            expectReads(secrets, runs);
            bench.add("coldstart.cursorSecret.constructRatio", Medians.paired(fromSecret, inEnvironment, r -> r[0]), "x", null, null,
                    "BrandsHandler construction reading the key from Secrets Manager (loopback stand-in) over the key in the "
                            + "environment, median of same-run pairs");
            // The read drives the SDK's request pipeline (marshalling, signing, retries) at init, which the first
            // DynamoDB request would otherwise load: construction alone overstates what the whole cold start pays.
            bench.add("coldstart.cursorSecret.ratio", Medians.paired(fromSecret, inEnvironment, r -> r[0] + r[1]), "x", null, null,
                    "the same, construct + first response: what the whole cold start pays for the read");
            bench.add("coldstart.cursorSecret.processCpuRatio", Medians.paired(fromSecret, inEnvironment, r -> r[4]), "x", null, null,
                    "the same, CPU time of every thread of the process");
            bench.add("coldstart.cursorSecret.classesAdded", Medians.field(fromSecret, 3) - Medians.field(inEnvironment, 3), "classes", null, null,
                    "the signed GetSecretValue call (the SDK's signer and JSON parser are the DynamoDB client's)");
        }
    }

    /**
     * One function's probe: its handler, the probe class run in the fresh JVM and its arguments, whether the function
     * reads the cursor key at init (every function over the table does), and what its event does when a route does not say.
     */
    private record Probe(String handlerClass, Class<?> main, List<String> args, boolean readsKey, String what, String name,
                         Map<String, String> env) {
        Probe(String handlerClass, Class<?> main, List<String> args, boolean readsKey, String what) {
            this(handlerClass, main, args, readsKey, what, handlerClass.substring(handlerClass.lastIndexOf('.') + 1), Map.of());
        }

        /** The function's environment: the deployed one's secret, and what this function is given beyond it. */
        Map<String, String> environment(Map<String, String> asDeployed) {
            Map<String, String> all = new LinkedHashMap<>(asDeployed);
            all.putAll(env);
            return all;
        }
    }

    /** Stops the bench when a probe given the secret's ARN did not read it: its figure would not be the read's. */
    private static void expectReads(SecretsManagerStandIn secrets, int expected) {
        if (secrets.reads() != expected) {
            throw new IllegalStateException("the Secrets Manager stand-in answered " + secrets.reads() + " reads, not " + expected);
        }
    }

    /**
     * One probe in a fresh JVM as Lambda's Java 17/21 runtimes start one: C1 only, SerialGC, and the function's
     * code loaded through a URLClassLoader ({@link LambdaClassLoading}). Lambda's Log4Shell hot-patch agent is
     * not attached (functions can turn it off with AWS_LAMBDA_DISABLE_CVE_2021_44228_PROTECTION=true).
     */
    private static double[] probe(Path root, String classpath, String main, List<String> args, Database dynamo,
                                  String table) throws Exception {
        return probe(root, classpath, main, args, dynamo, table, Map.of(), 200);
    }

    private static double[] probe(Path root, String classpath, String main, List<String> args, Database dynamo,
                                  String table, Map<String, String> extraEnv) throws Exception {
        return probe(root, classpath, main, args, dynamo, table, extraEnv, 200);
    }

    /** {@code expected}: the status the probe's event must answer (200, but 201 for a setup run that creates). */
    private static double[] probe(Path root, String classpath, String main, List<String> args, Database dynamo,
                                  String table, Map<String, String> extraEnv, int expected) throws Exception {
        Path probes = root.resolve("bench/target/bench-1.0.0-SNAPSHOT.jar");
        List<String> command = new ArrayList<>(List.of(System.getProperty("java.home") + "/bin/java",
                "-XX:+TieredCompilation", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-cp", probes.toString(), LambdaClassLoading.class.getName(), classpath, main));
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command);
        Map<String, String> env = pb.environment();
        // Only what the probe is given: a key exported in the shell would stand in for the read being measured.
        env.remove(CursorCodec.KEY_VARIABLE);
        env.remove(CursorCodec.SECRET_ARN_VARIABLE);
        env.put("AWS_REGION", "us-east-1");
        env.put("AWS_ACCESS_KEY_ID", "bench");
        env.put("AWS_SECRET_ACCESS_KEY", "bench");
        env.put("AWS_ENDPOINT_URL_DYNAMODB", dynamo.endpoint().toString());
        env.put("DYNAMODB_ENDPOINT", dynamo.endpoint().toString());
        env.put("TABLE_NAME", table);
        env.put("POWERTOOLS_SERVICE_NAME", Metrics.SERVICE_NAME);
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
        var n = Results.JSON.readTree(line);
        // Every probe's event is one its function serves: any other answer would time a path the function rarely takes.
        if (n.get("status").asInt() != expected) {
            throw new IllegalStateException("probe answered " + n.get("status") + ": " + out);
        }
        return new double[] {n.get("constructMs").asDouble(), n.get("firstInvokeMs").asDouble(), n.get("cpuMs").asDouble(),
                n.get("classes").asDouble(), n.get("processCpuMs").asDouble()};
    }
}
