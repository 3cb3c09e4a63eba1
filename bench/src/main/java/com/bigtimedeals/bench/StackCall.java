package com.bigtimedeals.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.IntPredicate;

/** One request to the local stack as the bench's clients send it: a JSON body, a bearer token, a bound on the wait. */
final class StackCall {
    private StackCall() {
    }

    /** The answer's body; a status {@code accepted} refuses stops the measurement, since its figures would be wrong. */
    static String call(HttpClient http, String base, String method, String path, String token, String body, Duration timeout,
            IntPredicate accepted) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(timeout)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        if (!accepted.test(r.statusCode())) {
            throw new IllegalStateException(method + " " + path + " answered " + r.statusCode() + ": " + r.body());
        }
        return r.body();
    }
}
