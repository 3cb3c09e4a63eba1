package com.bigtimedeals.api;

import java.util.List;

import com.bigtimedeals.data.DealStore;
import com.bigtimedeals.domain.FeaturedList;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The OpenAPI 3.0 description of the contract, built from the route table so that no route is listed a
 * second time: docs/openapi.yaml is this document, and OpenApiDocumentTest fails when they differ.
 */
public final class OpenApiDocument {
    private OpenApiDocument() {
    }

    private static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    public static ObjectNode build() {
        ObjectNode doc = object();
        doc.put("openapi", "3.0.3");
        ObjectNode info = doc.putObject("info");
        info.put("title", "Big Time Deals API");
        info.put("version", "1.0.0");
        info.put("description", "Generated from RouteTable by OpenApiDocument; do not edit by hand.");
        doc.putArray("servers").addObject().put("url", "http://127.0.0.1:3000");
        ObjectNode paths = doc.putObject("paths");
        for (Route route : RouteTable.ROUTES) {
            ObjectNode item = paths.has(route.path()) ? (ObjectNode) paths.get(route.path()) : paths.putObject(route.path());
            item.set(route.method().toLowerCase(), operation(route));
        }
        ObjectNode components = doc.putObject("components");
        components.putObject("securitySchemes").putObject("cognitoJwt")
                .put("type", "http").put("scheme", "bearer").put("bearerFormat", "JWT")
                .put("description", "Cognito access token; CMS routes also need the group 'editors'.");
        components.set("schemas", schemas());
        return doc;
    }

    private static ObjectNode operation(Route route) {
        ObjectNode op = object();
        op.put("operationId", camel(route.operation().name()));
        op.put("summary", route.summary());
        op.putArray("tags").add(route.function().id());
        op.put("x-access", route.access().name().toLowerCase());
        if (route.access() != Access.PUBLIC) {
            op.putArray("security").addObject().putArray("cognitoJwt");
        }
        ArrayNode params = JsonNodeFactory.instance.arrayNode();
        for (String p : route.pathParameters()) {
            ObjectNode param = params.addObject();
            param.put("name", p).put("in", "path").put("required", true);
            param.set("schema", p.equals("brandId") || p.equals("categoryId") ? slug() : ksuid());
        }
        boolean paged = isPaged(route.operation());
        if (paged) {
            ObjectNode limit = params.addObject().put("name", "limit").put("in", "query").put("required", false);
            limit.putObject("schema").put("type", "integer").put("minimum", 1).put("maximum", DealStore.MAX_PAGE).put("default", 25);
            ObjectNode cursor = params.addObject().put("name", "cursor").put("in", "query").put("required", false);
            cursor.putObject("schema").put("type", "string").put("maxLength", 512)
                    .put("description", "nextCursor of the previous page; opaque and bound to this list");
        }
        if (route.operation() == Operation.LIST_MESSAGES) {
            params.addObject().put("name", "unread").put("in", "query").put("required", false)
                    .putObject("schema").put("type", "boolean");
        }
        if (!params.isEmpty()) {
            op.set("parameters", params);
        }
        String body = requestSchema(route.operation());
        if (body != null) {
            ObjectNode rb = op.putObject("requestBody");
            rb.put("required", true);
            rb.putObject("content").putObject("application/json").set("schema", ref(body));
        }
        ObjectNode responses = op.putObject("responses");
        Success success = success(route.operation());
        ObjectNode ok = responses.putObject(Integer.toString(success.status()));
        ok.put("description", success.description());
        if (success.schema() != null) {
            ok.putObject("content").putObject("application/json").set("schema", ref(success.schema()));
        }
        if (route.operation() == Operation.LIKE_BRAND || route.operation() == Operation.WATCH_BRAND) {
            error(responses, "200", "Already so; counts unchanged").putObject("content").putObject("application/json").set("schema", ref("Brand"));
        }
        if (route.operation() == Operation.LIKE_CATEGORY || route.operation() == Operation.WATCH_CATEGORY) {
            error(responses, "200", "Already so; counts unchanged").putObject("content").putObject("application/json").set("schema", ref("Category"));
        }
        if (body != null || paged || route.operation() == Operation.LIST_MESSAGES) {
            errorBody(responses, "400", "Invalid input; nothing was written");
        }
        if (route.access() != Access.PUBLIC) {
            errorBody(responses, "401", "Missing, unparseable or expired token");
        }
        if (route.access() == Access.EDITOR) {
            errorBody(responses, "403", "Not in the editors group");
        }
        if (!route.pathParameters().isEmpty() || route.operation() == Operation.GET_PROFILE
                || route.operation() == Operation.BLAST_HOT_DEAL) {
            errorBody(responses, "404", "Not found");
        }
        if (route.operation() == Operation.CREATE_BRAND || route.operation() == Operation.CREATE_CATEGORY
                || route.operation() == Operation.CREATE_PROFILE) {
            errorBody(responses, "409", "Already exists");
        }
        errorBody(responses, "500", "Internal error; the body carries a requestId, never exception text");
        return op;
    }

