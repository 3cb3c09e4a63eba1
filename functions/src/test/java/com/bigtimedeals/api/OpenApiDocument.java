package com.bigtimedeals.api;

import java.util.List;

import com.bigtimedeals.catalogue.FeaturedList;
import com.bigtimedeals.community.ReportReason;
import com.bigtimedeals.community.Vote;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.HottestWindow;
import com.bigtimedeals.inbox.AlertStore;
import com.bigtimedeals.inbox.InboxStore;
import com.bigtimedeals.inbox.MessageKind;
import com.bigtimedeals.platform.ContractRules;
import com.bigtimedeals.platform.Slug;
import com.bigtimedeals.platform.Words;
import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.BodyField;
import com.bigtimedeals.topology.HttpConventions;
import com.bigtimedeals.topology.Operation;
import com.bigtimedeals.topology.RequestBody;
import com.bigtimedeals.topology.Route;
import com.bigtimedeals.topology.RouteTable;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The OpenAPI 3.0 description of the contract, built from the route table and the contract's rules so that no
 * route or limit is written a second time: docs/openapi.yaml is this document, and OpenApiDocumentTest fails
 * when they differ. It lives in test scope: the Lambda functions never need it.
 */
final class OpenApiDocument {
    /** Generated clients name their API classes after tags: one per audience, so the mobile app never sees CMS calls. */
    static String tag(Access access) {
        return switch (access) {
            case PUBLIC -> "public";
            case USER -> "user";
            case EDITOR -> "cms";
        };
    }

    private OpenApiDocument() {
    }

    private static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    static ObjectNode build() {
        ObjectNode doc = object();
        doc.put("openapi", "3.0.3");
        ObjectNode info = doc.putObject("info");
        info.put("title", "Big Time Deals API");
        info.put("version", "1.0.0");
        info.put("description", "The HTTP contract of Big Time Deals for the mobile app and the editors' CMS. "
                + "Every instant is UTC with whole seconds (2026-11-20T13:42:26Z). Every error body is a JSON object "
                + "with a message. Generated from RouteTable by OpenApiDocument (functions/src/test); do not edit by hand.");
        ArrayNode servers = doc.putArray("servers");
        servers.addObject().put("url", "http://127.0.0.1:3000")
                .put("description", "The local stack (./bigtimedeals run; PORT moves it). Deployed, the API is at the "
                        + "stack's ApiUrl output: give it to your client as its base URL");
        ArrayNode tags = doc.putArray("tags");
        tags.addObject().put("name", tag(Access.PUBLIC)).put("description", "Public reads; no token");
        tags.addObject().put("name", tag(Access.USER)).put("description", "The signed-in user's own data, likes, watches and alerts");
        tags.addObject().put("name", tag(Access.EDITOR)).put("description", "The editors' CMS; needs the group editors");
        ObjectNode paths = doc.putObject("paths");
        for (Route route : RouteTable.ROUTES) {
            ObjectNode item = paths.has(route.path()) ? (ObjectNode) paths.get(route.path()) : paths.putObject(route.path());
            item.set(route.method().toLowerCase(), operation(route));
        }
        ObjectNode components = doc.putObject("components");
        components.putObject("securitySchemes").putObject("cognitoJwt")
                .put("type", "http").put("scheme", "bearer").put("bearerFormat", "JWT")
                .put("description", "Cognito access token; CMS routes also need the group 'editors'.");
        components.set("responses", sharedResponses());
        components.set("headers", headers());
        components.set("parameters", sharedParameters());
        components.set("schemas", schemas());
        return doc;
    }

