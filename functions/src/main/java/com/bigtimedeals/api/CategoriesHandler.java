package com.bigtimedeals.api;

import java.time.Clock;
import java.util.Map;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.bigtimedeals.domain.ContractRules;
import com.bigtimedeals.domain.FeaturedList;
import com.bigtimedeals.service.CatalogService;

/** The categories list, a category, its deals, creating one and setting its featured deals. */
public final class CategoriesHandler extends ApiHandler {
    private final CatalogService catalog;

    public CategoriesHandler() {
        this(CatalogService.of(Environment.table()), Clock.systemUTC());
    }

    public CategoriesHandler(CatalogService catalog, Clock clock) {
        super(LambdaFunction.CATEGORIES, clock);
        this.catalog = catalog;
    }

    @Override
    Reply handle(Operation operation, ApiRequest request) {
        return switch (operation) {
            case LIST_CATEGORIES -> Reply.ok(Json.categories(catalog.categories()));
            case GET_CATEGORY -> Reply.ok(Json.category(catalog.category(request.slug("categoryId", "category"))));
            case LIST_CATEGORY_DEALS -> {
                String categoryId = request.slug("categoryId", "category");
                yield Reply.ok(Json.dealPage(catalog.categoryDeals(categoryId, request.limit(), request.cursor())));
            }
            case CREATE_CATEGORY -> Reply.created(Json.category(catalog.createCategory(request.body().requiredText("name", ContractRules.NAME_MAX))));
            case SET_CATEGORY_FEATURED -> {
                String categoryId = request.slug("categoryId", "category");
                var ids = request.body().requiredIdList("dealIds", FeaturedList.MAX_DEALS);
                yield Reply.ok(Json.category(catalog.setCategoryFeatured(categoryId, ids)));
            }
            default -> throw new IllegalStateException("not a categories route: " + operation);
        };
    }

    @Override
    APIGatewayV2HTTPEvent primingEvent() {
        return primingRequest("GET /categories", Map.of(), false);
    }
}
