package com.bigtimedeals.clients;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.zip.GZIPInputStream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;

/**
 * A proxy in front of the local stack that answers as a later version of the API might: every JSON object in every
 * answer gains a field, every error code is one no client knows yet, and so is every vote (the caller's vote, and each
 * vote of GET /me/votes: a value added to an open list), and every value of the other open lists answers carry
 * ({@link #OPEN_LISTS}: a message's kind, a device's platform, a history event's action, a report's reason). A client
 * generated from today's document must read all of it.
 */
final class AddedFieldsProxy implements AutoCloseable {
    static final String ADDED_FIELD = "addedLater";
    static final String UNKNOWN_CODE = "A_CODE_ADDED_LATER";
    static final String UNKNOWN_VOTE = "a-vote-added-later";
    /** What every field of {@link #OPEN_LISTS} becomes. */
    static final String UNKNOWN_VALUE = "a-value-added-later";
    /**
     * The answers' fields whose values are an open list (docs/openapi.yaml: a string with x-known-values, "More may be
     * added"), other than the votes and the error code above: Message.kind, Device.platform, DealEvent.action, and
     * Report's and ReportByUser's reason.
     */
    static final Set<String> OPEN_LISTS = Set.of("kind", "platform", "action", "reason");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> HOP_BY_HOP = Set.of("connection", "content-length", "host", "transfer-encoding",
            "content-encoding", "keep-alive", "upgrade", "expect");

    private final HttpServer server;
    private final HttpClient client = HttpClient.newHttpClient();

    AddedFieldsProxy(String upstream) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            try (exchange) {
                HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(upstream + exchange.getRequestURI()));
                exchange.getRequestHeaders().forEach((name, values) -> {
                    if (!HOP_BY_HOP.contains(name.toLowerCase(Locale.ROOT))) {
                        values.forEach(v -> request.header(name, v));
                    }
                });
                byte[] body = exchange.getRequestBody().readAllBytes();
                request.method(exchange.getRequestMethod(), body.length == 0 ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
                HttpResponse<byte[]> answer;
                try {
                    answer = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException(e);
                }
                byte[] out = answer.body();
                if (answer.headers().firstValue("content-encoding").orElse("").equals("gzip")) {
                    out = new GZIPInputStream(new ByteArrayInputStream(out)).readAllBytes();
                }
                if (answer.headers().firstValue("content-type").orElse("").startsWith("application/json") && out.length > 0) {
                    JsonNode tree = JSON.readTree(out);
                    addFields(tree);
                    out = JSON.writeValueAsBytes(tree);
                }
                answer.headers().map().forEach((name, values) -> {
                    if (!HOP_BY_HOP.contains(name.toLowerCase(Locale.ROOT)) && !name.startsWith(":")) {
                        exchange.getResponseHeaders().put(name, List.copyOf(values));
                    }
                });
                boolean empty = out.length == 0 || answer.statusCode() == 204 || answer.statusCode() == 304;
                exchange.sendResponseHeaders(answer.statusCode(), empty ? -1 : out.length);
                if (!empty) {
                    try (OutputStream o = exchange.getResponseBody()) {
                        o.write(out);
                    }
                }
            }
        });
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private static void addFields(JsonNode node) {
        if (node instanceof ObjectNode o) {
            // GET /me/votes' map: deal id to vote. Its keys are ids, so it gains no field; its values become a vote
            // added later.
            JsonNode votes = o.get("votes");
            if (votes instanceof ObjectNode byDeal) {
                byDeal.fieldNames().forEachRemaining(id -> byDeal.put(id, UNKNOWN_VOTE));
            }
            o.fields().forEachRemaining(f -> {
                if (f.getKey().equals("changes") && f.getValue() instanceof ObjectNode changes) {
                    // A history event's changes: deal field name to {from, to}. Its keys are the deal's fields, so it
                    // gains no field (a later API's would be one more {from, to}); each change does.
                    changes.forEach(AddedFieldsProxy::addFields);
                } else if (!f.getKey().equals("votes")) {
                    addFields(f.getValue());
                }
            });
            if (o.has("message") && o.has("code")) {
                o.put("code", UNKNOWN_CODE);
            }
            if (o.path("myVote").isTextual()) {
                o.put("myVote", UNKNOWN_VOTE);
            }
            for (String open : OPEN_LISTS) {
                if (o.path(open).isTextual()) {
                    o.put(open, UNKNOWN_VALUE);
                }
            }
            o.putObject(ADDED_FIELD).put("since", "a later version").putArray("values").add(1);
        } else if (node.isArray()) {
            node.forEach(AddedFieldsProxy::addFields);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
