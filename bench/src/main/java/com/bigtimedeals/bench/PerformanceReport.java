package com.bigtimedeals.bench;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** docs/performance.md, written by the benchmark from the results it just measured. */
final class PerformanceReport {
    private PerformanceReport() {
    }

    static String render(List<Results.Result> results, Duration took, Instant at) {
        StringBuilder md = new StringBuilder();
        md.append("# Performance\n\n");
        md.append("Written by `./bigtimedeals bench` (").append(at).append(", ").append(took.toMinutes()).append(" min ")
                .append(took.toSecondsPart()).append(" s on this machine: ").append(Runtime.getRuntime().availableProcessors())
                .append(" cores; ").append(jit()).append("). Rerun it to reproduce; the same numbers are in `bench-results/latest.json`.\n\n");
        md.append("Everything runs against our own DynamoDB engine (`engine/`, docs/engine.md): the handlers behind the local ")
                .append("gateway and the cold-start probes reach it over HTTP on loopback, as a function reaches DynamoDB; the ")
                .append("measurements' own clients reach it in process. Request counts and capacity units are ")
                .append("what DynamoDB reported (ConsumedCapacity, counted by `RequestMeter`); timings appear only as same-run ")
                .append("ratios. The reference column is the design in `../shared/design/data-model.md`, computed from its key ")
                .append("design at the same item sizes (see the notes).\n\n");
        md.append("## Cost per route\n\nSeeded through the product's own code: 200 brands (skewed: brand rank r gets deals in ")
                .append("proportion to 1/r), 8 categories, 100 deals a day for 90 days, 5,000 users who like and watch.\n\n");
        md.append("| Route | DynamoDB requests | budget | reference | read units | write units | response bytes | note |\n");
        md.append("|---|---|---|---|---|---|---|---|\n");
        Map<String, Map<String, Results.Result>> routes = new LinkedHashMap<>();
        for (Results.Result r : results) {
            if (r.name().startsWith("route.")) {
                String rest = r.name().substring(6);
                String route = rest.substring(0, rest.lastIndexOf('.')).replace('_', ' ');
                routes.computeIfAbsent(route, k -> new LinkedHashMap<>()).put(rest.substring(rest.lastIndexOf('.') + 1), r);
            }
        }
        for (var e : routes.entrySet()) {
            Results.Result req = e.getValue().get("requests");
            if (req == null) {
                continue; // a route's other figure (takedown paging): listed under the table
            }
            md.append("| `").append(e.getKey()).append("` | ").append(num(req.value()))
                    .append(" | ").append(req.budget() == null ? "" : "≤ " + num(req.budget()))
                    .append(" | ").append(req.reference() == null ? "" : num(req.reference()))
                    .append(" | ").append(num(e.getValue().get("readUnits").value()))
                    .append(" | ").append(num(e.getValue().get("writeUnits").value()))
                    .append(" | ").append(num(e.getValue().get("responseBytes").value()))
                    .append(" | ").append(req.note() == null ? "" : req.note()).append(" |\n");
        }
        for (var e : routes.entrySet()) {
            if (e.getValue().get("requests") == null) {
                for (Results.Result r : e.getValue().values()) {
                    md.append("\n`").append(r.name()).append("`: ").append(num(r.value())).append(' ').append(r.unit())
                            .append(r.budget() == null ? "" : " (budget " + num(r.budget()) + ")")
                            .append(r.note() == null ? "" : ": " + r.note()).append('\n');
                }
            }
        }
        md.append("\nWrite units are as the engine reports them, by the service's documented rules (transactions twice); ")
                .append("`docs/data-model.md` gives the design's figures.\n");
        md.append(wireSection(results, null));
        section(md, results, "Front-page cache", "frontpage.", "data.");
        section(md, results, "Cold start", "coldstart.");
        md.append("\nEach function starts in a fresh JVM the way Lambda's Java 17/21 runtimes start one: C1 only ")
                .append("(`-XX:+TieredCompilation -XX:TieredStopAtLevel=1`), `-XX:+UseSerialGC`, and its code loaded through a ")
                .append("URLClassLoader over the shaded jar (`bench/.../LambdaClassLoading`). It is constructed as Lambda would and serves ")
                .append("one real event against the engine; the stream consumer gets one deal correction, the sweeper its scheduled event, ")
                .append("the sign-in trigger a shopper's sign-in (which reads no table). Like a deployed function, ")
                .append("each function over the table reads its cursor-signing key from Secrets Manager at init (a loopback stand-in over plain HTTP: in AWS ")
                .append("the read also opens a TLS connection); `coldstart.cursorSecret.*` says what that read costs. The baseline is the ")
                .append("plainest SDK v2 function, loaded the same way: `DynamoDbClient.create()` on the default HTTP client and ")
                .append("one GetItem, no logging library. Wall-time ratios swing with the machine's load; the CPU-time ratio ")
                .append("(the thread that constructs and serves) is the steadier figure. A handler builds its TLS context on a second ")
                .append("thread (the stream consumer also what its first batch needs beyond the client, on a third) while its SDK client is built, as Lambda's init phase allows: that thread's CPU is in the process CPU ")
                .append("ratio, not in the CPU ratio, and shortens wall time only where a second core is free. `docs/cold-start.md` accounts for ")
                .append("what each change bought and what remains. In AWS, SnapStart restores a snapshot taken after the ")
                .append("priming hook ran a request, which removes most of both.\n");
        section(md, results, "Warm overhead", "warm.");
        section(md, results, "Fan-out throughput", "fanout.");
        section(md, results, "Word index: deal alerts and search", "alerts.", "words.", "search.");
        section(md, results, "Account deletion", "deletion.");
        section(md, results, "The deal community", "community.");
        section(md, results, "The local API during a blast", "apiUnderBlast.");
        md.append("\nIn AWS the API and the stream consumer are separate functions; locally they share one JVM and one engine. ")
                .append("Before: on the local database the stack used before our own engine, a 5,000-user blast took the API's p99 ")
                .append("at 32 connections from 130 ms to 6.15 s (max 7.4 s).\n");
        section(md, results, "The engine against a stub", "engine.");
        section(md, results, "What durability costs a write (the engine's --fsync, group commit)", "durability.");
        section(md, results, "Deployed artifact", "jar.");
        return md.toString();
    }

