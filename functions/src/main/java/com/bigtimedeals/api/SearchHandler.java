package com.bigtimedeals.api;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.bigtimedeals.inbox.NewAlert;
import com.bigtimedeals.lambda.Container;
import com.bigtimedeals.lambda.FunctionRuntime;
import com.bigtimedeals.platform.Words;
import com.bigtimedeals.service.SearchService;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.Operation;

/** Search, and the caller's deal alerts: both on the index of words. */
public final class SearchHandler extends ApiHandler {
    private final SearchService search;

    /** The function this class serves: {@code HandlerBindingTest} holds the topology's handler name to it. */
    public static final LambdaFunction FUNCTION = LambdaFunction.SEARCH;

    /** For Lambda: what the container needs is built once, from its environment. */
    public SearchHandler() {
        this(Container.fromProcess());
    }

    private SearchHandler(Container c) {
        this(SearchService.of(c.table()), c.runtime());
    }

    public SearchHandler(SearchService search, FunctionRuntime runtime) {
        super(FUNCTION, runtime);
        this.search = search;
    }

    @Override
    Reply handle(Operation operation, ApiRequest request) {
        return switch (operation) {
            case SEARCH_DEALS -> {
                // The paging parameters first, so that a bad limit or cursor is named as such also when q is missing.
                int limit = request.limit();
                String cursor = request.cursor();
                yield Reply.ok(Json.dealPage(search.search(request.text("q", Words.MAX_TEXT), limit, cursor), request.now()));
            }
            case CREATE_ALERT -> {
                JsonBody body = request.body();
                NewAlert draft = NewAlert.of(body.text("keywords"), body.price("maxPrice"), body.text("brandId"),
                        body.text("categoryId"), body.text("excludeWords"), body.positiveInteger("minTemperature"));
                yield Reply.created(Json.alert(search.createAlert(request.username(), draft)));
            }
            case LIST_ALERTS -> Reply.ok(Json.alerts(search.alerts(request.username())));
            case DELETE_ALERT -> {
                search.deleteAlert(request.username(), request.ksuid("alertId", "alert"));
                yield Reply.noContent();
            }
            default -> throw new IllegalStateException("not a search route: " + operation);
        };
    }

    @Override
    APIGatewayV2HTTPEvent primingEvent() {
        // A read that answers 200 on any table, even the empty one of a first deploy.
        return primingRequest("GET /me/alerts", true);
    }
}
