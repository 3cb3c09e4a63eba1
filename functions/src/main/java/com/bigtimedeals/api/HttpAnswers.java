package com.bigtimedeals.api;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.HttpConventions;
import com.bigtimedeals.topology.Route;

/**
 * What every answer carries, decided here once from the route table rather than by each operation: the request id;
 * {@code Cache-Control} (public GETs may be kept for {@link HttpConventions#PUBLIC_MAX_AGE_SECONDS}, never past the next
 * moment a deal in the answer expires; everything signed-in is {@code no-store}); an {@code ETag} on every public GET
 * and a 304 when {@code If-None-Match} names it; gzip for bodies over {@link #COMPRESS_OVER_BYTES} when the client
 * accepts it (API Gateway HTTP APIs do not compress); {@code Retry-After} on 503; no {@code Content-Type} without a
 * body.
 */
final class HttpAnswers {
    /** Bodies above this many bytes are sent gzipped to a client that accepts it; below, gzip saves too little. */
    static final int COMPRESS_OVER_BYTES = 1024;

    private HttpAnswers() {
    }

    static APIGatewayV2HTTPResponse write(Route route, APIGatewayV2HTTPEvent event, Reply reply, String requestId,
                                          Instant now) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(HttpConventions.REQUEST_ID, requestId);
        headers.putAll(reply.headers());
        int status = reply.status();
        String body = reply.body();
        if (route != null && route.access() == Access.PUBLIC && "GET".equals(route.method())) {
            // Caches keep one copy per encoding: a gzipped answer must never reach a client that did not ask for it.
            headers.put("Vary", "Accept-Encoding");
            if (status == 200) {
                headers.put("Cache-Control", "public, max-age=" + maxAge(reply.changesAt(), now));
                String tag = HttpConventions.entityTag(sha256(body));
                headers.put("ETag", tag);
                if (HttpConventions.matches(header(event, "if-none-match"), tag)) {
                    status = 304;
                    body = null;
                }
            } else {
                // An error is never served from a cache: the next request asks again.
                headers.put("Cache-Control", "public, max-age=0");
            }
        } else {
            headers.put("Cache-Control", "no-store");
        }
        if (status == 503 || status == 429) {
            headers.put("Retry-After", Integer.toString(HttpConventions.RETRY_AFTER_SECONDS));
        }
        APIGatewayV2HTTPResponse.APIGatewayV2HTTPResponseBuilder response = APIGatewayV2HTTPResponse.builder()
                .withStatusCode(status).withIsBase64Encoded(false);
        if (body != null) {
            headers.put("content-type", "application/json");
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            if (bytes.length > COMPRESS_OVER_BYTES && acceptsGzip(header(event, "accept-encoding"))) {
                headers.put("Content-Encoding", "gzip");
                response.withBody(Base64.getEncoder().encodeToString(gzip(bytes))).withIsBase64Encoded(true);
            } else {
                response.withBody(body);
            }
        }
        return response.withHeaders(headers).build();
    }

    /** The route's max-age, cut to the seconds left until the answer changes by itself. */
    static long maxAge(Instant changesAt, Instant now) {
        long maxAge = HttpConventions.PUBLIC_MAX_AGE_SECONDS;
        if (changesAt != null) {
            maxAge = Math.max(0, Math.min(maxAge, Duration.between(now, changesAt).getSeconds()));
        }
        return maxAge;
    }

    /**
     * Whether {@code Accept-Encoding} allows gzip: named (or {@code x-gzip}) with a q-value above 0, or {@code *}
     * above 0 with gzip not refused by name.
     */
    static boolean acceptsGzip(String acceptEncoding) {
        if (acceptEncoding == null) {
            return false;
        }
        Boolean named = null;
        boolean any = false;
        for (String part : acceptEncoding.split(",")) {
            String[] pieces = part.trim().split(";");
            String coding = pieces[0].trim().toLowerCase(Locale.ROOT);
            boolean allowed = true;
            for (int i = 1; i < pieces.length; i++) {
                String p = pieces[i].trim().toLowerCase(Locale.ROOT);
                if (p.startsWith("q=")) {
                    try {
                        allowed = Double.parseDouble(p.substring(2)) > 0;
                    } catch (NumberFormatException e) {
                        allowed = false;
                    }
                }
            }
            if (coding.equals("gzip") || coding.equals("x-gzip")) {
                named = allowed;
            } else if (coding.equals("*")) {
                any = allowed;
            }
        }
        return named != null ? named : any;
    }

    private static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 4 + 64);
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static byte[] sha256(String body) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(body.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /** Header names arrive lower-cased in payload format 2.0. */
    static String header(APIGatewayV2HTTPEvent event, String name) {
        return event.getHeaders() == null ? null : event.getHeaders().get(name);
    }
}
