package com.bigtimedeals.local;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.devices.DeviceStore;
import com.bigtimedeals.platform.Table;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code GET /_local/pushes?username=U} (api.md, "Devices and push"; the local stack only, no token): what the SNS
 * stand-in delivered to the user's devices, oldest first. A delivery is the user's when it went to the endpoint of a
 * device of theirs while that device was registered (so a token that moved to another account is counted for each
 * account in its own time).
 */
final class LocalPushes {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final LocalSns sns;
    private final DeviceStore devices;

    LocalPushes(LocalSns sns, Table table) {
        this.sns = sns;
        this.devices = new DeviceStore(table);
    }

    Gateway.Answer answer(String rawQuery) {
        String username = null;
        for (String pair : rawQuery == null ? new String[0] : rawQuery.split("&")) {
            if (pair.startsWith("username=")) {
                username = URLDecoder.decode(pair.substring("username=".length()), StandardCharsets.UTF_8);
            }
        }
        if (username == null || username.isBlank() || username.length() > 128) {
            return Gateway.message(400, "username is required");
        }
        Map<String, List<DeviceStore.History>> byEndpoint = new HashMap<>();
        for (DeviceStore.History h : devices.history(username)) {
            if (h.device().endpointArn() != null) {
                byEndpoint.computeIfAbsent(h.device().endpointArn(), k -> new ArrayList<>()).add(h);
            }
        }
        ObjectNode out = JSON.createObjectNode();
        ArrayNode list = out.putArray("pushes");
        List<LocalSns.Push> pushes = new ArrayList<>(sns.pushesTo(byEndpoint.keySet()));
        pushes.sort(Comparator.comparing(LocalSns.Push::sentAt));
        for (LocalSns.Push p : pushes) {
            DeviceStore.History owner = null;
            for (DeviceStore.History h : byEndpoint.get(p.endpointArn())) {
                Instant until = h.removedAt() == null ? Instant.MAX : h.removedAt();
                if (!p.sentAt().isBefore(h.device().createdAt()) && p.sentAt().isBefore(until)) {
                    owner = h;
                }
            }
            if (owner == null) {
                continue;
            }
            Map<String, String> fields = fields(p);
            ObjectNode n = list.addObject().put("deviceId", owner.device().id())
                    .put("platform", owner.device().platform().wire());
            fields.forEach(n::put);
            n.put("sentAt", p.sentAt().toString());
        }
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("content-type", "application/json");
        return new Gateway.Answer(200, headers, out.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** kind, title, body, messageId, dealId from the platform's own payload (FCM's data and notification, APNs' aps). */
    private static Map<String, String> fields(LocalSns.Push p) {
        JsonNode payload = p.payload() == null ? JSON.createObjectNode() : p.payload();
        JsonNode data = "GCM".equals(p.platform()) ? payload.path("data") : payload;
        JsonNode note = "GCM".equals(p.platform()) ? payload.path("notification") : payload.path("aps").path("alert");
        Map<String, String> f = new LinkedHashMap<>();
        f.put("kind", text(data, "kind"));
        f.put("title", text(note, "title"));
        f.put("body", text(note, "body"));
        f.put("messageId", text(data, "messageId"));
        f.put("dealId", text(data, "dealId"));
        return f;
    }

    private static String text(JsonNode n, String name) {
        JsonNode v = n.get(name);
        return v == null || v.isNull() ? null : v.asText();
    }
}
