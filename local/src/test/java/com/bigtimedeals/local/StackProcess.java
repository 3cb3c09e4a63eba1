package com.bigtimedeals.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The local stack as a real separate process on a kept data directory, started as {@code ./bigtimedeals run
 * --data DIR --no-demo} starts it, and the HTTP calls the crash tests make to it.
 */
final class StackProcess implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /**
     * Every stack this test JVM started: a test that fails half-way must not leave a stack running (and holding
     * its ports and a core) after the JVM ends, so they are killed when it exits.
     */
    private static final List<Process> STARTED = new java.util.concurrent.CopyOnWriteArrayList<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> STARTED.forEach(Process::destroyForcibly)));
    }

    private final Process process;
    final String base;

    private StackProcess(Process process, String base) {
        this.process = process;
        this.base = base;
    }

    /** Starts the stack on {@code data}, its log in {@code work/<name>.log}, and waits until it serves. */
    static StackProcess start(Path work, Path data, int dynamoPort, String name) throws Exception {
        return start(work, data, dynamoPort, name, java.util.Map.of());
    }

    /** The same, with settings of its own in the process's environment (a slower delivery, say). */
    static StackProcess start(Path work, Path data, int dynamoPort, String name, java.util.Map<String, String> settings)
            throws Exception {
        Path log = work.resolve(name + ".log");
        ProcessBuilder b = command(work, log, "run", "--data", data.toString(), "--no-demo");
        b.environment().put("PORT", Integer.toString(freePort()));
        b.environment().put("DYNAMODB_PORT", Integer.toString(dynamoPort));
        b.environment().put("BLAST_SEGMENTS", "8");
        b.environment().putAll(settings);
        Process p = b.start();
        STARTED.add(p);
        long deadline = System.currentTimeMillis() + 120_000;
        while (System.currentTimeMillis() < deadline) {
            // The banner is printed line by line: wait for the API line itself, not only the first one.
            String base = Files.exists(log) ? baseOf(log) : null;
            if (base != null) {
                return new StackProcess(p, base);
            }
            if (!p.isAlive()) {
                throw new AssertionError("the stack did not start:\n" + Files.readString(log));
            }
            Thread.sleep(100);
        }
        p.destroyForcibly();
        throw new AssertionError("the stack did not start in time:\n" + Files.readString(log));
    }

    /** Runs one of the launcher's other commands ({@code redrive}, {@code failures}) to its end; its output. */
    static String runCommand(Path work, String name, String... args) throws Exception {
        Path log = work.resolve(name + ".log");
        Process p = command(work, log, args).start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", args) + " did not finish:\n" + Files.readString(log));
        }
        assertEquals(0, p.exitValue(), String.join(" ", args) + ":\n" + Files.readString(log));
        return Files.readString(log);
    }

    private static ProcessBuilder command(Path work, Path log, String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), "com.bigtimedeals.local.Main"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
    }

    /** kill -9: no shutdown hook runs, nothing is flushed. */
    void kill() throws InterruptedException {
        process.destroyForcibly().waitFor();
    }

    /** SIGTERM, as Ctrl-C: the shutdown hook runs; true when the process ended within a minute. */
    boolean stop() throws InterruptedException {
        process.destroy();
        return process.waitFor(60, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws InterruptedException {
        if (!stop()) {
            kill();
        }
    }

    /** The API's URL from the banner's complete {@code API} line, or null while it is not printed yet. */
    private static String baseOf(Path log) throws IOException {
        String text = Files.readString(log);
        int banner = text.indexOf("Big Time Deals is running");
        if (banner < 0) {
            return null;
        }
        for (String line : text.substring(banner).split("\n", -1)) {
            if (line.trim().startsWith("API") && text.indexOf(line + "\n", banner) >= 0) {
                return line.trim().substring(3).trim();
            }
        }
        return null;
    }

    JsonNode call(String method, String path, String token, String body, int status) throws Exception {
        HttpResponse<String> r = send(method, path, token, body);
        assertEquals(status, r.statusCode(), method + " " + path + ": " + r.body());
        return r.body().isEmpty() ? null : JSON.readTree(r.body());
    }

    /**
     * A GET polled until a deadline: a timed-out attempt is asked again rather than failing the test, since a read is
     * safe to repeat and a stack replaying its stream on a loaded machine can take longer than one request's 30 s.
     */
    JsonNode poll(String path, String token, int status) throws Exception {
        for (int attempt = 1; ; attempt++) {
            try {
                return call("GET", path, token, null, status);
            } catch (java.net.http.HttpTimeoutException slow) {
                if (attempt == 3) {
                    throw slow;
                }
            }
        }
    }

    HttpResponse<String> send(String method, String path, String token, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .header("Authorization", "Bearer " + token);
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    static String deal(String title, String brand) {
        return "{\"title\":\"" + title + "\",\"link\":\"https://s.example.com/" + title + "\",\"price\":10,\"brandId\":\""
                + brand + "\",\"categoryId\":\"tech\"}";
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