    private static ObjectNode operation(Route route) {
        Operation operation = route.operation();
        ObjectNode op = object();
        op.put("operationId", camel(operation.name()));
        op.put("summary", route.summary());
        op.put("description", operation.description());
        op.putArray("tags").add(tag(route.access()));
        op.put("x-access", route.access().name().toLowerCase());
        ArrayNode security = op.putArray("security");
        if (route.access() != Access.PUBLIC) {
            security.addObject().putArray("cognitoJwt");
        }
        ArrayNode params = JsonNodeFactory.instance.arrayNode();
        for (String p : route.pathParameters()) {
            ObjectNode param = params.addObject();
            param.put("name", p).put("in", "path").put("required", true);
            param.set("schema", p.equals("brandId") || p.equals("categoryId") ? slug() : p.equals("commentId") ? commentId() : ksuid());
        }
        boolean paged = isPaged(operation);
        if (paged) {
            ObjectNode limit = params.addObject().put("name", "limit").put("in", "query").put("required", false)
                    .put("description", "Page size");
            limit.putObject("schema").put("type", "integer").put("minimum", 1).put("maximum", DealStore.MAX_PAGE)
                    .put("default", ApiRequest.DEFAULT_LIMIT);
            ObjectNode cursor = params.addObject().put("name", "cursor").put("in", "query").put("required", false)
                    .put("description", "nextCursor of the previous page; opaque and bound to this list");
            // Nullable, so that a page's nextCursor (null on the last page) can be passed straight back under strict
            // typing; a client leaves a null parameter out of the query.
            cursor.putObject("schema").put("type", "string").put("nullable", true).put("minLength", 1)
                    .put("maxLength", com.bigtimedeals.platform.CursorCodec.MAX_CURSOR_CHARS);
        }
        if (operation == Operation.LIST_MY_VOTES) {
            ObjectNode ids = params.addObject().put("name", "dealIds").put("in", "query").put("required", true)
                    .put("description", "1 to " + VotesHandler.MAX_DEAL_IDS + " deal ids, comma-separated");
            ids.putObject("schema").put("type", "string").put("minLength", 27)
                    .put("pattern", "^[0-9A-Za-z]{27}(,[0-9A-Za-z]{27}){0," + (VotesHandler.MAX_DEAL_IDS - 1) + "}$");
        }
        if (operation == Operation.LIST_HOTTEST_DEALS) {
            ObjectNode window = params.addObject().put("name", "window").put("in", "query").put("required", false)
                    .put("description", "day: created within 24 hours; week: 7 days; month: 30 days");
            ObjectNode schema = window.putObject("schema").put("type", "string").put("default", HottestWindow.DAY.wire());
            ArrayNode names = schema.putArray("enum");
            for (HottestWindow w : HottestWindow.values()) {
                names.add(w.wire());
            }
        }
        if (operation == Operation.SEARCH_DEALS) {
            params.insert(0, object().put("name", "q").put("in", "query").put("required", true)
                    .put("description", "1 to " + Words.MAX_WORDS + " words separated by spaces, each " + Words.MIN_LENGTH
                            + " to " + Words.MAX_LENGTH + " letters or digits; matched as whole words, case-insensitively")
                    .set("schema", string(1, Words.MAX_TEXT)));
        }
        if (operation == Operation.LIST_MESSAGES) {
            params.addObject().put("name", "unread").put("in", "query").put("required", false)
                    .put("description", "true lists only unread messages")
                    .putObject("schema").put("type", "boolean");
        }
        boolean publicGet = route.access() == Access.PUBLIC && route.method().equals("GET");
        boolean post = route.method().equals("POST");
        if (publicGet) {
            params.addObject().put("$ref", "#/components/parameters/IfNoneMatch");
        }
        if (post) {
            params.addObject().put("$ref", "#/components/parameters/IdempotencyKey");
        }
        if (operation == Operation.CORRECT_DEAL) {
            params.addObject().put("name", "If-Match").put("in", "header").put("required", false)
                    .put("description", "The deal's ETag (\"v<version>\", from GET /cms/deals/{dealId} or the last "
                            + "correction), or a list of entity tags compared strongly (RFC 9110): the correction is made only "
                            + "while the deal is at a version it names, else 412 (an empty list too); a header that is no list of "
                            + "entity tags is a 400. Any entity-tag list is accepted, so the schema states no pattern")
                    .putObject("schema").put("type", "string");
        }
        if (!params.isEmpty()) {
            op.set("parameters", params);
        }
        String body = operation.body() == null ? null : operation.body().schemaName();
        if (body != null) {
            ObjectNode rb = op.putObject("requestBody");
            rb.put("required", true);
            rb.putObject("content").putObject("application/json").set("schema", ref(body));
        }
        ObjectNode responses = op.putObject("responses");
        for (Success success : successes(operation)) {
            ObjectNode ok = responses.putObject(Integer.toString(success.status()));
            ok.put("description", success.description());
            ObjectNode headers = ok.putObject("headers");
            headers.set(HttpConventions.REQUEST_ID, headerRef("RequestId"));
            headers.set("Cache-Control", headerRef(publicGet ? "PublicCacheControl" : "NoStore"));
            if (publicGet) {
                headers.set("ETag", headerRef("ETag"));
                headers.set("Vary", headerRef("Vary"));
            }
            if (post) {
                headers.set(HttpConventions.IDEMPOTENT_REPLAYED, headerRef("IdempotentReplayed"));
            }
            if (operation == Operation.CORRECT_DEAL || operation == Operation.GET_EDITED_DEAL) {
                headers.set("ETag", object().put("description", "\"v<version>\": what If-Match sends back")
                        .set("schema", object().put("type", "string")));
            }
            if (success.schema() != null) {
                ok.putObject("content").putObject("application/json").set("schema", ref(success.schema()));
            }
        }
        if (publicGet) {
            shared(responses, "304", "NotModified");
        }
        // Any route: a body on a route that takes none is refused like an unknown field.
        errorBody(responses, "400", "Invalid input (a parameter, the body, or a body sent to a route that takes none); "
                + "nothing was written");
        if (route.access() != Access.PUBLIC) {
            shared(responses, "401", "Unauthorized");
        }
        if (route.access() == Access.EDITOR) {
            shared(responses, "403", "Forbidden");
        }
        if (operation == Operation.POST_COMMENT || operation == Operation.REPORT_DEAL) {
            errorBody(responses, "403", "The caller has no profile yet (POST /me first)");
        }
        if (operation == Operation.DELETE_COMMENT) {
            errorBody(responses, "403", "Neither the comment's author nor an editor");
        }
        if (!route.pathParameters().isEmpty() || operation == Operation.GET_PROFILE
                || operation == Operation.BLAST_HOT_DEAL || operation == Operation.CREATE_ALERT) {
            errorBody(responses, "404", "Not found");
        }
        if (operation == Operation.CREATE_BRAND || operation == Operation.CREATE_CATEGORY
                || operation == Operation.CREATE_PROFILE) {
            errorBody(responses, "409", "Already exists" + (post ? "; or the first request with this Idempotency-Key is "
                    + "still running (code IDEMPOTENCY_KEY_IN_USE): retry after Retry-After" : ""));
        } else if (post) {
            shared(responses, "409", "IdempotencyKeyInUse");
        }
        if (operation == Operation.CREATE_DEAL || operation == Operation.CORRECT_DEAL) {
            errorBody(responses, "409", "A live deal (neither expired nor taken down) has this link, compared after "
                    + "normalising (scheme and host lowercase, no fragment, no utm_* parameters, no trailing / on the path): "
                    + "code duplicate, dealId names that deal and deal carries its id, title and link; nothing was written");
        }
        if (operation == Operation.DELETE_BRAND || operation == Operation.DELETE_CATEGORY) {
            errorBody(responses, "409", "A deal names it (live, expired or taken down); nothing was deleted");
        }
        if (operation == Operation.CORRECT_DEAL) {
            ObjectNode stale = errorBody(responses, "412", "If-Match names no version the deal is at (code stale): "
                    + "current is the deal as it stands; nothing was written");
            stale.putObject("content").putObject("application/json").set("schema", ref("StaleError"));
        }
        if (body != null) {
            shared(responses, "413", "TooLarge");
        }
        // Any request that carries a body must be JSON, whatever the route (../shared/design/api.md).
        shared(responses, "415", "UnsupportedMediaType");
        if (post) {
            shared(responses, "422", "IdempotencyKeyReused");
        }
        shared(responses, "429", "TooManyRequests");
        shared(responses, "500", "InternalError");
        shared(responses, "503", "ServiceUnavailable");
        return op;
    }

    private record Success(int status, String description, String schema) {
    }