    private static final String WIRE_TITLE = "What mobile clients pay on the wire";

    /** The mobile section; {@code measuredAt} names a run of {@code ./bigtimedeals bench --mobile} alone. */
    private static String wireSection(List<Results.Result> results, Instant measuredAt) {
        StringBuilder md = new StringBuilder();
        section(md, results, WIRE_TITLE, "mobile.");
        md.append("\nThe same answers with and without `Accept-Encoding: gzip` (the functions compress bodies over 1 KB; the ")
                .append("HTTP API does not), a conditional GET with the 200's `ETag` (the 304 makes the same reads as the 200 it ")
                .append("replaces: the tag is a digest of the answer, so nothing else is read), and a like with an ")
                .append("`Idempotency-Key` the first time and replayed (`docs/data-model.md`, Idempotency records).");
        if (measuredAt != null) {
            md.append(" Measured by `./bigtimedeals bench --mobile` (").append(measuredAt)
                    .append(") on the same seeded table; the same numbers are in `bench-results/mobile.json`.");
        }
        return md.append('\n').toString();
    }

    /**
     * {@code report} with its mobile section replaced by (or, when it has none, followed by) the one these results
     * give: {@code ./bigtimedeals bench --mobile} measures that section alone and leaves the rest of the report as the
     * last full run wrote it.
     */
    static String withWireSection(String report, List<Results.Result> results, Instant at) {
        String section = wireSection(results, at);
        int start = report.indexOf("\n## " + WIRE_TITLE + "\n");
        if (start < 0) {
            return report.stripTrailing() + "\n" + section;
        }
        int end = report.indexOf("\n## ", start + 1);
        return report.substring(0, start) + section + (end < 0 ? "" : report.substring(end));
    }

    private static void section(StringBuilder md, List<Results.Result> results, String title, String... prefixes) {
        md.append("\n## ").append(title).append("\n\n| measurement | value | unit | budget | reference | note |\n|---|---|---|---|---|---|\n");
        for (Results.Result r : results) {
            for (String p : prefixes) {
                if (r.name().startsWith(p)) {
                    md.append("| `").append(r.name()).append("` | ").append(num(r.value())).append(" | ").append(r.unit())
                            .append(" | ").append(r.budget() == null ? "" : num(r.budget()))
                            .append(" | ").append(r.reference() == null ? "" : num(r.reference()))
                            .append(" | ").append(r.note() == null ? "" : r.note()).append(" |\n");
                }
            }
        }
    }

    private static String num(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e12 ? String.format(Locale.ROOT, "%,d", (long) v) : String.format(Locale.ROOT, "%.2f", v);
    }

    /** How the benchmark's own JVM compiles, as the JVM reports it (the flags are set where it starts, in ./bigtimedeals). */
    private static String jit() {
        var vm = java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
        boolean tiered = Boolean.parseBoolean(vm.getVMOption("TieredCompilation").getValue());
        boolean c1Only = tiered && vm.getVMOption("TieredStopAtLevel").getValue().matches("[1-3]");
        return c1Only ? "its JVM compiles with C1 only, as the local stack and Lambda's Java runtimes do"
                : "its JVM compiles with C2, unlike the local stack and Lambda's Java runtimes";
    }
}
