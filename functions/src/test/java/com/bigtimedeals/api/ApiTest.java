package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.BeforeEach;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.bigtimedeals.contract.ResponseContract;
import com.bigtimedeals.lambda.FunctionRuntime;
import com.bigtimedeals.lambda.GrantedAccess;
import com.bigtimedeals.lambda.GrantedPush;
import com.bigtimedeals.lambda.SyntheticContext;
import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.platform.DynamoDbTest;
import com.bigtimedeals.platform.RequestMeter;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.service.CatalogService;
import com.bigtimedeals.service.CommentService;
import com.bigtimedeals.service.DealService;
import com.bigtimedeals.service.FollowService;
import com.bigtimedeals.service.InboxService;
import com.bigtimedeals.service.SearchService;
import com.bigtimedeals.service.VoteService;
import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.HttpApiEvents;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.Route;
import com.bigtimedeals.topology.RouteTable;
import com.fasterxml.jackson.databind.JsonNode;

import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/** Handlers over a fresh table on the engine, driven with API Gateway v2 events. */
abstract class ApiTest extends DynamoDbTest {
    static final Instant NOW = Instant.parse("2026-11-20T12:00:00Z");
    static final int CACHE_SHARDS = 3;
    private static final AtomicInteger REQUESTS = new AtomicInteger();

    /**
     * The push service's endpoints as the devices routes meet them: an ARN per token, made and deleted nowhere, but
     * each call held to the calling function's SNS grants (GrantedPush) with the actions SNS's implementation of it
     * makes, so a route that starts calling SNS without its grant fails its test as it would fail deployed.
     */
    static final com.bigtimedeals.service.PushEndpoints PUSH_ENDPOINTS = new com.bigtimedeals.service.PushEndpoints() {
        @Override
        public String create(com.bigtimedeals.devices.Device device) {
            GrantedPush.assertGranted(CREATE_ACTIONS);
            return "arn:aws:sns:us-east-1:000000000000:endpoint/" + (device.platform() == com.bigtimedeals.devices.DevicePlatform.FCM
                    ? "GCM/test-fcm/" : "APNS/test-apns/") + Integer.toHexString(device.token().hashCode());
        }

        @Override
        public String ensure(com.bigtimedeals.devices.Device device) {
            GrantedPush.assertGranted(ENSURE_ACTIONS);
            return device.endpointArn();
        }

        @Override
        public void delete(String endpointArn) {
            GrantedPush.assertGranted(DELETE_ACTIONS);
        }
    };

    Table table;
    Map<LambdaFunction, ApiHandler> handlers;
    int lastRequests;

