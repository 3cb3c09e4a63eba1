package com.bigtimedeals.api;


import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.bigtimedeals.lambda.Container;
import com.bigtimedeals.lambda.FunctionRuntime;
import com.bigtimedeals.service.CatalogService;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.Operation;

/** The categories list, a category, its deals, creating one and setting its featured deals. */
public final class CategoriesHandler extends ApiHandler {
    private final CatalogService catalog;

    /** The function this class serves: {@code HandlerBindingTest} holds the topology's handler name to it. */
    public static final LambdaFunction FUNCTION = LambdaFunction.CATEGORIES;

    /** For Lambda: what the container needs is built once, from its environment. */
    public CategoriesHandler() {
        this(Container.fromProcess());
    }

    private CategoriesHandler(Container c) {
        this(CatalogService.of(c.table()), c.runtime());
    }

    public CategoriesHandler(CatalogService catalog, FunctionRuntime runtime) {
        super(FUNCTION, runtime);
        this.catalog = catalog;
    }

    @Override
    Reply handle(Operation operation, ApiRequest request) {
        return switch (operation) {
            case LIST_CATEGORIES -> Reply.ok(Json.categories(catalog.categories()));
            case GET_CATEGORY -> Reply.ok(Json.category(catalog.category(request.slug("categoryId", "category")), request.now()));
            case LIST_CATEGORY_DEALS -> {
                String categoryId = request.slug("categoryId", "category");
                yield Reply.ok(Json.dealPage(catalog.categoryDeals(categoryId, request.limit(), request.cursor()), request.now()));
            }
            case CREATE_CATEGORY -> Reply.created(Json.category(catalog.createCategory(request.body().text("name")), request.now()));
            case SET_CATEGORY_FEATURED -> {
                String categoryId = request.slug("categoryId", "category");
                var ids = request.body().dealIds("dealIds");
                yield Reply.ok(Json.category(catalog.setCategoryFeatured(categoryId, ids, request.now()), request.now()));
            }
            case UPDATE_CATEGORY -> Reply.ok(Json.category(catalog.updateCategory(request.slug("categoryId", "category"),
                    request.body().text("name")), request.now()));
            case DELETE_CATEGORY -> {
                catalog.delete(com.bigtimedeals.platform.Likeable.CATEGORY, request.slug("categoryId", "category"));
                yield Reply.noContent();
            }
            default -> throw new IllegalStateException("not a categories route: " + operation);
        };
    }

    @Override
    APIGatewayV2HTTPEvent primingEvent() {
        return primingRequest("GET /categories", false);
    }
}