    /** What a route answers when it works: exhaustive, so a new Operation cannot be left out of the document. */
    private static List<Success> successes(Operation op) {
        return switch (op) {
            case GET_FRONT_PAGE -> List.of(new Success(200, "Featured and latest deals; nextCursor continues in GET /deals", "FrontPage"));
            case LIST_DEALS, LIST_BRAND_DEALS, LIST_CATEGORY_DEALS -> List.of(new Success(200, "A page of deals, newest first", "DealPage"));
            case LIST_HOT_DEALS -> List.of(new Success(200, "A page of hot deals, the most recently turned hot first", "DealPage"));
            case LIST_HOTTEST_DEALS -> List.of(new Success(200, "At most 50 deals, highest temperature first", "HottestDeals"));
            case CAST_VOTE -> List.of(new Success(200, "The deal's temperature with the caller's vote", "VoteAnswer"));
            case WITHDRAW_VOTE -> List.of(new Success(200, "The deal's temperature without the caller's vote", "VoteAnswer"));
            case LIST_MY_VOTES -> List.of(new Success(200, "The caller's votes, only on the deals voted on", "MyVotes"));
            case GET_DEAL -> List.of(new Success(200, "The deal, with its price history", "DealDetail"));
            case GET_EDITORS_CHOICE, SET_FRONT_PAGE_FEATURED, SET_EDITORS_CHOICE -> List.of(new Success(200, "The featured deals, in order", "Featured"));
            case LIST_BRANDS -> List.of(new Success(200, "Every brand, by name ignoring case", "BrandList"));
            case GET_BRAND, UNLIKE_BRAND, UNWATCH_BRAND -> List.of(new Success(200, "The brand", "Brand"));
            case LIKE_BRAND, WATCH_BRAND -> List.of(new Success(200, "Already so; counts unchanged", "Brand"),
                    new Success(201, "Newly liked or watched", "Brand"));
            case LIST_CATEGORIES -> List.of(new Success(200, "Every category", "CategoryList"));
            case GET_CATEGORY, UNLIKE_CATEGORY, UNWATCH_CATEGORY, SET_CATEGORY_FEATURED -> List.of(new Success(200, "The category", "Category"));
            case LIKE_CATEGORY, WATCH_CATEGORY -> List.of(new Success(200, "Already so; counts unchanged", "Category"),
                    new Success(201, "Newly liked or watched", "Category"));
            case CREATE_PROFILE -> List.of(new Success(201, "The new profile", "User"));
            case GET_PROFILE -> List.of(new Success(200, "The caller's profile", "User"));
            case GET_BRAND_FOLLOW_STATE, GET_CATEGORY_FOLLOW_STATE -> List.of(new Success(200, "Whether the caller likes and watches it", "FollowState"));
            case LIST_MESSAGES -> List.of(new Success(200, "A page of messages, newest first", "MessagePage"));
            case MARK_MESSAGE_READ -> List.of(new Success(204, "Read (also when it already was)", null));
            case LIST_FOLLOWS -> List.of(new Success(200, "Followed brands and categories, each by name", "Follows"));
            case SAVE_DEAL -> List.of(new Success(200, "Saved (again: the first savedAt)", "Saved"));
            case UNSAVE_DEAL -> List.of(new Success(204, "Unsaved (also when it was not saved)", null));
            case LIST_SAVED -> List.of(new Success(200, "A page of saved deals, the most recently saved first", "SavedDealPage"));
            case REGISTER_DEVICE -> List.of(new Success(200, "This token was the caller's already: that device", "Device"),
                    new Success(201, "The new device", "Device"));
            case LIST_DEVICES -> List.of(new Success(200, "The caller's devices, newest first", "DeviceList"));
            case REMOVE_DEVICE -> List.of(new Success(204, "Removed (also when it already was)", null));
            case GET_NOTIFICATIONS -> List.of(new Success(200, "The caller's notification settings", "NotificationSettings"));
            case PUT_NOTIFICATIONS -> List.of(new Success(200, "The settings as stored now", "NotificationSettings"));
            case COUNT_UNREAD_MESSAGES -> List.of(new Success(200, "Unread messages: exact up to 99, 100 means 100 or more", "UnreadCount"));
            case TAKE_DOWN_DEAL -> List.of(new Success(204, "Taken down (also when it already was)", null));
            case DELETE_ACCOUNT -> List.of(new Success(204, "Deleted (also when it already was); follows and inbox follow within the stream delay", null));
            case CREATE_BRAND -> List.of(new Success(201, "The new brand", "Brand"));
            case CREATE_CATEGORY -> List.of(new Success(201, "The new category", "Category"));
            case CREATE_DEAL -> List.of(new Success(201, "The new deal", "Deal"));
            case CORRECT_DEAL -> List.of(new Success(200, "The corrected deal, with its new version (and ETag)", "EditedDeal"));
            case GET_EDITED_DEAL -> List.of(new Success(200, "The deal with its version (and ETag), taken down or not", "EditedDeal"));
            case LIST_DEAL_HISTORY -> List.of(new Success(200, "A page of the deal's history, newest first", "DealHistory"));
            case UPDATE_BRAND -> List.of(new Success(200, "The brand as it is now", "Brand"));
            case UPDATE_CATEGORY -> List.of(new Success(200, "The category as it is now", "Category"));
            case DELETE_BRAND, DELETE_CATEGORY -> List.of(new Success(204, "Deleted (also when it already was)", null));
            case BLAST_HOT_DEAL -> List.of(new Success(200, "This deal already has a blast: its id; nothing more is sent", "BlastAccepted"),
                    new Success(202, "Recorded; the stream consumer delivers it", "BlastAccepted"));
            case GET_BLAST -> List.of(new Success(200, "The blast's progress", "Blast"));
            case SEARCH_DEALS -> List.of(new Success(200, "A page of matching deals, newest first; it may hold fewer than "
                    + "limit while more follow", "DealPage"));
            case CREATE_ALERT -> List.of(new Success(201, "The new alert", "Alert"));
            case LIST_ALERTS -> List.of(new Success(200, "The caller's alerts, newest first", "AlertList"));
            case DELETE_ALERT -> List.of(new Success(204, "Deleted (also when it already was)", null));
            case LIST_COMMENTS -> List.of(new Success(200, "A page of the thread, in thread order", "CommentPage"));
            case POST_COMMENT -> List.of(new Success(201, "The new comment", "Comment"));
            case DELETE_COMMENT -> List.of(new Success(204, "Deleted (also when it already was)", null));
            case REPORT_DEAL -> List.of(new Success(200, "The caller reported this deal before: that report, unchanged", "Report"),
                    new Success(201, "The caller's first report of this deal", "Report"));
            case LIST_REPORTED_DEALS -> List.of(new Success(200, "A page of the queue, the longest waiting first", "ReportQueue"));
            case LIST_DEAL_REPORTS -> List.of(new Success(200, "The deal's open reports, oldest first", "DealReports"));
            case DISMISS_REPORTS -> List.of(new Success(204, "The deal's open reports are closed (also when it had none)", null));
        };
    }

