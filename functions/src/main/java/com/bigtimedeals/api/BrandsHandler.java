package com.bigtimedeals.api;

import java.time.Clock;
import java.util.Map;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.bigtimedeals.domain.ContractRules;
import com.bigtimedeals.service.CatalogService;

/** The brands list, a brand, its deals, and creating a brand. */
public final class BrandsHandler extends ApiHandler {
    private final CatalogService catalog;

    public BrandsHandler() {
        this(CatalogService.of(Environment.table()), Clock.systemUTC());
    }

    public BrandsHandler(CatalogService catalog, Clock clock) {
        super(LambdaFunction.BRANDS, clock);
        this.catalog = catalog;
    }

    @Override
    Reply handle(Operation operation, ApiRequest request) {
        return switch (operation) {
            case LIST_BRANDS -> Reply.ok(Json.brands(catalog.brands()));
            case GET_BRAND -> Reply.ok(Json.brand(catalog.brand(request.slug("brandId", "brand"))));
            case LIST_BRAND_DEALS -> {
                String brandId = request.slug("brandId", "brand");
                yield Reply.ok(Json.dealPage(catalog.brandDeals(brandId, request.limit(), request.cursor())));
            }
            case CREATE_BRAND -> {
                JsonBody body = request.body();
                yield Reply.created(Json.brand(catalog.createBrand(body.requiredText("name", ContractRules.NAME_MAX), body.optionalUrl("logoUrl"))));
            }
            default -> throw new IllegalStateException("not a brands route: " + operation);
        };
    }

    @Override
    APIGatewayV2HTTPEvent primingEvent() {
        return primingRequest("GET /brands", Map.of(), false);
    }
}
