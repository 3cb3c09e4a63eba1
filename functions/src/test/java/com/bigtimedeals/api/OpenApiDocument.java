package com.bigtimedeals.api;

import java.util.List;

import com.bigtimedeals.data.AlertStore;
import com.bigtimedeals.data.DealStore;
import com.bigtimedeals.data.InboxStore;
import com.bigtimedeals.domain.ContractRules;
import com.bigtimedeals.domain.FeaturedList;
import com.bigtimedeals.domain.HottestWindow;
import com.bigtimedeals.domain.Vote;
import com.bigtimedeals.domain.ReportReason;
import com.bigtimedeals.domain.Slug;
import com.bigtimedeals.domain.Words;
import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.Operation;
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
        ObjectNode deployed = servers.addObject();
        deployed.put("url", "https://{apiId}.execute-api.{region}.amazonaws.com");
        deployed.put("description", "The deployed HTTP API (the stack's ApiUrl output)");
        ObjectNode vars = deployed.putObject("variables");
        vars.putObject("apiId").put("default", "api-id").put("description", "The HTTP API's id");
        vars.putObject("region").put("default", "eu-west-1").put("description", "The stack's AWS region");
        servers.addObject().put("url", "http://127.0.0.1:3000").put("description", "The local stack (./bigtimedeals run)");
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
            cursor.putObject("schema").put("type", "string").put("maxLength", 512);
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
        if (!params.isEmpty()) {
            op.set("parameters", params);
        }
        String body = requestSchema(operation);
        if (body != null) {
            ObjectNode rb = op.putObject("requestBody");
            rb.put("required", true);
            rb.putObject("content").putObject("application/json").set("schema", ref(body));
        }
        ObjectNode responses = op.putObject("responses");
        for (Success success : successes(operation)) {
            ObjectNode ok = responses.putObject(Integer.toString(success.status()));
            ok.put("description", success.description());
            if (success.schema() != null) {
                ok.putObject("content").putObject("application/json").set("schema", ref(success.schema()));
            }
        }
        // A path parameter is text the client sent, refused as such when it is not Unicode (a lone surrogate); the
        // votes list and the hottest window read a query parameter that can be wrong.
        if (body != null || paged || !route.pathParameters().isEmpty() || operation == Operation.LIST_MY_VOTES
                || operation == Operation.LIST_HOTTEST_DEALS) {
            errorBody(responses, "400", "Invalid input; nothing was written");
        }
        if (route.access() != Access.PUBLIC) {
            shared(responses, "401", "Unauthorized");
        }
        if (route.access() == Access.EDITOR) {
            shared(responses, "403", "Forbidden");
        }
        if (operation == Operation.POST_COMMENT) {
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
            errorBody(responses, "409", "Already exists");
        }
        if (operation == Operation.CREATE_DEAL || operation == Operation.CORRECT_DEAL) {
            errorBody(responses, "409", "A live deal (neither expired nor taken down) has this link, compared after "
                    + "normalising (scheme and host lowercase, no fragment, no utm_* parameters, no trailing / on the path): "
                    + "code duplicate, and dealId names that deal; nothing was written");
        }
        if (body != null) {
            shared(responses, "413", "TooLarge");
        }
        // Any request that carries a body must be JSON, whatever the route (../shared/design/api.md).
        shared(responses, "415", "UnsupportedMediaType");
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
            case GET_DEAL -> List.of(new Success(200, "The deal", "Deal"));
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
            case COUNT_UNREAD_MESSAGES -> List.of(new Success(200, "Unread messages: exact up to 99, 100 means 100 or more", "UnreadCount"));
            case TAKE_DOWN_DEAL -> List.of(new Success(204, "Taken down (also when it already was)", null));
            case DELETE_ACCOUNT -> List.of(new Success(204, "Deleted (also when it already was); follows and inbox follow within the stream delay", null));
            case CREATE_BRAND -> List.of(new Success(201, "The new brand", "Brand"));
            case CREATE_CATEGORY -> List.of(new Success(201, "The new category", "Category"));
            case CREATE_DEAL -> List.of(new Success(201, "The new deal", "Deal"));
            case CORRECT_DEAL -> List.of(new Success(200, "The corrected deal", "Deal"));
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

    private static String requestSchema(Operation op) {
        return switch (op) {
            case CREATE_PROFILE -> "NewProfile";
            case CREATE_BRAND -> "NewBrand";
            case CREATE_CATEGORY -> "NewCategory";
            case CREATE_DEAL -> "NewDeal";
            case CORRECT_DEAL -> "DealCorrection";
            case SET_FRONT_PAGE_FEATURED, SET_CATEGORY_FEATURED, SET_EDITORS_CHOICE -> "FeaturedIds";
            case BLAST_HOT_DEAL -> "HotDeal";
            case CAST_VOTE -> "NewVote";
            case CREATE_ALERT -> "NewAlert";
            case POST_COMMENT -> "NewComment";
            case REPORT_DEAL -> "NewReport";
            default -> null;
        };
    }

    private static boolean isPaged(Operation op) {
        return op == Operation.LIST_DEALS || op == Operation.LIST_BRAND_DEALS || op == Operation.LIST_CATEGORY_DEALS
                || op == Operation.LIST_MESSAGES || op == Operation.LIST_HOT_DEALS || op == Operation.LIST_COMMENTS
                || op == Operation.LIST_REPORTED_DEALS || op == Operation.SEARCH_DEALS;
    }

    /** The answers every route can give, declared once under components/responses. */
    private static ObjectNode sharedResponses() {
        ObjectNode r = object();
        errorBody(r, "Unauthorized", "Missing, unparseable or expired token");
        errorBody(r, "Forbidden", "The token is not in the editors group");
        errorBody(r, "TooLarge", "The body is larger than " + JsonBody.MAX_BYTES + " bytes");
        errorBody(r, "UnsupportedMediaType", "The request carries a body whose Content-Type is not application/json");
        errorBody(r, "TooManyRequests", "API Gateway throttled the request; retry later with backoff");
        errorBody(r, "InternalError", "Internal error; the body carries a requestId, never exception text");
        errorBody(r, "ServiceUnavailable", "DynamoDB throttled the request; retry later with backoff");
        return r;
    }

    private static void shared(ObjectNode responses, String status, String name) {
        responses.putObject(status).put("$ref", "#/components/responses/" + name);
    }

    private static void errorBody(ObjectNode responses, String status, String description) {
        ObjectNode r = responses.putObject(status);
        r.put("description", description);
        r.putObject("content").putObject("application/json").set("schema", ref("ApiError"));
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
                .put("pattern", "^https?://");
    }

    private static ObjectNode instant() {
        return object().put("type", "string").put("format", "date-time")
                .put("description", "UTC, whole seconds, e.g. 2026-11-20T13:42:26Z")
                .put("pattern", "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$");
    }

    /** A request object: unknown fields are ignored by the server, so the schema allows them. */
    private static ObjectNode input(List<String> required, Object... fields) {
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
        return input(required, fields);
    }

    private static ObjectNode arrayOf(ObjectNode items) {
        ObjectNode a = object().put("type", "array");
        a.set("items", items);
        return a;
    }

    private static ObjectNode nullableString() {
        return object().put("type", "string").put("nullable", true);
    }

    private static ObjectNode price() {
        // No multipleOf: validators divide binary floating point by 0.01 and refuse 77.79.
        return object().put("type", "number").put("minimum", ContractRules.PRICE_MIN.intValueExact())
                .put("maximum", ContractRules.PRICE_MAX.intValueExact())
                .put("description", "At most " + ContractRules.PRICE_DECIMALS + " decimal places, e.g. 19.99");
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
        s.set("Message", output(List.of("id", "subject", "body", "unread", "createdAt"), "id", ksuid(),
                "subject", string(1, ContractRules.SUBJECT_MAX), "body", string(0, ContractRules.BODY_MAX), "dealId", ksuid(),
                "unread", object().put("type", "boolean"), "createdAt", instant()));
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
        ObjectNode voteValue = object().put("type", "string");
        voteValue.putArray("enum").add(Vote.HOT.wire()).add(Vote.COLD.wire());
        ObjectNode temperature = object().put("type", "integer").put("format", "int64")
                .put("description", "Hot votes minus cold votes, exact at the moment of the answer");
        s.set("VoteAnswer", output(List.of("dealId", "temperature", "myVote"), "dealId", ksuid(), "temperature", temperature,
                "myVote", voteValue.deepCopy().put("nullable", true).put("description", "The caller's vote; null when none")));
        ObjectNode byDeal = object().put("type", "object").put("description", "The caller's vote by deal id");
        byDeal.set("additionalProperties", voteValue);
        s.set("MyVotes", output(List.of("votes"), "votes", byDeal));
        s.set("HottestDeals", output(List.of("deals"), "deals", arrayOf(ref("Deal")).put("maxItems", HottestWindow.SIZE)));
        s.set("NewVote", input(List.of("vote"), "vote", voteValue));
        s.set("Blast", output(List.of("blastId", "dealId", "requestedAt", "segments", "segmentsDone", "usersReached", "done"),
                "blastId", ksuid(), "dealId", ksuid(), "requestedAt", instant(), "segments", count, "segmentsDone", count,
                "usersReached", count, "done", bool));
        // Open, not an enum: a code added later must not make a generated client fail to read the error body. The
        // known values are listed for people and, as x-known-values, for tools (the tests' strict copy closes it).
        StringBuilder known = new StringBuilder();
        ArrayNode codes = JsonNodeFactory.instance.arrayNode();
        for (ErrorCode c : ErrorCode.values()) {
            known.append(known.length() == 0 ? "" : ", ").append(c.wire());
            codes.add(c.wire());
        }
        ObjectNode code = object().put("type", "string")
                .put("description", "A machine-readable reason. Known values: " + known + ". More may be added: treat an "
                        + "unknown one as its status alone. Absent on answers API Gateway gives itself (429, an unknown route)");
        code.set("x-known-values", codes);
        s.set("ApiError", output(List.of("message"), "message", string(1, 500), "code", code,
                "field", object().put("type", "string").put("description", "The request field at fault, for a 400"),
                "requestId", object().put("type", "string").put("description", "On a 5xx: the id of the log line"),
                "dealId", ksuid().put("description", "With code duplicate: the live deal that has the link")));
        s.set("Comment", output(List.of("id", "dealId", "author", "body", "deleted", "createdAt"), "id", commentId(),
                "dealId", ksuid(), "author", nullableString().put("maxLength", 128)
                        .put("description", "The author's username; null once the author's account is deleted"),
                "body", string(0, ContractRules.COMMENT_MAX).put("description", "Empty when deleted"),
                "replyTo", ksuid().put("description", "The top-level comment this one answers"),
                "deleted", bool, "createdAt", instant()));
        s.set("CommentPage", output(List.of("comments", "nextCursor"), "comments", arrayOf(ref("Comment")),
                "nextCursor", nullableString()));
        ObjectNode reason = object().put("type", "string");
        ArrayNode reasons = reason.putArray("enum");
        for (ReportReason r : ReportReason.values()) {
            reasons.add(r.wire());
        }
        ObjectNode note = string(0, ContractRules.NOTE_MAX);
        s.set("Report", output(List.of("dealId", "reason", "reportedAt"), "dealId", ksuid(), "reason", reason, "note", note,
                "reportedAt", instant()));
        s.set("ReportByUser", output(List.of("dealId", "reason", "reportedAt", "username"), "dealId", ksuid(), "reason", reason,
                "note", note, "reportedAt", instant(), "username", string(1, 128)));
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
        s.set("NewComment", input(List.of("body"), "body", string(1, ContractRules.COMMENT_MAX),
                "replyTo", ksuid().put("description", "A top-level comment of the same deal")));
        s.set("NewReport", input(List.of("reason"), "reason", reason, "note", note));
        s.set("NewProfile", input(List.of("email"), "email", object().put("type", "string").put("format", "email")
                        .put("maxLength", ContractRules.EMAIL_MAX),
                "birthday", object().put("type", "string").put("format", "date"), "pictureUrl", url()));
        s.set("NewBrand", input(List.of("name"), "name", name, "logoUrl", url()));
        s.set("NewCategory", input(List.of("name"), "name", name));
        s.set("NewDeal", input(List.of("title", "link", "price", "brandId", "categoryId"), "title", string(1, ContractRules.TITLE_MAX),
                "link", url(), "price", price(), "brandId", slug(), "categoryId", slug(), "imageUrl", url(),
                "description", string(1, ContractRules.DESCRIPTION_MAX),
                "createdAt", object().put("type", "string").put("format", "date-time")
                        .put("description", "Backfill only; not in the future (5 minutes of skew allowed)"),
                "expiresAt", object().put("type", "string").put("format", "date-time")
                        .put("description", "After createdAt; the deal leaves featured sections at that instant")));
        s.set("DealCorrection", input(List.of(), "title", string(1, ContractRules.TITLE_MAX), "link", url(), "price", price(),
                "imageUrl", url(), "description", string(1, ContractRules.DESCRIPTION_MAX),
                "expiresAt", object().put("type", "string").put("format", "date-time").put("nullable", true)
                        .put("description", "After createdAt; null clears it; now or earlier expires the deal at once"))
                .put("minProperties", 1));
        ObjectNode ids = arrayOf(ksuid());
        ids.put("maxItems", FeaturedList.MAX_DEALS).put("uniqueItems", true);
        s.set("FeaturedIds", input(List.of("dealIds"), "dealIds", ids));
        ObjectNode keywords = string(1, Words.MAX_TEXT).put("description", "1 to " + Words.MAX_WORDS
                + " words separated by spaces, each " + Words.MIN_LENGTH + " to " + Words.MAX_LENGTH
                + " letters or digits; answered lowercase, each word once, separated by single spaces");
        ObjectNode maxPrice = price().put("description", "Only deals at most this price; at most "
                + ContractRules.PRICE_DECIMALS + " decimal places");
        s.set("Alert", output(List.of("id", "keywords", "createdAt"), "id", ksuid(), "keywords", keywords,
                "maxPrice", maxPrice, "brandId", slug(), "categoryId", slug(), "createdAt", instant()));
        s.set("AlertList", output(List.of("alerts"), "alerts", arrayOf(ref("Alert")).put("maxItems", AlertStore.MAX_PER_USER)));
        s.set("NewAlert", input(List.of("keywords"), "keywords", keywords, "maxPrice", maxPrice,
                "brandId", slug().put("description", "Only deals of this brand; it must exist (404)"),
                "categoryId", slug().put("description", "Only deals of this category; it must exist (404)")));
        s.set("HotDeal", input(List.of("dealId"), "dealId", ksuid(), "subject", string(1, ContractRules.SUBJECT_MAX),
                "body", string(1, ContractRules.BODY_MAX)));
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