    private static boolean isPaged(Operation op) {
        return op == Operation.LIST_DEALS || op == Operation.LIST_BRAND_DEALS || op == Operation.LIST_CATEGORY_DEALS
                || op == Operation.LIST_MESSAGES || op == Operation.LIST_HOT_DEALS || op == Operation.LIST_COMMENTS
                || op == Operation.LIST_REPORTED_DEALS || op == Operation.SEARCH_DEALS || op == Operation.LIST_DEAL_HISTORY
                || op == Operation.LIST_SAVED;
    }

    /** The answers every route can give, declared once under components/responses. */
    private static ObjectNode sharedResponses() {
        ObjectNode r = object();
        ObjectNode unauthorized = gatewayError(r, "Unauthorized", "Missing, unparseable or expired token, or one that names "
                + "no usable user. The gateway answers it before any function runs, with an ApiError body: message "
                + "\"Unauthorized\" and requestId, the request's id, also in X-Request-Id and apigw-requestid "
                + "({\"message\":\"Unauthorized\",\"requestId\":\"...\"}); a deployed API Gateway's JWT authorizer may "
                + "answer {\"message\":\"Unauthorized\"} alone, its id then only in apigw-requestid. No code: treat it as "
                + "the status alone. WWW-Authenticate says why (error_description \"the token has expired\" for an expired one)");
        headersOf(unauthorized).set("WWW-Authenticate", headerRef("WWWAuthenticate"));
        errorBody(r, "Forbidden", "The token is not in the editors group");
        gatewayError(r, "TooLarge", "The body is larger than " + JsonBody.MAX_BYTES + " bytes (API Gateway itself refuses "
                + "more than 10 MB)");
        errorBody(r, "UnsupportedMediaType", "The request carries a body whose Content-Type is not application/json");
        headersOf(errorBody(r, "IdempotencyKeyInUse", "The first request with this Idempotency-Key is still running (code "
                + "IDEMPOTENCY_KEY_IN_USE): retry after Retry-After")).set("Retry-After", headerRef("RetryAfter"));
        errorBody(r, "IdempotencyKeyReused", "This Idempotency-Key was first used with a different request (method, path or "
                + "body) within 24 hours (code IDEMPOTENCY_KEY_REUSED); nothing was done");
        gatewayError(r, "TooManyRequests", "API Gateway throttled the request; retry later with backoff. API Gateway "
                + "gives this answer itself: it carries no Retry-After and its request id is in apigw-requestid");
        errorBody(r, "InternalError", "Internal error; the body carries a requestId, never exception text");
        headersOf(errorBody(r, "ServiceUnavailable", "DynamoDB throttled the request; retry after Retry-After with backoff")).set("Retry-After", headerRef("RetryAfter"));
        ObjectNode notModified = r.putObject("NotModified");
        notModified.put("description", "If-None-Match named the current ETag: the answer is unchanged; no body");
        ObjectNode h = notModified.putObject("headers");
        h.set(HttpConventions.REQUEST_ID, headerRef("RequestId"));
        h.set("ETag", headerRef("ETag"));
        h.set("Cache-Control", headerRef("PublicCacheControl"));
        h.set("Vary", headerRef("Vary"));
        return r;
    }

    /** The headers answers carry, declared once under components/headers. */
    private static ObjectNode headers() {
        ObjectNode h = object();
        header(h, "RequestId", true, "The request's id (API Gateway's), also in every error body as requestId: quote it in a "
                + "bug report, it finds the log line", null);
        header(h, "GatewayRequestId", false, "The same request id, added by API Gateway to every answer, its own included", null);
        header(h, "PublicCacheControl", true, "public, max-age=N: N is at most " + HttpConventions.PUBLIC_MAX_AGE_SECONDS
                + " seconds and never beyond the next moment a deal in the answer expires (0 on an error)",
                "^public, max-age=[0-9]+$");
        header(h, "NoStore", true, "no-store: a signed-in answer is never cached", "^no-store$");
        header(h, "ETag", true, "A weak entity tag of the answer; send it back in If-None-Match for a 304 while the "
                + "answer is unchanged. Bodies over " + HttpAnswers.COMPRESS_OVER_BYTES + " bytes are gzipped when the "
                + "request's Accept-Encoding allows it (Content-Encoding: gzip); the tag is the same either way", null);
        header(h, "Vary", true, "Accept-Encoding (and Origin on a cross-origin request)", null);
        header(h, "IdempotentReplayed", false, "true when this is the first answer to this Idempotency-Key, replayed; "
                + "nothing was done again", "^true$");
        header(h, "RetryAfter", true, "Seconds to wait before retrying", "^[0-9]+$");
        header(h, "WWWAuthenticate", false, "Bearer, with error=\"invalid_token\" and an error_description saying why when "
                + "a token was sent (e.g. \"the token has expired\"), as API Gateway's JWT authorizer writes it", null);
        return h;
    }

    private static void header(ObjectNode headers, String name, boolean required, String description, String pattern) {
        ObjectNode schema = object().put("type", "string");
        if (pattern != null) {
            schema.put("pattern", pattern);
        }
        ObjectNode header = headers.putObject(name).put("description", description).put("required", required);
        header.set("schema", schema);
    }

    private static ObjectNode headersOf(ObjectNode response) {
        return (ObjectNode) response.get("headers");
    }

    private static ObjectNode headerRef(String name) {
        return object().put("$ref", "#/components/headers/" + name);
    }

