package com.bigtimedeals.local;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.platform.DynamoDbClients;
import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.platform.Settings;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.topology.LambdaFunction;

/** {@code ./bigtimedeals run | token | patterns}: the local stack and its tools. */
public final class Main {
    /** Where the running stack leaves its DynamoDB endpoint for the other commands. */
    static final Path STATE = Path.of(".local-stack");

    static {
        // The stack prints its own one-line request log, so the handlers' JSON lines at INFO would only repeat it:
        // warnings and errors only, unless a level is given (POWERTOOLS_LOG_LEVEL=INFO ./bigtimedeals run).
        if (System.getenv("POWERTOOLS_LOG_LEVEL") == null && System.getProperty("POWERTOOLS_LOG_LEVEL") == null) {
            System.setProperty("POWERTOOLS_LOG_LEVEL", "WARN");
        }
    }

    private Main() {
    }

    public static void main(String[] args) throws Exception {
        List<String> rest = new ArrayList<>(Arrays.asList(args));
        String command = rest.isEmpty() ? "help" : rest.remove(0);
        switch (command) {
            case "run" -> run(rest);
            case "token" -> token(rest);
            case "patterns" -> patterns(rest);
            case "failures" -> failures(rest, false);
            case "redrive" -> failures(rest, true);
            case "pushes" -> PushesCommand.run(rest);
            case "upgrade" -> upgrade(rest);
            default -> {
                System.out.println("""
                        usage: ./bigtimedeals run [--data DIR [--recover] [--fsync]] [--no-demo]
                                                                start the local stack (PORT, default 3000)
                               ./bigtimedeals token USERNAME [--editor]        print a local bearer token
                               ./bigtimedeals patterns NAME [ARGS]             run an access pattern against the table
                               ./bigtimedeals failures [--data DIR]            list the stream's on-failure destination
                               ./bigtimedeals redrive [--data DIR]             deliver those batches again (stack running)
                               ./bigtimedeals pushes USERNAME [--follow]       the pushes the stack delivered to the user's devices
                               ./bigtimedeals upgrade --table NAME             a deployed table's deals to today's counter layout
                        """);
                System.out.println(AccessPatterns.USAGE);
            }
        }
    }

