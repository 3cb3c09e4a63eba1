package com.bigtimedeals.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The engine's own benchmark ({@code engine/src/test/.../bench/EngineBenchmark}, shipped to this module in the
 * engine's test jar): the engine against a stub that does no work on the same HTTP server and loopback (the floor
 * the client sets), per operation at 1 and 4 client threads, again after 200,000 stream records; an empty engine's
 * start time and a million items' heap. Run in a JVM of its own, so its heap and JIT are not the benchmark's.
 */
final class EngineThroughput {
    private EngineThroughput() {
    }

    static void measure(Bench bench, boolean quick) throws Exception {
        System.out.println("\nThe engine against a stub on the same HTTP server (engine/.../EngineBenchmark):");
        Path out = Files.createTempFile("engine-bench", ".json");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "com.bigtimedeals.engine.bench.EngineBenchmark", "--out", out.toString()));
        if (quick) {
            command.add("--quick");
        }
        Process p = new ProcessBuilder(command).inheritIO().start();
        if (!p.waitFor(60, TimeUnit.MINUTES) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException("the engine benchmark failed");
        }
        JsonNode figures = new ObjectMapper().readTree(out.toFile());
        Files.delete(out);
        for (Map.Entry<String, JsonNode> e : (Iterable<Map.Entry<String, JsonNode>>) figures::fields) {
            String key = e.getKey();
            if (!e.getValue().isNumber()) {
                continue;
            }
            String unit = key.endsWith("_seconds") ? "s" : key.startsWith("heap_mb") ? "MB" : key.equals("stream_records")
                    ? "records" : key.contains("ratio") ? "x" : "";
            bench.add("engine." + key, e.getValue().asDouble(), unit, null, null, describe(key));
        }
    }

    private static String describe(String key) {
        if (key.contains("ratio")) {
            return "engine requests/s over the stub's on the same client, HTTP server and loopback (goal: 0.8 single-item and"
                    + " Query, 0.5 batch and transaction; after_stream within 10% of the first round)";
        }
        return switch (key) {
            case "start_seconds" -> "an empty engine, JVM included (goal under 0.5 s)";
            case "heap_mb_1m_items_3_gsis" -> "heap after a million items of about 300 bytes with three GSIs (goal within 1.5 GB)";
            case "stream_records" -> "stream records written between the two rounds";
            default -> "as EngineBenchmark reports it";
        };
    }
}