    /** Request headers every route of a kind takes, declared once under components/parameters. */
    private static ObjectNode sharedParameters() {
        ObjectNode p = object();
        ObjectNode ifNoneMatch = p.putObject("IfNoneMatch").put("name", "If-None-Match").put("in", "header")
                .put("required", false).put("description", "The ETag of an answer this client holds: 304 while it is unchanged");
        ifNoneMatch.putObject("schema").put("type", "string");
        ObjectNode key = p.putObject("IdempotencyKey").put("name", HttpConventions.IDEMPOTENCY_KEY).put("in", "header")
                .put("required", false).put("description", "Makes a retry safe: within 24 hours the same caller sending the same "
                        + "key with the same request gets the first answer's status and body again (Idempotent-Replayed: true) "
                        + "and nothing is done twice, also when both arrive at once; the same key with a different request is "
                        + "a 422. A refused or failed request keeps nothing, so it may be retried with its key");
        key.putObject("schema").put("type", "string").put("minLength", 1).put("maxLength", HttpConventions.IDEMPOTENCY_KEY_MAX)
                .put("pattern", "^[\\u0020-\\u007E]+$");
        return p;
    }

    private static void shared(ObjectNode responses, String status, String name) {
        responses.putObject(status).put("$ref", "#/components/responses/" + name);
    }

    /** An error a function gives: the JSON error body, the request id, no-store. */
    private static ObjectNode errorBody(ObjectNode responses, String status, String description) {
        ObjectNode r = gatewayError(responses, status, description);
        headersOf(r).set(HttpConventions.REQUEST_ID, headerRef("RequestId"));
        return r;
    }

    /** An error API Gateway may give itself: the JSON error body, with the request id only in apigw-requestid. */
    private static ObjectNode gatewayError(ObjectNode responses, String status, String description) {
        ObjectNode r = responses.putObject(status);
        r.put("description", description);
        r.putObject("headers").set(HttpConventions.GATEWAY_REQUEST_ID, headerRef("GatewayRequestId"));
        r.putObject("content").putObject("application/json").set("schema", ref("ApiError"));
        return r;
    }

    private static ObjectNode ref(String schema) {
        return object().put("$ref", "#/components/schemas/" + schema);
    }

    private static ObjectNode ksuid() {
        return object().put("type", "string").put("minLength", 27).put("maxLength", 27).put("pattern", "^[0-9A-Za-z]{27}$");
    }

    /** A top-level comment's id is a KSUID; a reply's is its parent's id, '-', and its own KSUID. */
    private static ObjectNode commentId() {
        return object().put("type", "string").put("minLength", 27).put("maxLength", 55)
                .put("pattern", "^[0-9A-Za-z]{27}(-[0-9A-Za-z]{27})?$");
    }

    private static ObjectNode slug() {
        return object().put("type", "string").put("maxLength", Slug.MAX_LENGTH).put("pattern", Slug.PATTERN);
    }

    private static ObjectNode string(int min, int max) {
        return object().put("type", "string").put("minLength", min).put("maxLength", max);
    }

    private static ObjectNode url() {
        return object().put("type", "string").put("format", "uri").put("maxLength", ContractRules.URL_MAX)
                .put("pattern", ContractRules.URL_PATTERN);
    }

    private static ObjectNode instant() {
        return object().put("type", "string").put("format", "date-time")
                .put("description", "UTC, whole seconds, e.g. 2026-11-20T13:42:26Z")
                .put("pattern", "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$");
    }

    private static ObjectNode object(List<String> required, Object... fields) {
        ObjectNode o = object().put("type", "object");
        if (!required.isEmpty()) {
            ArrayNode req = o.putArray("required");
            required.forEach(req::add);
        }
        ObjectNode props = o.putObject("properties");
        for (int i = 0; i < fields.length; i += 2) {
            props.set((String) fields[i], (ObjectNode) fields[i + 1]);
        }
        return o;
    }

    /**
     * An answer object. The contract lets fields be added, so the published schema allows more than it lists: a
     * client generated from it (okhttp-gson's {@code fromJson} throws on an unknown field when a schema says
     * {@code additionalProperties: false}) keeps working when an answer gains a field. The tests hold answers to
     * exactly the listed fields all the same ({@code ResponseContract} validates against a strict copy).
     */
    private static ObjectNode output(List<String> required, Object... fields) {
        // Said explicitly: openapi-generator's Java clients treat an absent additionalProperties as false by default
        // (disallowAdditionalPropertiesIfNotPresent) and okhttp-gson's fromJson then throws on an added field.
        return object(required, fields).put("additionalProperties", true);
    }

    private static ObjectNode arrayOf(ObjectNode items) {
        ObjectNode a = object().put("type", "array");
        a.set("items", items);
        return a;
    }

    /**
     * A string whose values may grow: open, not an enum, because a value added later must not make a generated client
     * fail to read the whole answer. The known values are listed for people and, as x-known-values, for tools (the
     * tests' strict copy closes it).
     */
    private static <T> ObjectNode openValues(String what, T[] values, java.util.function.Function<T, String> wire) {
        StringBuilder known = new StringBuilder();
        ArrayNode names = JsonNodeFactory.instance.arrayNode();
        for (T v : values) {
            known.append(known.length() == 0 ? "" : ", ").append(wire.apply(v));
            names.add(wire.apply(v));
        }
        ObjectNode node = object().put("type", "string")
                .put("description", what + ". Known values: " + known + ". More may be added.");
        node.set("x-known-values", names);
        return node;
    }

    private static ObjectNode clockTime(String example) {
        return object().put("type", "string").put("pattern", com.bigtimedeals.devices.NotificationSettings.QuietHours.TIME_PATTERN)
                .put("example", example).put("description", "A time of day, HH:MM");
    }

    private static ObjectNode timeZone() {
        return object().put("type", "string").put("maxLength", 64).put("example", "Europe/London")
                .put("description", "An IANA time zone name");
    }

    private static ObjectNode nullableString() {
        return object().put("type", "string").put("nullable", true);
    }

    private static ObjectNode price() {
        return object().put("type", "number").put("minimum", ContractRules.PRICE_MIN.intValueExact())
                .put("maximum", ContractRules.PRICE_MAX.intValueExact()).put("multipleOf", ContractRules.PRICE_STEP.doubleValue())
                // No example: Ajv (Redocly's and Spectral's example checks) divides binary floats, finds 77.79 / 0.01 =
                // 7778.999999999999 and refuses it. The rule is exact in JSON Schema, and the server checks it exactly.
                .put("description", "At most " + ContractRules.PRICE_DECIMALS + " decimal places, e.g. 77.79. multipleOf "
                        + "is exact: a validator must compare decimals, not binary floats (Ajv: multipleOfPrecision: 2)");
    }