    private record Success(int status, String description, String schema) {
    }

    private static Success success(Operation op) {
        return switch (op) {
            case GET_FRONT_PAGE -> new Success(200, "Featured and latest deals; nextCursor continues in GET /deals", "FrontPage");
            case LIST_DEALS, LIST_BRAND_DEALS, LIST_CATEGORY_DEALS -> new Success(200, "A page of deals, newest first", "DealPage");
            case GET_DEAL -> new Success(200, "The deal", "Deal");
            case GET_EDITORS_CHOICE, SET_FRONT_PAGE_FEATURED, SET_EDITORS_CHOICE -> new Success(200, "The featured deals, in order", "Featured");
            case LIST_BRANDS -> new Success(200, "Every brand, by name ignoring case", "BrandList");
            case GET_BRAND, UNLIKE_BRAND, UNWATCH_BRAND -> new Success(200, "The brand", "Brand");
            case LIKE_BRAND, WATCH_BRAND -> new Success(201, "Newly liked or watched", "Brand");
            case LIST_CATEGORIES -> new Success(200, "Every category", "CategoryList");
            case GET_CATEGORY, UNLIKE_CATEGORY, UNWATCH_CATEGORY, SET_CATEGORY_FEATURED -> new Success(200, "The category", "Category");
            case LIKE_CATEGORY, WATCH_CATEGORY -> new Success(201, "Newly liked or watched", "Category");
            case CREATE_PROFILE -> new Success(201, "The new profile", "User");
            case GET_PROFILE -> new Success(200, "The caller's profile", "User");
            case GET_BRAND_FOLLOW_STATE, GET_CATEGORY_FOLLOW_STATE -> new Success(200, "Whether the caller likes and watches it", "FollowState");
            case LIST_MESSAGES -> new Success(200, "A page of messages, newest first", "MessagePage");
            case MARK_MESSAGE_READ -> new Success(204, "Read (also when it already was)", null);
            case CREATE_BRAND -> new Success(201, "The new brand", "Brand");
            case CREATE_CATEGORY -> new Success(201, "The new category", "Category");
            case CREATE_DEAL -> new Success(201, "The new deal", "Deal");
            case CORRECT_DEAL -> new Success(200, "The corrected deal", "Deal");
            case BLAST_HOT_DEAL -> new Success(202, "Recorded; the stream consumer delivers it", "BlastAccepted");
            case GET_BLAST -> new Success(200, "The blast's progress", "Blast");
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
            default -> null;
        };
    }

    private static boolean isPaged(Operation op) {
        return op == Operation.LIST_DEALS || op == Operation.LIST_BRAND_DEALS || op == Operation.LIST_CATEGORY_DEALS
                || op == Operation.LIST_MESSAGES;
    }

    private static ObjectNode error(ObjectNode responses, String status, String description) {
        ObjectNode r = responses.putObject(status);
        r.put("description", description);
        return r;
    }

    private static void errorBody(ObjectNode responses, String status, String description) {
        error(responses, status, description).putObject("content").putObject("application/json").set("schema", ref("Error"));
    }

    private static ObjectNode ref(String schema) {
        return object().put("$ref", "#/components/schemas/" + schema);
    }

    private static ObjectNode ksuid() {
        return object().put("type", "string").put("minLength", 27).put("maxLength", 27).put("pattern", "^[0-9A-Za-z]{27}$");
    }

    private static ObjectNode slug() {
        return object().put("type", "string").put("maxLength", 64).put("pattern", "^[a-z0-9]+(-[a-z0-9]+)*$");
    }

    private static ObjectNode string(int min, int max) {
        return object().put("type", "string").put("minLength", min).put("maxLength", max);
    }

    private static ObjectNode url() {
        return object().put("type", "string").put("format", "uri").put("maxLength", JsonBody.MAX_URL)
                .put("pattern", "^https?://");
    }

    private static ObjectNode instant() {
        return object().put("type", "string").put("format", "date-time");
    }

    private static ObjectNode object(List<String> required, Object... fields) {
        ObjectNode o = object().put("type", "object");
        ArrayNode req = o.putArray("required");
        required.forEach(req::add);
        ObjectNode props = o.putObject("properties");
        for (int i = 0; i < fields.length; i += 2) {
            props.set((String) fields[i], (ObjectNode) fields[i + 1]);
        }
        return o;
    }

    private static ObjectNode arrayOf(ObjectNode items) {
        ObjectNode a = object().put("type", "array");
        a.set("items", items);
        return a;
    }

