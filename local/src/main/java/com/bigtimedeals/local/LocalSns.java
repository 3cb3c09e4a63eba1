package com.bigtimedeals.local;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * The local stand-in for SNS mobile push, speaking SNS's own Query protocol over HTTP on loopback (form-encoded
 * {@code Action=...}, XML answers and SNS's error codes), so the functions' SDK client is the deployed one with only
 * {@code endpointOverride} set. It knows the calls the product makes: CreatePlatformEndpoint (one endpoint per
 * application and token, the same ARN again for the same token, and SNS's InvalidParameter naming the existing
 * endpoint when the attributes asked for differ from its own, as they do once it is disabled), Get- and
 * SetEndpointAttributes (Token, Enabled, CustomUserData), DeleteEndpoint, and Publish to an endpoint, whose
 * deliveries it records in order. A token beginning with {@code invalid} is reported unregistered on each push to its
 * enabled endpoint, as FCM answers UNREGISTERED: SNS disables the endpoint and answers EndpointDisabled, then and for
 * every later push until the endpoint is enabled again (SetEndpointAttributes), when the next push disables it again.
 * With a data directory, endpoints and deliveries are appended to files there (each line written before the call is
 * answered), so they survive restarts and kill -9 as a real push service's deliveries would.
 */
public final class LocalSns implements AutoCloseable {
    /** The stack's two platform applications, as the CDK app makes them deployed. */
    public static final String FCM_APPLICATION = "arn:aws:sns:us-east-1:000000000000:app/GCM/big-time-deals-fcm";
    public static final String APNS_APPLICATION = "arn:aws:sns:us-east-1:000000000000:app/APNS/big-time-deals-apns";
    private static final String NS = "http://sns.amazonaws.com/doc/2010-03-31/";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String NODELAY = "sun.net.httpserver.nodelay";

    /**
     * One delivery: the endpoint, the platform payload SNS would hand the platform, when, and the APNs collapse id
     * (SNS's {@code AWS.SNS.MOBILE.APNS.COLLAPSE_ID} attribute, the {@code apns-collapse-id} header; null when none).
     */
    public record Push(String endpointArn, String platform, JsonNode payload, Instant sentAt, String collapseId) {
    }

    private record Endpoint(String arn, String application, String token, boolean enabled, String customUserData) {
        Endpoint with(String newToken, boolean nowEnabled, String data) {
            return new Endpoint(arn, application, newToken, nowEnabled, data);
        }
    }

    private final HttpServer server;
    private final Clock clock;
    private final Path endpointsFile;
    private final Path pushesFile;
    private final Map<String, Endpoint> endpoints = new LinkedHashMap<>();
    private final Map<String, String> byToken = new HashMap<>();
    private final List<Push> pushes = new ArrayList<>();
    private volatile long publishHoldMillis;

    private LocalSns(HttpServer server, Clock clock, Path dataDir) throws IOException {
        this.server = server;
        this.clock = clock;
        this.endpointsFile = dataDir == null ? null : dataDir.resolve("sns-endpoints.jsonl");
        this.pushesFile = dataDir == null ? null : dataDir.resolve("sns-pushes.jsonl");
        if (dataDir != null) {
            Files.createDirectories(dataDir);
            for (JsonNode e : lines(endpointsFile)) {
                remember(new Endpoint(e.get("arn").asText(), e.get("application").asText(), e.get("token").asText(),
                        e.get("enabled").asBoolean(), e.hasNonNull("customUserData") ? e.get("customUserData").asText() : null));
            }
            for (JsonNode p : lines(pushesFile)) {
                pushes.add(new Push(p.get("endpointArn").asText(), p.get("platform").asText(), p.get("payload"),
                        Instant.parse(p.get("sentAt").asText()), p.hasNonNull("collapseId") ? p.get("collapseId").asText() : null));
            }
        }
    }

