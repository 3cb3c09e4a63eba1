package com.bigtimedeals.local;

import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;

/** A request to the local API as the stack tests send it: a bearer token if given, a JSON body if given. */
final class ApiRequests {
    private ApiRequests() {
    }

    static HttpRequest.Builder builder(String base, String method, String path, String token, String body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        return b;
    }
}
