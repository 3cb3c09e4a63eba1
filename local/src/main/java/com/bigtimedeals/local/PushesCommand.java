package com.bigtimedeals.local;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.platform.Settings;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@code ./bigtimedeals pushes USER [--follow]}: what the running local stack's push service delivered to the user's
 * devices ({@code GET /_local/pushes}), two lines a push, oldest first; with {@code --follow}, then every new push as it
 * arrives, until Ctrl-C. For a person trying the README: register a device, post a deal, watch its push arrive.
 */
final class PushesCommand {
    private static final ObjectMapper JSON = new ObjectMapper();

    private PushesCommand() {
    }

    static void run(List<String> args) throws Exception {
        String user = args.stream().filter(a -> !a.startsWith("--")).findFirst().orElse(null);
        if (user == null) {
            System.err.println("usage: ./bigtimedeals pushes USERNAME [--follow]");
            System.exit(2);
            return;
        }
        boolean follow = args.contains("--follow");
        String url = "http://127.0.0.1:" + Settings.fromProcess().forLocalStack().number(Setting.PORT)
                + "/_local/pushes?username=" + URLEncoder.encode(user, StandardCharsets.UTF_8);
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        int shown = 0;
        boolean first = true;
        while (true) {
            JsonNode pushes;
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20)).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() != 200) {
                    System.err.println("GET /_local/pushes answered " + r.statusCode() + ": " + r.body());
                    System.exit(1);
                }
                pushes = JSON.readTree(r.body()).path("pushes");
            } catch (IOException e) {
                System.err.println("No local stack answers at " + url.substring(0, url.indexOf("/_local"))
                        + ": start it first (./bigtimedeals run; PORT if it runs on another port).");
                System.exit(1);
                return;
            }
            if (first) {
                System.out.println(pushes.size() + " push(es) to " + user + "'s devices" + (pushes.isEmpty() ? "" : ", oldest first:"));
                first = false;
            }
            for (int i = shown; i < pushes.size(); i++) {
                System.out.println(describe(pushes.get(i)));
            }
            shown = Math.max(shown, pushes.size());
            if (!follow) {
                return;
            }
            Thread.sleep(1_000);
        }
    }

    /** Two lines: when, kind, platform and device; then title, body and what it opens. */
    static String describe(JsonNode p) {
        StringBuilder about = new StringBuilder();
        if (p.hasNonNull("dealId")) {
            about.append("deal ").append(p.get("dealId").asText());
        }
        if (p.hasNonNull("messageId")) {
            about.append(about.length() == 0 ? "" : ", ").append("message ").append(p.get("messageId").asText());
        }
        String at = p.path("sentAt").asText();
        try {
            at = java.time.Instant.parse(at).truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();
        } catch (java.time.format.DateTimeParseException e) {
            // shown as answered
        }
        return String.format("%s  %-8s %-4s device %s%n    %s: %s%s", at, p.path("kind").asText(),
                p.path("platform").asText(), p.path("deviceId").asText(), p.path("title").asText(), p.path("body").asText(),
                about.length() == 0 ? "" : "  (" + about + ")");
    }
}