    private static ObjectNode nullableString() {
        return object().put("type", "string").put("nullable", true);
    }

    private static ObjectNode schemas() {
        ObjectNode s = object();
        ObjectNode price = object().put("type", "number").put("minimum", 0).put("maximum", 10_000_000).put("multipleOf", 0.01);
        s.set("Deal", object(List.of("id", "title", "link", "price", "brandId", "brandName", "categoryId", "categoryName", "createdAt"),
                "id", ksuid(), "title", string(1, 200), "link", url(), "price", price, "brandId", slug(), "brandName", string(1, 100),
                "categoryId", slug(), "categoryName", string(1, 100), "imageUrl", url(), "description", string(0, 2000),
                "createdAt", instant()));
        s.set("DealPage", object(List.of("deals", "nextCursor"), "deals", arrayOf(ref("Deal")), "nextCursor", nullableString()));
        s.set("FrontPage", object(List.of("featured", "latest", "nextCursor"), "featured", arrayOf(ref("Deal")),
                "latest", arrayOf(ref("Deal")), "nextCursor", nullableString()));
        s.set("Featured", object(List.of("featured"), "featured", arrayOf(ref("Deal"))));
        ObjectNode count = object().put("type", "integer").put("minimum", 0);
        s.set("Brand", object(List.of("id", "name", "likes", "watchers"), "id", slug(), "name", string(1, 100),
                "logoUrl", url(), "likes", count, "watchers", count));
        s.set("BrandList", object(List.of("brands"), "brands", arrayOf(object(List.of("id", "name"), "id", slug(),
                "name", string(1, 100), "logoUrl", url()))));
        s.set("Category", object(List.of("id", "name", "likes", "watchers", "featured"), "id", slug(), "name", string(1, 100),
                "likes", count, "watchers", count, "featured", arrayOf(ref("Deal"))));
        s.set("CategoryList", object(List.of("categories"), "categories", arrayOf(object(List.of("id", "name"), "id", slug(),
                "name", string(1, 100)))));
        s.set("User", object(List.of("username", "email", "memberSince"), "username", string(1, 128),
                "email", object().put("type", "string").put("format", "email"),
                "birthday", object().put("type", "string").put("format", "date"), "pictureUrl", url(),
                "memberSince", instant()));
        s.set("Message", object(List.of("id", "subject", "body", "unread", "createdAt"), "id", ksuid(), "subject", string(1, 200),
                "body", string(0, 2000), "dealId", ksuid(), "unread", object().put("type", "boolean"), "createdAt", instant()));
        s.set("MessagePage", object(List.of("messages", "nextCursor"), "messages", arrayOf(ref("Message")), "nextCursor", nullableString()));
        ObjectNode bool = object().put("type", "boolean");
        s.set("FollowState", object(List.of("liked", "watching"), "liked", bool, "watching", bool));
        s.set("BlastAccepted", object(List.of("blastId"), "blastId", ksuid()));
        s.set("Blast", object(List.of("blastId", "dealId", "requestedAt", "segments", "segmentsDone", "usersReached", "done"),
                "blastId", ksuid(), "dealId", ksuid(), "requestedAt", instant(), "segments", count, "segmentsDone", count,
                "usersReached", count, "done", bool));
        s.set("Error", object(List.of("message"), "message", string(1, 500), "code", object().put("type", "string"),
                "field", object().put("type", "string"), "requestId", object().put("type", "string")));
        s.set("NewProfile", object(List.of("email"), "email", object().put("type", "string").put("format", "email").put("maxLength", 254),
                "birthday", object().put("type", "string").put("format", "date"), "pictureUrl", url()));
        s.set("NewBrand", object(List.of("name"), "name", string(1, 100), "logoUrl", url()));
        s.set("NewCategory", object(List.of("name"), "name", string(1, 100)));
        s.set("NewDeal", object(List.of("title", "link", "price", "brandId", "categoryId"), "title", string(1, 200), "link", url(),
                "price", price, "brandId", slug(), "categoryId", slug(), "imageUrl", url(), "description", string(1, 2000),
                "createdAt", instant().put("description", "Backfill only; not in the future (5 minutes of skew allowed)")));
        s.set("DealCorrection", object(List.of(), "title", string(1, 200), "link", url(), "price", price, "imageUrl", url(),
                "description", string(1, 2000)));
        ObjectNode ids = arrayOf(ksuid());
        ids.put("maxItems", FeaturedList.MAX_DEALS).put("uniqueItems", true);
        s.set("FeaturedIds", object(List.of("dealIds"), "dealIds", ids));
        s.set("HotDeal", object(List.of("dealId"), "dealId", ksuid(), "subject", string(1, 200), "body", string(1, 2000)));
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