    private static void run(List<String> args) throws Exception {
        LocalStack.Options options = LocalStack.Options.from(Settings.fromProcess(), false);
        String data = option(args, "--data", null);
        if (data != null) {
            options = options.withData(Path.of(data));
        }
        if (args.contains("--no-demo")) {
            options = options.withoutDemo();
        }
        options = options.withDurability(args.contains("--recover"), args.contains("--fsync"));
        int port = options.port();
        Path dir = options.dataDir();
        LocalStack stack;
        try {
            stack = LocalStack.start(options);
        } catch (java.net.BindException e) {
            System.err.println("Port " + port + " on 127.0.0.1 is taken (is the stack already running?). Set PORT to use another.");
            System.exit(1);
            return;
        } catch (Exception e) {
            String damaged = com.bigtimedeals.harness.Database.damagedData(e);
            if (damaged != null) {
                // Which file, where, and what to do; a stack trace would only bury it.
                System.err.println(damaged.replace("start with --recover", "start with ./bigtimedeals run --data "
                        + dir + " --recover"));
                System.exit(1);
                return;
            }
            System.err.println("The local stack did not start: " + e);
            e.printStackTrace();
            System.exit(1);
            return;
        }
        Files.writeString(STATE, stack.dynamoEndpoint() + "\n");
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("\nStopping the local stack…");
            stack.close();
            try {
                Files.deleteIfExists(STATE);
            } catch (Exception ignored) {
                // best effort on the way out
            }
            stopped.countDown();
        }));
        String url = "http://127.0.0.1:" + stack.port();
        System.out.println();
        System.out.println("Big Time Deals is running (no AWS account needed).");
        System.out.println("  API        " + url);
        System.out.println("  DynamoDB   " + stack.dynamoEndpoint() + "  table " + stack.tableName()
                + (dir == null ? " (in memory)" : " (kept in " + dir + ")"));
        System.out.println("  Try        curl -i " + url + "/frontpage");
        System.out.println("  A token    TOKEN=$(./bigtimedeals token ann)            (--editor for the CMS routes)");
        System.out.println("             curl -H \"Authorization: Bearer $TOKEN\" " + url + "/me/messages");
        System.out.println("  Stop       Ctrl-C");
        System.out.println();
        stopped.await();
    }

    /**
     * A deployed table's deals brought to the counter views and liveness markers ({@link DealCountersUpgrade}), with
     * the default credentials and region (AWS_PROFILE, AWS_REGION); without {@code --table}, the running stack's.
     */
    private static void upgrade(List<String> args) throws Exception {
        String name = option(args, "--table", null);
        if (name != null) {
            System.setProperty("TABLE_NAME", name);
        } else if (Settings.fromProcess().get("DYNAMODB_ENDPOINT") == null && Files.exists(STATE)) {
            System.setProperty("DYNAMODB_ENDPOINT", Files.readString(STATE).trim());
        }
        Settings settings = Settings.fromProcess();
        try {
            Table table = Table.from(settings, DynamoDbClients.from(settings));
            com.bigtimedeals.deals.DealCountersUpgrade.Result r = new com.bigtimedeals.deals.DealCountersUpgrade(table).run();
            System.out.println(r.skipped() ? "Table " + table.name() + " is upgraded already."
                    : "Table " + table.name() + ": " + r.upgraded() + " of " + r.deals() + " deals upgraded, "
                    + r.settingsMoved() + " users' notification settings moved; recorded done.");
        } catch (software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException e) {
            System.err.println("No table " + com.bigtimedeals.platform.TableDefinition.tableName(settings) + " there (check --table, AWS_REGION and the account).");
            System.exit(1);
        } catch (RuntimeException e) {
            System.err.println("The upgrade stopped (run it again: it resumes without counting twice): " + e.getMessage());
            System.exit(1);
        }
    }

    private static void token(List<String> args) {
        String usage = "usage: ./bigtimedeals token USERNAME [--editor] [--ttl SECONDS]   print a local bearer token";
        if (args.isEmpty() || args.get(0).startsWith("--")) {
            System.err.println(usage);
            System.exit(2);
            return;
        }
        boolean editor = args.contains("--editor");
        long ttl;
        try {
            ttl = Long.parseLong(option(args, "--ttl", "43200"));
        } catch (NumberFormatException e) {
            System.err.println("--ttl takes a number of seconds (a negative one makes an expired token)\n" + usage);
            System.exit(2);
            return;
        }
        // An editor's token comes through the CMS's app client and carries the editors group; a user's through the app's.
        System.out.println(BearerToken.issue(editor ? BearerToken.CMS_CLIENT : BearerToken.MOBILE_CLIENT, args.get(0), BearerToken.groups(editor),
                Instant.now(), ttl));
    }

    private static void patterns(List<String> args) throws Exception {
        Settings process = Settings.fromProcess();
        if (process.get("DYNAMODB_ENDPOINT") == null && process.get("TABLE_NAME") == null && Files.exists(STATE)) {
            System.setProperty("DYNAMODB_ENDPOINT", Files.readString(STATE).trim());
        }
        Settings settings = Settings.fromProcess();
        try {
            AccessPatterns.run(Table.from(settings, DynamoDbClients.from(settings)), Configuration.from(settings), args,
                    System.out);
        } catch (RuntimeException e) {
            System.err.println(e.getMessage());
            System.exit(1);
        }
    }

    /** Lists the on-failure destination, or redrives it through a stream handler against the running stack's table. */
    private static void failures(List<String> args, boolean redrive) throws Exception {
        Settings process = Settings.fromProcess();
        String dir = option(args, "--data", process.value(Setting.DATA_DIR));
        FailureDestination destination = new FailureDestination(LocalStack.failuresDirectory(dir == null ? null : Path.of(dir)));
        var entries = destination.list();
        FailureDestination.describe(entries).forEach(System.out::println);
        System.out.println(entries.size() + " batch(es) in " + destination.directory());
        if (!redrive || entries.isEmpty()) {
            return;
        }
        if (process.get("DYNAMODB_ENDPOINT") == null && Files.exists(STATE)) {
            System.setProperty("DYNAMODB_ENDPOINT", Files.readString(STATE).trim());
        }
        String endpoint = Settings.fromProcess().get("DYNAMODB_ENDPOINT");
        if (endpoint == null) {
            System.err.println("Start the stack first (./bigtimedeals run" + (dir == null ? "" : " --data " + dir) + "): redrive reads its stream.");
            System.exit(1);
        }
        try (var streams = DynamoDbClients.localStreams(java.net.URI.create(endpoint))) {
            int failing = new Redrive(streams, destination,
                    FunctionInstances.<DynamodbEvent, StreamsEventResponse>of(LambdaFunction.STREAM_CONSUMER).get(),
                    LocalStack.streamMapping(process.forLocalStack())).run();
            System.out.println((entries.size() - failing) + " redriven, " + failing + " still failing");
            if (failing > 0) {
                System.exit(1);
            }
        }
    }

    private static String option(List<String> args, String name, String fallback) {
        int i = args.indexOf(name);
        return i >= 0 && i + 1 < args.size() ? args.get(i + 1) : fallback;
    }
}
