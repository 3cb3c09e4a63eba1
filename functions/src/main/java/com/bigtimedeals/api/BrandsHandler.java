package com.bigtimedeals.api;


import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.bigtimedeals.lambda.Container;
import com.bigtimedeals.lambda.FunctionRuntime;
import com.bigtimedeals.service.CatalogService;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.Operation;

/** The brands list, a brand, its deals, and creating a brand. */
public final class BrandsHandler extends ApiHandler {
    private final CatalogService catalog;

    /** The function this class serves: {@code HandlerBindingTest} holds the topology's handler name to it. */
    public static final LambdaFunction FUNCTION = LambdaFunction.BRANDS;

    /** For Lambda: what the container needs is built once, from its environment. */
    public BrandsHandler() {
        this(Container.fromProcess());
    }

    private BrandsHandler(Container c) {
        this(CatalogService.of(c.table()), c.runtime());
    }

    public BrandsHandler(CatalogService catalog, FunctionRuntime runtime) {
        super(FUNCTION, runtime);
        this.catalog = catalog;
    }

    @Override
    Reply handle(Operation operation, ApiRequest request) {
        return switch (operation) {
            case LIST_BRANDS -> Reply.ok(Json.brands(catalog.brands()));
            case GET_BRAND -> Reply.ok(Json.brand(catalog.brand(request.slug("brandId", "brand"))));
            case LIST_BRAND_DEALS -> {
                String brandId = request.slug("brandId", "brand");
                yield Reply.ok(Json.dealPage(catalog.brandDeals(brandId, request.limit(), request.cursor()), request.now()));
            }
            case CREATE_BRAND -> {
                JsonBody body = request.body();
                yield Reply.created(Json.brand(catalog.createBrand(body.text("name"), body.text("logoUrl"))));
            }
            case UPDATE_BRAND -> {
                JsonBody body = request.body();
                yield Reply.ok(Json.brand(catalog.updateBrand(request.slug("brandId", "brand"), body.text("name"),
                        body.text("logoUrl"))));
            }
            case DELETE_BRAND -> {
                catalog.delete(com.bigtimedeals.platform.Likeable.BRAND, request.slug("brandId", "brand"));
                yield Reply.noContent();
            }
            default -> throw new IllegalStateException("not a brands route: " + operation);
        };
    }

    @Override
    APIGatewayV2HTTPEvent primingEvent() {
        return primingRequest("GET /brands", false);
    }
}
