package com.bigtimedeals.api;

import java.time.Instant;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.regex.Pattern;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.platform.ContractRules;
import com.bigtimedeals.platform.CursorCodec;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.Slug;
import com.bigtimedeals.service.IdempotencyKey;
import com.bigtimedeals.service.Keyed;

/** One request as an operation sees it: path, query, body and the caller. */
final class ApiRequest {
    /** The contract's page size when a list is asked for without {@code ?limit=}. */
    static final int DEFAULT_LIMIT = 25;
    /**
     * A whole number in its one canonical form (no sign, no leading zero: {@code 01} is refused, not read as 1), at
     * most as many digits as {@link DealStore#MAX_PAGE} has: a longer number is refused without parsing it.
     */
    private static final Pattern LIMIT = Pattern.compile("^[1-9][0-9]{0," + (Integer.toString(DealStore.MAX_PAGE).length() - 1) + "}$");

    private final APIGatewayV2HTTPEvent event;
    private final Caller caller;
    private final Instant now;
    private final JsonBody body;
    private final IdempotencyKey idempotencyKey;

    /** {@code body}: the body already read by the operation's declaration, null for a route that takes none. */
    ApiRequest(APIGatewayV2HTTPEvent event, Caller caller, Instant now, JsonBody body) {
        this(event, caller, now, body, null);
    }

    private ApiRequest(APIGatewayV2HTTPEvent event, Caller caller, Instant now, JsonBody body, IdempotencyKey key) {
        this.event = event;
        this.caller = caller;
        this.now = now;
        this.body = body;
        this.idempotencyKey = key;
    }

    /** The same request, its Idempotency-Key for the operation's service to run it under ({@link #idempotencyKey}). */
    ApiRequest carrying(IdempotencyKey key) {
        return new ApiRequest(event, caller, now, body, key);
    }

    /**
     * The request's Idempotency-Key, for an operation that carries it in its own requests
     * ({@code Operation#carriesIdempotencyKey}): its service runs the operation once under it and answers a typed
     * {@link Keyed} result; null when the request carries none.
     */
    IdempotencyKey idempotencyKey() {
        return idempotencyKey;
    }

    /**
     * The answer to a keyed operation's result, {@code render}ed as of the moment it speaks of (the first request's,
     * for a replay), marked as a replay when it is one: a retry gets the first request's answer again.
     */
    <T> Reply answer(Keyed<T> keyed, BiFunction<T, Instant, Reply> render) {
        Reply reply = render.apply(keyed.result(), keyed.asOf(now));
        return keyed.replayed() ? reply.replayed() : reply;
    }

    Instant now() {
        return now;
    }

    String username() {
        return caller.username();
    }

    /**
     * The versions an {@code If-Match} header admits, read as RFC 9110 13.1.1 says: {@code *} or absent is no guard
     * (null); otherwise a comma-separated list of entity tags, compared strongly, so a weak {@code W/"v3"} never
     * matches, and a well-formed tag this deal never had ({@code "v0"}, {@code "draft"}, {@code "a,b"}: a comma is
     * an etagc) matches no version and is refused as stale (412, with the deal as it stands). So is an empty list
     * (an empty header, {@code ,}): it names no tag, so none matches, and a client whose ETag came out empty must not
     * have its write run unguarded. Only a header that is no list of entity tags is a 400.
     */
    com.bigtimedeals.deals.VersionGuard ifMatch() {
        String h = HttpAnswers.header(event, "if-match");
        if (h == null || h.strip().equals("*")) {
            return null;
        }
        java.util.Set<Long> versions = new java.util.HashSet<>();
        int i = 0;
        int n = h.length();
        while (true) {
            // RFC 9110 5.6.1: OWS and empty elements between the commas are allowed and ignored.
            while (i < n && (h.charAt(i) == ',' || h.charAt(i) == ' ' || h.charAt(i) == '\t')) {
                i++;
            }
            if (i == n) {
                return new com.bigtimedeals.deals.VersionGuard(versions);
            }
            boolean weak = h.startsWith("W/", i);
            int open = weak ? i + 2 : i;
            int close = open < n && h.charAt(open) == '"' ? h.indexOf('"', open + 1) : -1;
            if (close < 0 || !etagChars(h, open + 1, close)) {
                throw notAnEntityTagList();
            }
            Long version = weak ? null : taggedVersion(h.substring(open + 1, close));
            if (version != null) {
                versions.add(version);
            }
            i = close + 1;
            while (i < n && (h.charAt(i) == ' ' || h.charAt(i) == '\t')) {
                i++;
            }
            if (i < n && h.charAt(i) != ',') {
                throw notAnEntityTagList();
            }
        }
    }

    private static DomainException notAnEntityTagList() {
        return DomainException.invalid("If-Match", "If-Match must be the deal's ETag, such as \"v3\"");
    }

