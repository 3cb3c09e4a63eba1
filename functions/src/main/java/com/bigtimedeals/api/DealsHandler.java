package com.bigtimedeals.api;


import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.bigtimedeals.deals.DealCorrection;
import com.bigtimedeals.deals.FrontPage;
import com.bigtimedeals.deals.NewDeal;
import com.bigtimedeals.lambda.Container;
import com.bigtimedeals.lambda.FunctionRuntime;
import com.bigtimedeals.service.DealService;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.Operation;

/** Front page, deals, Editor's Choice, and the editors' deal, featured-list and hot-deal routes. */
public final class DealsHandler extends ApiHandler {
    private final DealService deals;

    /** The function this class serves: {@code HandlerBindingTest} holds the topology's handler name to it. */
    public static final LambdaFunction FUNCTION = LambdaFunction.DEALS;

    /** For Lambda: what the container needs is built once, from its environment. */
    public DealsHandler() {
        this(Container.fromProcess());
    }

    private DealsHandler(Container c) {
        this(DealService.of(c.table(), c.configuration()), c.runtime());
    }

    public DealsHandler(DealService deals, FunctionRuntime runtime) {
        super(FUNCTION, runtime);
        this.deals = deals;
    }

    @Override
    Reply handle(Operation operation, ApiRequest request) {
        return switch (operation) {
            case GET_FRONT_PAGE -> {
                FrontPage page = deals.frontPage();
                yield Reply.ok(Json.featured(page.featured(), request.now())
                        .put("latest", Json.deals(page.latest(), request.now()))
                        .put("nextCursor", page.nextCursor()));
            }
            case LIST_DEALS -> Reply.ok(Json.dealPage(deals.latest(request.limit(), request.cursor()), request.now()));
            case GET_DEAL -> Reply.ok(Json.dealDetail(deals.detail(request.ksuid("dealId", "deal")), request.now()));
            case GET_EDITORS_CHOICE -> Reply.ok(Json.featured(deals.editorsChoice(), request.now()));
            case LIST_HOT_DEALS -> Reply.ok(Json.dealPage(deals.hot(request.limit(), request.cursor()), request.now()));
            case LIST_HOTTEST_DEALS -> Reply.ok(Json.hottest(deals.hottest(request.window(), request.now()), request.now()));
            case CREATE_DEAL -> {
                JsonBody body = request.body();
                NewDeal draft = new NewDeal(body.text("title"), body.text("link"), body.price("price"),
                        body.text("brandId"), body.text("categoryId"), body.text("imageUrl"),
                        body.text("description"), body.instant("createdAt"), body.instant("expiresAt"));
                yield Reply.created(Json.deal(deals.create(draft, request.now(), request.username()), request.now()));
            }
            case CORRECT_DEAL -> {
                String dealId = request.ksuid("dealId", "deal");
                JsonBody body = request.body();
                DealCorrection correction = new DealCorrection(body.text("title"), body.text("link"), body.price("price"),
                        body.text("imageUrl"), body.text("description"), body.instant("expiresAt"),
                        body.isExplicitNull("expiresAt"));
                var corrected = deals.correct(dealId, correction, request.now(), request.username(), request.ifMatch());
                yield edited(corrected, request);
            }
            case GET_EDITED_DEAL -> edited(deals.edited(request.ksuid("dealId", "deal")), request);
            case LIST_DEAL_HISTORY -> Reply.ok(Json.history(deals.history(request.ksuid("dealId", "deal"), request.limit(),
                    request.cursor())));
            case SET_FRONT_PAGE_FEATURED -> Reply.ok(Json.featured(deals.setFrontPage(
                    request.body().dealIds("dealIds"), request.now()), request.now()));
            case SET_EDITORS_CHOICE -> Reply.ok(Json.featured(deals.setEditorsChoice(
                    request.body().dealIds("dealIds"), request.now()), request.now()));
            case TAKE_DOWN_DEAL -> {
                deals.takeDown(request.ksuid("dealId", "deal"), request.username());
                yield Reply.noContent();
            }
            case BLAST_HOT_DEAL -> {
                JsonBody body = request.body();
                var recorded = deals.blast(body.text("dealId"), body.text("subject"), body.text("body"), request.now(),
                        request.username());
                // 202: accepted, the stream consumer delivers it; 200: the deal's blast already exists.
                yield new Reply(recorded.created() ? 202 : 200, Json.object().put("blastId", recorded.blast().id()));
            }
            case GET_BLAST -> Reply.ok(Json.blast(deals.blastProgress(request.ksuid("blastId", "blast"))));
            default -> throw new IllegalStateException("not a deals route: " + operation);
        };
    }

    /** A deal as the editors see it, with its version as the answer's ETag too (what If-Match sends back). */
    private static Reply edited(com.bigtimedeals.deals.EditedDeal d, ApiRequest request) {
        Reply r = Reply.ok(Json.editedDeal(d, request.now()));
        return new Reply(r.status(), r.body(), r.changesAt(), java.util.Map.of("ETag", d.entityTag()));
    }

    @Override
    APIGatewayV2HTTPEvent primingEvent() {
        return primingRequest("GET /frontpage", false);
    }
}