    @BeforeEach
    void freshTable() {
        table = newTable(NOW);
        handlers = handlers(table, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    static Map<LambdaFunction, ApiHandler> handlers(Table table, Clock clock) {
        Map<LambdaFunction, ApiHandler> h = new EnumMap<>(LambdaFunction.class);
        FunctionRuntime runtime = FunctionRuntime.at(clock, table);
        h.put(LambdaFunction.DEALS, new DealsHandler(DealService.of(table, CACHE_SHARDS, 4), runtime));
        h.put(LambdaFunction.BRANDS, new BrandsHandler(CatalogService.of(table), runtime));
        h.put(LambdaFunction.CATEGORIES, new CategoriesHandler(CatalogService.of(table), runtime));
        h.put(LambdaFunction.FOLLOWS, new FollowsHandler(FollowService.of(table), com.bigtimedeals.service.SavedService.of(table), runtime));
        h.put(LambdaFunction.DEVICES, new DevicesHandler(com.bigtimedeals.service.DeviceService.of(table, PUSH_ENDPOINTS), runtime));
        h.put(LambdaFunction.INBOX, new InboxHandler(InboxService.of(table, Configuration.defaults()), runtime));
        h.put(LambdaFunction.VOTES, new VotesHandler(VoteService.of(table), runtime));
        h.put(LambdaFunction.SEARCH, new SearchHandler(SearchService.of(table), runtime));
        h.put(LambdaFunction.COMMENTS, new CommentsHandler(CommentService.of(table,
                Configuration.from(com.bigtimedeals.platform.Settings.defaults().forLocalStack())), runtime));
        return h;
    }

    /** A request as a client would send it; {@link #send} turns it into the gateway's event. */
    static final class Call {
        final String method;
        final String path;
        String query = "";
        String body;
        String contentType = "application/json";
        boolean base64;
        Map<String, String> claims;
        final Map<String, String> headers = new LinkedHashMap<>();

        Call(String method, String path) {
            this.method = method;
            this.path = path;
        }

        Call query(String q) {
            this.query = q;
            return this;
        }

        Call body(String json) {
            this.body = json;
            return this;
        }

        /** A body of raw bytes, base64-encoded as API Gateway passes a body it cannot pass as text. */
        Call bytes(byte[] raw) {
            this.body = java.util.Base64.getEncoder().encodeToString(raw);
            this.base64 = true;
            return this;
        }

        Call header(String name, String value) {
            headers.put(name, value);
            return this;
        }

        /** Null sends no Content-Type header. */
        Call contentType(String type) {
            this.contentType = type;
            return this;
        }

        Call as(String username, String... groups) {
            claims = new LinkedHashMap<>();
            claims.put("cognito:username", username);
            claims.put("cognito:groups", "[" + String.join(" ", groups) + "]");
            claims.put("exp", Long.toString(NOW.getEpochSecond() + 3600));
            claims.put("token_use", "access");
            return this;
        }

        Call editor() {
            return as("erin", Access.EDITORS_GROUP, Access.USERS_GROUP);
        }

        Call user(String name) {
            return as(name, "users");
        }
    }

    static Call get(String path) {
        return new Call("GET", path);
    }

    static Call post(String path) {
        return new Call("POST", path);
    }

    static Call put(String path) {
        return new Call("PUT", path);
    }

    static Call patch(String path) {
        return new Call("PATCH", path);
    }

    static Call delete(String path) {
        return new Call("DELETE", path);
    }

    APIGatewayV2HTTPEvent event(Call c) {
        Route route = RouteTable.match(c.method, c.path);
        if (route == null) {
            throw new IllegalArgumentException("no route for " + c.method + " " + c.path);
        }
        Map<String, List<String>> headers = new LinkedHashMap<>();
        if (c.contentType != null) {
            headers.put("Content-Type", List.of(c.contentType));
        }
        c.headers.forEach((name, value) -> headers.put(name, List.of(value)));
        return HttpApiEvents.build(route, new HttpApiEvents.RawRequest(c.method, c.path, c.query, headers, c.body, c.base64,
                c.claims, "req-" + REQUESTS.incrementAndGet(), "127.0.0.1", NOW));
    }

    APIGatewayV2HTTPResponse send(Call c) {
        return invoke(event(c));
    }

    APIGatewayV2HTTPResponse invoke(APIGatewayV2HTTPEvent event) {
        Route route = RouteTable.byRouteKey(event.getRouteKey());
        ApiHandler handler = handlers.get(route.function());
        RequestMeter.reset();
        // As deployed: the route's function for its access level may make only the requests that level is granted.
        APIGatewayV2HTTPResponse response = GrantedAccess.checkedOnThisThread(route.function(), route.writes(),
                () -> GrantedPush.as(route.function(), route.writes(),
                        () -> handler.handleRequest(event, SyntheticContext.of(event.getRequestContext().getRequestId()))));
        lastRequests = RequestMeter.usage().requests();
        // Every answer any handler test sees must be one docs/openapi.yaml allows.
        ResponseContract.check(event.getRequestContext().getHttp().getMethod(), event.getRawPath(), response.getStatusCode(),
                response.getHeaders(), response.getBody());
        return response;
    }

    /** Sends and asserts the status; returns the parsed body (null for an empty one). */
    JsonNode expect(int status, Call c) {
        APIGatewayV2HTTPResponse r = send(c);
        assertEquals(status, r.getStatusCode(), () -> c.method + " " + c.path + " answered " + r.getBody());
        return parse(r);
    }

    static JsonNode parse(APIGatewayV2HTTPResponse r) {
        try {
            return r.getBody() == null ? null : JacksonReferenceShapes.MAPPER.readTree(r.getBody());
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + r.getBody(), e);
        }
    }

    void assertBudget(int budget) {
        assertTrue(lastRequests <= budget, "made " + lastRequests + " DynamoDB requests, budget " + budget);
    }

    /** Every item in the table, as a count: "writes nothing" is this number not moving. */
    int itemCount() {
        return client.scan(ScanRequest.builder().tableName(table.name()).select("COUNT").build()).count();
    }

    // Common set-up through the API itself.
    void seedCatalog() {
        expect(201, post("/cms/brands").editor().body("{\"name\":\"Acme\",\"logoUrl\":\"https://img.example.com/acme.png\"}"));
        expect(201, post("/cms/brands").editor().body("{\"name\":\"Globex\"}"));
        expect(201, post("/cms/categories").editor().body("{\"name\":\"Tech\"}"));
        expect(201, post("/cms/categories").editor().body("{\"name\":\"Food & Drink\"}"));
    }

    String createDeal(String title, String brandId, String categoryId) {
        return createDeal(title, brandId, categoryId, null);
    }

    String createDeal(String title, String brandId, String categoryId, Instant createdAt) {
        String at = createdAt == null ? "" : ",\"createdAt\":\"" + createdAt + "\"";
        return expect(201, post("/cms/deals").editor().body("{\"title\":\"" + title + "\",\"link\":\"https://shop.example.com/"
                + title.replace(' ', '-') + "\",\"price\":19.99,\"brandId\":\"" + brandId + "\",\"categoryId\":\""
                + categoryId + "\"" + at + "}")).get("id").asText();
    }

    static List<String> ids(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.get("id").asText()));
        return out;
    }
}
