package com.bigtimedeals.api;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import com.bigtimedeals.topology.HttpConventions;

/**
 * What an operation answers: a status, the JSON body's text (null for none), the next moment the answer changes by
 * itself (a deal in it expires; null for never), and headers of its own (a 401's challenge). The headers every answer
 * carries (request id, caching, compression) are added centrally, by {@link HttpAnswers}.
 */
record Reply(int status, String body, Instant changesAt, Map<String, String> headers) {
    Reply(int status, JsonObject body) {
        this(status, body == null ? null : body.toJson(), body == null ? null : body.changesAt(), Map.of());
    }

    static Reply ok(JsonObject body) {
        return new Reply(200, body);
    }

    static Reply created(JsonObject body) {
        return new Reply(201, body);
    }

    static Reply noContent() {
        return new Reply(204, (JsonObject) null);
    }

    /**
     * This answer given again to a repeat of the request that first got it (same Idempotency-Key): marked as such,
     * and without {@code changesAt}, which was the first answer's to give.
     */
    Reply replayed() {
        Map<String, String> marked = new HashMap<>(headers);
        marked.put(HttpConventions.IDEMPOTENT_REPLAYED, "true");
        return new Reply(status, body, null, Map.copyOf(marked));
    }
}