    /** A request body's schema, from the operation's one declaration ({@link RequestBody}): unknown fields refused. */
    private static ObjectNode request(RequestBody body) {
        ObjectNode o = object().put("type", "object");
        List<String> required = body.fields().stream().filter(BodyField::required).map(BodyField::name).toList();
        if (!required.isEmpty()) {
            ArrayNode req = o.putArray("required");
            required.forEach(req::add);
        }
        ObjectNode props = o.putObject("properties");
        for (BodyField f : body.fields()) {
            ObjectNode schema = switch (f.kind()) {
                case TEXT, WORDS -> string(1, f.max()).put("pattern", ContractRules.TEXT_PATTERN)
                        .put("description", "Not blank; no control characters but tab and newlines");
                case NAME -> string(1, f.max()).put("pattern", ContractRules.NAME_PATTERN)
                        .put("description", "Holds a letter or digit (A-Z, a-z, 0-9); no control characters");
                case URL -> url();
                case HTTPS_URL -> url().put("pattern", ContractRules.HTTPS_URL_PATTERN).put("description", "https only");
                case PRICE -> price();
                case SLUG -> slug();
                case EMAIL -> object().put("type", "string").put("format", "email").put("maxLength", ContractRules.EMAIL_MAX)
                        .put("pattern", ContractRules.EMAIL_PATTERN);
                case DATE -> object().put("type", "string").put("format", "date").put("pattern", ContractRules.DATE_PATTERN)
                        .put("description", "Not in the future");
                case INSTANT, PAST_INSTANT -> object().put("type", "string").put("format", "date-time")
                        .put("pattern", ContractRules.INSTANT_PATTERN);
                case DEAL_ID, ID -> ksuid();
                case NOTE, OPTIONAL_WORDS -> string(0, f.max()).put("pattern", ContractRules.NOTE_PATTERN)
                        .put("description", "Blank means none; no control characters but tab and newlines");
                case DEAL_IDS -> {
                    ObjectNode ids = arrayOf(ksuid());
                    yield ids.put("maxItems", f.max()).put("uniqueItems", true);
                }
                case POSITIVE_INTEGER -> object().put("type", "integer").put("minimum", 1).put("maximum", f.max());
                case BOOLEAN -> object().put("type", "boolean");
                case CLOCK_TIME -> clockTime("22:30");
                case TIME_ZONE -> timeZone();
                case OBJECT -> request(f.object());
                case ONE_OF -> {
                    ObjectNode e = object().put("type", "string");
                    ArrayNode values = e.putArray("enum");
                    f.values().forEach(values::add);
                    yield e;
                }
            };
            if (f.nullable()) {
                schema.put("nullable", true);
            }
            if (f.description() != null) {
                schema.put("description", f.description());
            }
            props.set(f.name(), schema);
        }
        o.put("additionalProperties", false);
        if (body.atLeastOne()) {
            o.put("minProperties", 1);
        }
        return o;
    }