    /** Serves on 127.0.0.1 at an ephemeral port. */
    public static LocalSns start(Path dataDir, Clock clock) throws IOException {
        // The JDK's server writes an answer's headers and its body as two packets; without TCP_NODELAY the body waits
        // for the SDK's delayed ACK of the first, 40 ms on Linux loopback, so every Publish took 44 ms here (measured
        // with ./bigtimedeals bench --push) and the stand-in, not the sender, set the push rate. The JDK reads the
        // property once, when its first server starts: in the local stack and the benchmark this is the first.
        if (System.getProperty(NODELAY) == null) {
            System.setProperty(NODELAY, "true");
        }
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        LocalSns sns = new LocalSns(server, clock, dataDir);
        // As many answers at once as the consumer's lanes can have Publishes in flight, so the stand-in does not queue
        // what SNS would take side by side (each answer is a few microseconds of work under one lock).
        server.setExecutor(Executors.newFixedThreadPool(64, r -> {
            Thread t = new Thread(r, "local-sns");
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/", sns::serve);
        server.start();
        return sns;
    }

    /**
     * From now on every Publish is answered {@code millis} later (before it is recorded, outside the lock): the round
     * trip SNS's Publish takes from Lambda, which the benchmark states (bench/PushCosts) because locally it is
     * microseconds. 0 answers at once again.
     */
    public void holdPublishes(long millis) {
        publishHoldMillis = millis;
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** Every delivery to one of {@code endpointArns}, oldest first. */
    public synchronized List<Push> pushesTo(java.util.Set<String> endpointArns) {
        return pushes.stream().filter(p -> endpointArns.contains(p.endpointArn())).toList();
    }

    public synchronized List<Push> pushes() {
        return List.copyOf(pushes);
    }

    /**
     * The deliveries from the {@code from}th on (0 is the first), oldest first: a watcher polling while pushes arrive
     * (the benchmark) copies only what is new, not every delivery so far, under the lock each Publish takes.
     */
    public synchronized List<Push> pushesFrom(int from) {
        return from >= pushes.size() ? List.of() : List.copyOf(pushes.subList(from, pushes.size()));
    }

    private void serve(HttpExchange exchange) throws IOException {
        Map<String, String> form = new HashMap<>();
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        for (String pair : body.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                form.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        String action = form.getOrDefault("Action", "");
        long hold = publishHoldMillis;
        if (hold > 0 && "Publish".equals(action)) {
            try {
                Thread.sleep(hold);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        String[] answer;
        try {
            answer = switch (action) {
                case "CreatePlatformEndpoint" -> ok(action, "<EndpointArn>" + create(form.get("PlatformApplicationArn"),
                        form.get("Token"), form.get("CustomUserData"), entries(form, "Attributes")) + "</EndpointArn>");
                case "GetEndpointAttributes" -> ok(action, attributes(form.get("EndpointArn")));
                case "SetEndpointAttributes" -> {
                    setAttributes(form.get("EndpointArn"), entries(form, "Attributes"));
                    yield ok(action, null);
                }
                case "DeleteEndpoint" -> {
                    delete(form.get("EndpointArn"));
                    yield ok(action, null);
                }
                case "Publish" -> ok(action, "<MessageId>" + publish(form.get("TargetArn"), form.get("Message"),
                        form.get("MessageStructure"), attribute(form, "AWS.SNS.MOBILE.APNS.COLLAPSE_ID")) + "</MessageId>");
                default -> error(400, "InvalidAction", "The action " + action + " is not valid for this endpoint.");
            };
        } catch (Refusal r) {
            answer = error(r.status, r.code, r.getMessage());
        }
        byte[] bytes = answer[1].getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/xml");
        exchange.sendResponseHeaders(Integer.parseInt(answer[0]), bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /**
     * SNS's CreatePlatformEndpoint: for a token that has an endpoint in the application, its ARN when every attribute
     * asked for (Enabled, CustomUserData) is the endpoint's own or none is asked for (so a disabled endpoint's ARN too:
     * the Developer Guide's reinstall case), else InvalidParameter in SNS's own words, naming the endpoint.
     */
    private synchronized String create(String application, String token, String customUserData, Map<String, String> attributes) {
        if (!FCM_APPLICATION.equals(application) && !APNS_APPLICATION.equals(application)) {
            throw new Refusal(404, "NotFound", "PlatformApplication does not exist");
        }
        if (token == null || token.isEmpty()) {
            throw new Refusal(400, "InvalidParameter", "Invalid parameter: Token");
        }
        token = normal(application, token);
        String data = customUserData != null ? customUserData : attributes.get("CustomUserData");
        String enabled = attributes.get("Enabled");
        if (enabled != null && !enabled.equalsIgnoreCase("true") && !enabled.equalsIgnoreCase("false")) {
            throw new Refusal(400, "InvalidParameter", "Invalid parameter: Attributes Reason: Enabled must be true or false");
        }
        String known = byToken.get(application + "\n" + token);
        if (known != null) {
            Endpoint e = endpoints.get(known);
            boolean differs = (enabled != null && Boolean.parseBoolean(enabled.toLowerCase()) != e.enabled())
                    || (data != null && !data.equals(e.customUserData()));
            if (differs) {
                throw new Refusal(400, "InvalidParameter", "Invalid parameter: Token Reason: Endpoint " + known
                        + " already exists with the same Token, but different attributes.");
            }
            return known; // CreatePlatformEndpoint is idempotent per token
        }
        String platform = FCM_APPLICATION.equals(application) ? "GCM" : "APNS";
        Endpoint e = new Endpoint("arn:aws:sns:us-east-1:000000000000:endpoint/" + platform + "/"
                + application.substring(application.lastIndexOf('/') + 1) + "/" + UUID.randomUUID(), application, token,
                enabled == null || enabled.equalsIgnoreCase("true"), data);
        save(e);
        return e.arn();
    }

    /** GetEndpointAttributes: Enabled, Token and, when set, CustomUserData, in the Query protocol's map shape. */
    private synchronized String attributes(String arn) {
        Endpoint e = arn == null ? null : endpoints.get(arn);
        if (e == null) {
            throw new Refusal(404, "NotFound", "Endpoint does not exist");
        }
        StringBuilder xml = new StringBuilder("<Attributes>");
        entry(xml, "Enabled", Boolean.toString(e.enabled()));
        entry(xml, "Token", e.token());
        if (e.customUserData() != null) {
            entry(xml, "CustomUserData", e.customUserData());
        }
        return xml.append("</Attributes>").toString();
    }

    private static void entry(StringBuilder xml, String key, String value) {
        xml.append("<entry><key>").append(key).append("</key><value>").append(escape(value)).append("</value></entry>");
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /**
     * SetEndpointAttributes: the token replaced (the endpoint then found by its new token), enabled or disabled, its
     * user data; what is not named is kept. A token another endpoint of the application holds is refused, as SNS keeps
     * one endpoint per token.
     */
    private synchronized void setAttributes(String arn, Map<String, String> attributes) {
        Endpoint e = arn == null ? null : endpoints.get(arn);
        if (e == null) {
            throw new Refusal(404, "NotFound", "Endpoint does not exist");
        }
        if (attributes.isEmpty()) {
            throw new Refusal(400, "InvalidParameter", "Invalid parameter: Attributes Reason: no attributes given");
        }
        String token = normal(e.application(), attributes.getOrDefault("Token", e.token()));
        if (token.isEmpty()) {
            throw new Refusal(400, "InvalidParameter", "Invalid parameter: Token");
        }
        String holder = byToken.get(e.application() + "\n" + token);
        if (holder != null && !holder.equals(arn)) {
            throw new Refusal(400, "InvalidParameter", "Invalid parameter: Token Reason: Endpoint " + holder
                    + " already exists with the same Token");
        }
        String enabled = attributes.get("Enabled");
        if (enabled != null && !enabled.equalsIgnoreCase("true") && !enabled.equalsIgnoreCase("false")) {
            throw new Refusal(400, "InvalidParameter", "Invalid parameter: Attributes Reason: Enabled must be true or false");
        }
        byToken.remove(e.application() + "\n" + e.token());
        save(e.with(token, enabled == null ? e.enabled() : enabled.equalsIgnoreCase("true"),
                attributes.getOrDefault("CustomUserData", e.customUserData())));
    }

    /** SNS keeps an APNs token in lower case (GetEndpointAttributes answers it so): one token, whatever its case. */
    private static String normal(String application, String token) {
        return APNS_APPLICATION.equals(application) ? token.toLowerCase(java.util.Locale.ROOT) : token;
    }

    /** A map parameter as the Query protocol carries it: {@code Name.entry.N.key} and {@code Name.entry.N.value}. */
    private static Map<String, String> entries(Map<String, String> form, String name) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 1; form.containsKey(name + ".entry." + i + ".key"); i++) {
            out.put(form.get(name + ".entry." + i + ".key"), form.getOrDefault(name + ".entry." + i + ".value", ""));
        }
        return out;
    }

    private synchronized void delete(String arn) {
        Endpoint e = endpoints.remove(arn);
        if (e != null) {
            byToken.remove(e.application() + "\n" + e.token());
            ObjectNode line = JSON.createObjectNode().put("arn", arn).put("deleted", true);
            append(endpointsFile, line);
        }
    }

    /** A message attribute's string value, as the Query protocol carries it (MessageAttributes.entry.N.Name/Value). */
    private static String attribute(Map<String, String> form, String name) {
        for (int i = 1; form.containsKey("MessageAttributes.entry." + i + ".Name"); i++) {
            if (name.equals(form.get("MessageAttributes.entry." + i + ".Name"))) {
                return form.get("MessageAttributes.entry." + i + ".Value.StringValue");
            }
        }
        return null;
    }

    private synchronized String publish(String target, String message, String structure, String collapseId) {
        Endpoint e = target == null ? null : endpoints.get(target);
        if (e == null) {
            throw new Refusal(404, "NotFound", "Endpoint does not exist");
        }
        if (!e.enabled()) {
            throw new Refusal(400, "EndpointDisabled", "Endpoint is disabled");
        }
        if (e.token().startsWith("invalid")) {
            // What FCM answers for a token no longer registered: SNS disables the endpoint and refuses the push.
            save(e.with(e.token(), false, e.customUserData()));
            throw new Refusal(400, "EndpointDisabled", "Endpoint is disabled");
        }
        String platform = FCM_APPLICATION.equals(e.application()) ? "GCM" : "APNS";
        JsonNode payload;
        try {
            JsonNode all = JSON.readTree(message == null ? "" : message);
            JsonNode own = "json".equals(structure) ? all.get(platform) : all;
            if (own == null) {
                own = all.get("default");
            }
            payload = own != null && own.isTextual() ? JSON.readTree(own.asText()) : own;
        } catch (IOException ex) {
            throw new Refusal(400, "InvalidParameter", "Invalid parameter: Message");
        }
        Push p = new Push(e.arn(), platform, payload, clock.instant(), collapseId);
        ObjectNode line = JSON.createObjectNode().put("endpointArn", p.endpointArn()).put("platform", platform)
                .put("sentAt", p.sentAt().toString());
        if (collapseId != null) {
            line.put("collapseId", collapseId);
        }
        line.set("payload", payload);
        append(pushesFile, line);
        pushes.add(p);
        return UUID.randomUUID().toString();
    }

    private void save(Endpoint e) {
        ObjectNode line = JSON.createObjectNode().put("arn", e.arn()).put("application", e.application())
                .put("token", e.token()).put("enabled", e.enabled());
        if (e.customUserData() != null) {
            line.put("customUserData", e.customUserData());
        }
        append(endpointsFile, line);
        remember(e);
    }

    private void remember(Endpoint e) {
        endpoints.put(e.arn(), e);
        byToken.put(e.application() + "\n" + e.token(), e.arn());
    }

    private static void append(Path file, JsonNode line) {
        if (file == null) {
            return;
        }
        try {
            Files.writeString(file, JSON.writeValueAsString(line) + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    private List<JsonNode> lines(Path file) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        if (!Files.exists(file)) {
            return out;
        }
        Map<String, JsonNode> latest = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode n;
            try {
                n = JSON.readTree(line);
            } catch (IOException torn) {
                continue; // the last line of a write cut by kill -9: never answered, so never delivered
            }
            if (file.equals(endpointsFile)) {
                if (n.path("deleted").asBoolean()) {
                    latest.remove(n.get("arn").asText());
                } else {
                    latest.put(n.get("arn").asText(), n);
                }
            } else {
                out.add(n);
            }
        }
        return file.equals(endpointsFile) ? new ArrayList<>(latest.values()) : out;
    }

    private static String[] ok(String action, String result) {
        String id = UUID.randomUUID().toString();
        String inner = result == null ? "" : "<" + action + "Result>" + result + "</" + action + "Result>";
        return new String[] {"200", "<" + action + "Response xmlns=\"" + NS + "\">" + inner
                + "<ResponseMetadata><RequestId>" + id + "</RequestId></ResponseMetadata></" + action + "Response>"};
    }

    private static String[] error(int status, String code, String message) {
        return new String[] {Integer.toString(status), "<ErrorResponse xmlns=\"" + NS + "\"><Error><Type>Sender</Type><Code>"
                + code + "</Code><Message>" + message + "</Message></Error><RequestId>" + UUID.randomUUID()
                + "</RequestId></ErrorResponse>"};
    }

    private static final class Refusal extends RuntimeException {
        final int status;
        final String code;

        Refusal(int status, String code, String message) {
            super(message);
            this.status = status;
            this.code = code;
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