    /** RFC 9110's etagc: any visible character but the double quote, or obs-text. */
    private static boolean etagChars(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c == '"' || c < 0x21 || c == 0x7F) {
                return false;
            }
        }
        return true;
    }

    /** The n of a {@code v<n>} tag as this API writes them (1 and up, no leading zero); null for any other tag. */
    private static Long taggedVersion(String tag) {
        if (tag.length() < 2 || tag.length() > 19 || tag.charAt(0) != 'v' || tag.charAt(1) == '0') {
            return null;
        }
        for (int i = 1; i < tag.length(); i++) {
            if (tag.charAt(i) < '0' || tag.charAt(i) > '9') {
                return null;
            }
        }
        return Long.parseLong(tag.substring(1));
    }

    /** Whether the signed-in caller is in the editors group. */
    boolean isEditor() {
        return caller.isEditor();
    }

    private String path(String name) {
        Map<String, String> p = event.getPathParameters();
        return p == null ? null : wellFormed(name, p.get(name));
    }

    /** A path or query parameter is text the client sent, refused like a body field when it is not Unicode. */
    private static String wellFormed(String name, String value) {
        if (value != null && !ContractRules.isWellFormed(value)) {
            throw DomainException.invalid(name, name + " is not valid Unicode text: it holds a lone surrogate");
        }
        return value;
    }

    /**
     * A brand or category id from the path. One that cannot be a slug names nothing that exists: 404,
     * without asking DynamoDB.
     */
    String slug(String name, String what) {
        String v = path(name);
        if (!Slug.isValid(v)) {
            throw DomainException.notFound(what + " not found");
        }
        return v;
    }

    /** A deal, message or blast id from the path; one that is not a KSUID names nothing: 404. */
    String ksuid(String name, String what) {
        String v = path(name);
        if (!Ids.isValid(v)) {
            throw DomainException.notFound(what + " not found");
        }
        return v;
    }

    /** A comment id from the path (a top-level comment's or a reply's); anything else names nothing: 404. */
    String commentId() {
        String v = path("commentId");
        if (!Ids.isCommentId(v)) {
            throw DomainException.notFound("comment not found");
        }
        return v;
    }

    private String query(String name) {
        Map<String, String> q = event.getQueryStringParameters();
        return q == null ? null : wellFormed(name, q.get(name));
    }

    /** {@code ?limit=}: an integer from 1 to {@link DealStore#MAX_PAGE}, {@link #DEFAULT_LIMIT} when absent. */
    int limit() {
        String v = query("limit");
        if (v == null) {
            return DEFAULT_LIMIT;
        }
        if (!LIMIT.matcher(v).matches() || Integer.parseInt(v) > DealStore.MAX_PAGE) {
            throw DomainException.invalid("limit", "limit must be a whole number from 1 to " + DealStore.MAX_PAGE + ", without leading zeros");
        }
        return Integer.parseInt(v);
    }

    /** {@code ?cursor=}: opaque; the store checks that it was made for this list. */
    String cursor() {
        String v = query("cursor");
        if (v == null) {
            return null;
        }
        if (v.isEmpty() || v.length() > CursorCodec.MAX_CURSOR_CHARS) {
            throw DomainException.invalid("cursor", "cursor is not valid for this list");
        }
        return v;
    }

    /**
     * A comma-separated list of 1 to {@code max} deal ids in the query ({@code ?dealIds=a,b}; API Gateway joins a
     * repeated parameter the same way). Repeats count once. Missing, empty, too many, or one that is not a deal id: 400.
     */
    java.util.List<String> ksuids(String name, int max) {
        String v = query(name);
        if (v == null || v.isEmpty()) {
            throw DomainException.invalid(name, name + " must name 1 to " + max + " deal ids, comma-separated");
        }
        String[] parts = v.split(",", -1);
        if (parts.length > max) {
            throw DomainException.invalid(name, name + " must name 1 to " + max + " deal ids, comma-separated");
        }
        java.util.Set<String> ids = new java.util.LinkedHashSet<>();
        for (String id : parts) {
            if (!Ids.isValid(id)) {
                throw DomainException.invalid(name, name + " must name 1 to " + max + " deal ids, comma-separated");
            }
            ids.add(id);
        }
        return java.util.List.copyOf(ids);
    }

    /** {@code ?window=}: day (the default), week or month. */
    com.bigtimedeals.deals.HottestWindow window() {
        return com.bigtimedeals.deals.HottestWindow.parse(query("window"));
    }

    /** A required query parameter of at most {@code maxChars} characters; its rules are the caller's to apply. */
    String text(String name, int maxChars) {
        String v = query(name);
        if (v == null || v.length() > maxChars) {
            throw DomainException.invalid(name, name + " is required, at most " + maxChars + " characters");
        }
        return v;
    }

    boolean flag(String name) {
        String v = query(name);
        if (v == null || v.equals("false")) {
            return false;
        }
        if (v.equals("true")) {
            return true;
        }
        throw DomainException.invalid(name, name + " must be true or false");
    }

    /** The body, read and checked by the operation's {@code RequestBody} before the operation ran. */
    JsonBody body() {
        if (body == null) {
            throw new IllegalStateException("this operation declares no RequestBody");
        }
        return body;
    }
}