    private static ObjectNode schemas() {
        ObjectNode s = object();
        ObjectNode name = string(1, ContractRules.NAME_MAX);
        s.set("Deal", output(List.of("id", "title", "link", "price", "brandId", "brandName", "categoryId", "categoryName", "createdAt",
                        "expired", "temperature", "commentCount"),
                "id", ksuid(), "title", string(1, ContractRules.TITLE_MAX), "link", url(), "price", price(), "brandId", slug(),
                "brandName", name, "categoryId", slug(), "categoryName", name, "imageUrl", url(),
                "description", string(1, ContractRules.DESCRIPTION_MAX), "createdAt", instant(), "expiresAt", instant(),
                "expired", object().put("type", "boolean")
                        .put("description", "True when expiresAt is set and not after the moment of the answer"),
                "temperature", object().put("type", "integer").put("format", "int64")
                        .put("description", "Hot votes minus cold votes: exact in GET /deals/{dealId} and in a vote's answer, "
                                + "in every list and featured copy within the stream delay"),
                "commentCount", object().put("type", "integer").put("format", "int64").put("minimum", 0)
                        .put("description", "Comments not deleted: exact in GET /deals/{dealId}, in lists within the stream delay")));
        ((ObjectNode) s.get("Deal").get("properties")).set("lowestEver", object().put("type", "boolean")
                .put("description", "The price is the lowest any deal of the same normalised link has had (taken-down and "
                        + "expired deals and every correction counted); true for a link seen for the first time. Lists "
                        + "follow a correction within the stream delay"));
        ((ArrayNode) s.get("Deal").get("required")).add("lowestEver");
        ObjectNode detail = ((ObjectNode) s.get("Deal")).deepCopy();
        ObjectNode point = output(List.of("price", "at"), "price", price(), "at", instant());
        ((ObjectNode) detail.get("properties")).set("priceHistory", arrayOf(point).put("minItems", 1)
                .put("description", "Every price the deal has had, oldest first: its first price, then each correction that changed it"));
        ((ArrayNode) detail.get("required")).add("priceHistory");
        s.set("DealDetail", detail);
        ObjectNode savedDeal = ((ObjectNode) s.get("Deal")).deepCopy();
        ((ObjectNode) savedDeal.get("properties")).set("savedAt", instant());
        ((ArrayNode) savedDeal.get("required")).add("savedAt");
        s.set("SavedDeal", savedDeal);
        s.set("SavedDealPage", output(List.of("deals", "nextCursor"), "deals", arrayOf(ref("SavedDeal")), "nextCursor", nullableString()));
        s.set("Saved", output(List.of("dealId", "savedAt"), "dealId", ksuid(), "savedAt", instant()));
        s.set("DealPage", output(List.of("deals", "nextCursor"), "deals", arrayOf(ref("Deal")), "nextCursor", nullableString()));
        s.set("FrontPage", output(List.of("featured", "latest", "nextCursor"), "featured", arrayOf(ref("Deal")),
                "latest", arrayOf(ref("Deal")), "nextCursor", nullableString()));
        s.set("Featured", output(List.of("featured"), "featured", arrayOf(ref("Deal"))));
        ObjectNode count = object().put("type", "integer").put("format", "int64").put("minimum", 0);
        s.set("Brand", output(List.of("id", "name", "likes", "watchers"), "id", slug(), "name", name,
                "logoUrl", url(), "likes", count, "watchers", count));
        s.set("BrandSummary", output(List.of("id", "name"), "id", slug(), "name", name, "logoUrl", url()));
        s.set("BrandList", output(List.of("brands"), "brands", arrayOf(ref("BrandSummary"))));
        s.set("Category", output(List.of("id", "name", "likes", "watchers", "featured"), "id", slug(), "name", name,
                "likes", count, "watchers", count, "featured", arrayOf(ref("Deal"))));
        s.set("CategorySummary", output(List.of("id", "name"), "id", slug(), "name", name));
        s.set("CategoryList", output(List.of("categories"), "categories", arrayOf(ref("CategorySummary"))));
        s.set("User", output(List.of("username", "email", "memberSince"), "username", string(1, 128),
                "email", object().put("type", "string").put("format", "email").put("maxLength", ContractRules.EMAIL_MAX),
                "birthday", object().put("type", "string").put("format", "date"), "pictureUrl", url(),
                "memberSince", instant()));
        s.set("Message", output(List.of("id", "subject", "body", "unread", "createdAt", "kind"), "id", ksuid(),
                "subject", string(1, ContractRules.SUBJECT_MAX), "body", string(0, ContractRules.BODY_MAX), "dealId", ksuid(),
                "unread", object().put("type", "boolean"), "createdAt", instant(),
                "kind", openValues("Why the message was sent", MessageKind.values(), MessageKind::wire)));
        s.set("Device", output(List.of("id", "platform", "tokenEnd", "createdAt"), "id", ksuid(),
                "platform", openValues("The push service the device is reached through", com.bigtimedeals.devices.DevicePlatform.values(),
                        com.bigtimedeals.devices.DevicePlatform::wire),
                "tokenEnd", string(com.bigtimedeals.devices.DevicePlatform.TOKEN_END, com.bigtimedeals.devices.DevicePlatform.TOKEN_END)
                        .put("description", "The token's last 6 characters; the token itself is never answered"),
                "createdAt", instant()));
        s.set("DeviceList", output(List.of("devices"), "devices", arrayOf(ref("Device"))
                .put("maxItems", com.bigtimedeals.devices.DeviceStore.MAX_PER_USER)));
        ObjectNode flag = object().put("type", "boolean");
        s.set("PushChoices", output(List.of("watches", "alerts", "blasts", "reminders"), "watches", flag, "alerts", flag,
                "blasts", flag, "reminders", flag));
        // Inline, not a component of its own: it is only ever read as the settings' nullable quietHours.
        ObjectNode quiet = output(List.of("start", "end", "timeZone"), "start", clockTime("22:30"), "end", clockTime("07:00"),
                "timeZone", timeZone()).put("nullable", true).put("description", "null when none");
        s.set("NotificationSettings", output(List.of("push", "quietHours"), "push", ref("PushChoices"), "quietHours", quiet));
        s.set("MessagePage", output(List.of("messages", "nextCursor"), "messages", arrayOf(ref("Message")), "nextCursor", nullableString()));
        ObjectNode bool = object().put("type", "boolean");
        s.set("FollowState", output(List.of("liked", "watching"), "liked", bool, "watching", bool));
        s.set("Followed", output(List.of("id", "name", "liked", "watching"), "id", slug(), "name", name, "liked", bool,
                "watching", bool));
        s.set("Follows", output(List.of("brands", "categories"), "brands", arrayOf(ref("Followed")),
                "categories", arrayOf(ref("Followed"))));
        s.set("UnreadCount", output(List.of("unread"), "unread", object().put("type", "integer").put("format", "int32")
                .put("minimum", 0).put("maximum", InboxStore.BADGE_CAP)));
        s.set("BlastAccepted", output(List.of("blastId"), "blastId", ksuid()));
        ObjectNode voteValue = openValues("A vote", Vote.values(), Vote::wire);
        ObjectNode temperature = object().put("type", "integer").put("format", "int64")
                .put("description", "Hot votes minus cold votes, exact at the moment of the answer");
        s.set("VoteAnswer", output(List.of("dealId", "temperature", "myVote"), "dealId", ksuid(), "temperature", temperature,
                "myVote", voteValue.deepCopy().put("nullable", true).put("description", "The caller's vote; null when none. "
                        + voteValue.get("description").asText().replace("A vote. ", ""))));
        ObjectNode byDeal = object().put("type", "object").put("description", "The caller's vote by deal id");
        byDeal.set("additionalProperties", voteValue);
        s.set("MyVotes", output(List.of("votes"), "votes", byDeal));
        s.set("HottestDeals", output(List.of("deals"), "deals", arrayOf(ref("Deal")).put("maxItems", HottestWindow.SIZE)));
        s.set("Blast", output(List.of("blastId", "dealId", "requestedAt", "segments", "segmentsDone", "usersReached", "done"),
                "blastId", ksuid(), "dealId", ksuid(), "requestedAt", instant(), "segments", count, "segmentsDone", count,
                "usersReached", count, "done", bool));
        ObjectNode code = openValues("A machine-readable reason", ErrorCode.values(), ErrorCode::wire);
        code.put("description", code.get("description").asText() + " Treat an unknown one as its status alone. Absent on "
                + "answers API Gateway gives itself (429, an unknown route)");
        s.set("ApiError", output(List.of("message"), "message", string(1, 500), "code", code,
                "field", object().put("type", "string").put("description", "The request field at fault, for a 400"),
                "requestId", object().put("type", "string").put("description", "The request's id, as in X-Request-Id: it finds the "
                        + "log line. Absent only on answers a deployed API Gateway gives itself (a 429; its JWT authorizer's "
                        + "401), whose id is in apigw-requestid"),
                "dealId", ksuid().put("description", "With code duplicate: the live deal that has the link"),
                "deal", output(List.of("id", "title", "link"), "id", ksuid(), "title", string(1, ContractRules.TITLE_MAX),
                        "link", url()).put("description", "With code duplicate: the live deal that has the link"),
                "errors", arrayOf(output(List.of("field", "message"), "field", object().put("type", "string"),
                        "message", string(1, 500))).put("description", "A 400 for a request body: every field at fault, "
                        + "each with its reason (the first also as field and message)")));
        ObjectNode staleError = s.get("ApiError").deepCopy();
        ((ObjectNode) staleError.get("properties")).set("current", ref("EditedDeal"));
        ((ArrayNode) staleError.get("required")).add("current");
        s.set("StaleError", staleError);
        ObjectNode edited = s.get("Deal").deepCopy();
        ((ObjectNode) edited.get("properties")).set("version", object().put("type", "integer").put("format", "int64")
                .put("minimum", 1).put("description", "1 at creation, one more with every change; the ETag is \"v<version>\""));
        ((ObjectNode) edited.get("properties")).set("takenDown", object().put("type", "boolean"));
        ((ArrayNode) edited.get("required")).add("version").add("takenDown");
        s.set("EditedDeal", edited);
        ObjectNode value = nullableString().put("description", "The value as text (a price's plain digits, an instant's "
                + "ISO form), or null where there was none");
        ObjectNode fieldChange = output(List.of("from", "to"), "from", value, "to", value.deepCopy());
        ObjectNode changes = object().put("type", "object").put("description", "Each changed field: its value before and after");
        changes.set("additionalProperties", fieldChange);
        ObjectNode action = openValues("What was done", com.bigtimedeals.deals.DealEvent.Action.values(),
                com.bigtimedeals.deals.DealEvent.Action::wire);
        s.set("DealEvent", output(List.of("at", "editor", "action", "changes"), "at", instant(),
                "editor", nullableString().put("maxLength", 128).put("description", "The editor's username; null for the "
                        + "community's expiry"), "action", action, "changes", changes));
        s.set("DealHistory", output(List.of("events", "nextCursor"), "events", arrayOf(ref("DealEvent")),
                "nextCursor", nullableString()));
        s.set("Comment", output(List.of("id", "dealId", "author", "body", "deleted", "createdAt"), "id", commentId(),
                "dealId", ksuid(), "author", nullableString().put("maxLength", 128)
                        .put("description", "The author's username; null once the author's account is deleted"),
                "body", string(0, ContractRules.COMMENT_MAX).put("description", "Empty when deleted"),
                "replyTo", ksuid().put("description", "The top-level comment this one answers"),
                "deleted", bool, "createdAt", instant()));
        s.set("CommentPage", output(List.of("comments", "nextCursor"), "comments", arrayOf(ref("Comment")),
                "nextCursor", nullableString()));
        ObjectNode reason = openValues("Why the deal was reported", ReportReason.values(), ReportReason::wire);
        ObjectNode note = string(0, ContractRules.NOTE_MAX);
        s.set("Report", output(List.of("dealId", "reason", "reportedAt"), "dealId", ksuid(), "reason", reason, "note", note,
                "reportedAt", instant()));
        s.set("ReportByUser", output(List.of("dealId", "reason", "reportedAt", "username", "counted"), "dealId", ksuid(), "reason",
                reason, "note", note, "reportedAt", instant(), "username", string(1, 128), "counted", object().put("type", "boolean")
                        .put("description", "Whether it counts toward community expiry: the reporter's profile had reached "
                                + "the set age (24 hours deployed) when they reported")));
        s.set("DealReports", output(List.of("reports"), "reports", arrayOf(ref("ReportByUser"))));
        List<String> reasonNames = new java.util.ArrayList<>();
        Object[] countFields = new Object[2 * ReportReason.values().length];
        for (ReportReason r : ReportReason.values()) {
            countFields[2 * r.ordinal()] = r.wire();
            countFields[2 * r.ordinal() + 1] = count;
            reasonNames.add(r.wire());
        }
        s.set("ReportCounts", output(reasonNames, countFields));
        s.set("ReportedDeal", output(List.of("deal", "counts", "firstReportedAt"), "deal", ref("Deal"),
                "counts", ref("ReportCounts"), "firstReportedAt", instant()));
        s.set("ReportQueue", output(List.of("reports", "nextCursor"), "reports", arrayOf(ref("ReportedDeal")),
                "nextCursor", nullableString()));
        for (Operation op : Operation.values()) {
            if (op.body() != null) {
                s.set(op.body().schemaName(), request(op.body()));
            }
        }
        ObjectNode keywords = string(1, Words.MAX_TEXT).put("description", "1 to " + Words.MAX_WORDS
                + " words separated by spaces, each " + Words.MIN_LENGTH + " to " + Words.MAX_LENGTH
                + " letters or digits; answered lowercase, each word once, separated by single spaces");
        ObjectNode maxPrice = price().put("description", "Only deals at most this price; at most "
                + ContractRules.PRICE_DECIMALS + " decimal places");
        ObjectNode exclude = string(0, Words.MAX_TEXT).put("description", "0 to " + Words.MAX_WORDS
                + " words, lowercase, separated by single spaces; \"\" when none");
        ObjectNode minTemperature = object().put("type", "integer").put("nullable", true)
                .put("minimum", com.bigtimedeals.inbox.NewAlert.MIN_TEMPERATURE)
                .put("maximum", com.bigtimedeals.inbox.NewAlert.MAX_TEMPERATURE)
                .put("description", "Matched when the deal's temperature first reaches it; null for none");
        s.set("Alert", output(List.of("id", "keywords", "excludeWords", "minTemperature", "createdAt"), "id", ksuid(),
                "keywords", keywords, "maxPrice", maxPrice, "brandId", slug(), "categoryId", slug(),
                "excludeWords", exclude, "minTemperature", minTemperature, "createdAt", instant()));
        s.set("AlertList", output(List.of("alerts"), "alerts", arrayOf(ref("Alert")).put("maxItems", AlertStore.MAX_PER_USER)));
        return s;
    }

    private static String camel(String constant) {
        StringBuilder b = new StringBuilder();
        for (String part : constant.toLowerCase().split("_")) {
            b.append(b.length() == 0 ? part : Character.toUpperCase(part.charAt(0)) + part.substring(1));
        }
        return b.toString();
    }
}
