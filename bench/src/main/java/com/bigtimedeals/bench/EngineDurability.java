package com.bigtimedeals.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * What durability costs the engine's writes ({@code engine/src/test/.../bench/DurabilityBenchmark}, from the engine's
 * test jar): PutItems a second in memory, with a data directory, and with {@code --fsync} (group commit), at 1 and 16
 * writers, as ratios of the same run and commits per fsync. In a JVM of its own, on a data directory under
 * {@code bench/target} (the disk, not tmpfs).
 */
final class EngineDurability {
    private EngineDurability() {
    }

    static void measure(Bench bench, boolean quick) throws Exception {
        System.out.println("\nWhat durability costs a write (engine/.../DurabilityBenchmark):");
        Path out = Files.createTempFile("engine-durability", ".json");
        Path dir = bench.root().resolve("bench/target");
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                "com.bigtimedeals.engine.bench.DurabilityBenchmark", "--dir", dir.toString(), "--seconds", quick ? "1" : "3", "--rounds", quick ? "1" : "3",
                "--out", out.toString());
        Process p = new ProcessBuilder(command).inheritIO().start();
        if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException("the durability benchmark failed");
        }
        JsonNode figures = new ObjectMapper().readTree(out.toFile());
        Files.delete(out);
        for (Map.Entry<String, JsonNode> e : (Iterable<Map.Entry<String, JsonNode>>) figures::fields) {
            String key = e.getKey();
            String unit = key.contains("ratio") ? "x" : key.startsWith("commits") ? "commits" : "writes/s";
            bench.add("durability." + key, e.getValue().asDouble(), unit, null, null, describe(key));
        }
    }

    private static String describe(String key) {
        if (key.startsWith("fsync_over_log")) {
            return "writes/s acknowledged after an fsync (--fsync, group commit) over writes/s acknowledged from the OS cache";
        }
        if (key.startsWith("log_over_memory")) {
            return "writes/s with a data directory over writes/s in memory";
        }
        if (key.startsWith("commits_per_fsync")) {
            return "commits one fsync served (group commit)";
        }
        return "PutItems of about 100 bytes a second through the engine's dispatcher, no HTTP";
    }
}
