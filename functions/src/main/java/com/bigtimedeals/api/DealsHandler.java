package com.bigtimedeals.api;


import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.bigtimedeals.data.Ids;
import com.bigtimedeals.domain.ContractRules;
import com.bigtimedeals.domain.DealCorrection;
import com.bigtimedeals.domain.DomainException;
import com.bigtimedeals.domain.FeaturedList;
import com.bigtimedeals.domain.FrontPage;
import com.bigtimedeals.domain.NewDeal;
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
            case GET_DEAL -> Reply.ok(Json.deal(deals.deal(request.ksuid("dealId", "deal")), request.now()));
            case GET_EDITORS_CHOICE -> Reply.ok(Json.featured(deals.editorsChoice(), request.now()));
            case LIST_HOT_DEALS -> Reply.ok(Json.dealPage(deals.hot(request.limit(), request.cursor()), request.now()));
            case LIST_HOTTEST_DEALS -> Reply.ok(Json.hottest(deals.hottest(request.window(), request.now()), request.now()));
            case CREATE_DEAL -> {
                JsonBody body = request.body();
                NewDeal draft = new NewDeal(body.requiredText("title", ContractRules.TITLE_MAX), body.requiredUrl("link"), body.price(),
                        body.requiredSlug("brandId"), body.requiredSlug("categoryId"), body.optionalUrl("imageUrl"),
                        body.optionalText("description", ContractRules.DESCRIPTION_MAX), body.optionalInstant("createdAt"),
                        body.optionalInstant("expiresAt"));
                yield Reply.created(Json.deal(deals.create(draft, request.now()), request.now()));
            }
            case CORRECT_DEAL -> {
                String dealId = request.ksuid("dealId", "deal");
                JsonBody body = request.body();
                for (String fixed : new String[] {"brandId", "categoryId", "createdAt", "id", "brandName", "categoryName"}) {
                    body.reject(fixed, "cannot change");
                }
                DealCorrection correction = new DealCorrection(body.correctionText("title", ContractRules.TITLE_MAX),
                        body.correctionUrl("link"), body.correctionPrice(), body.correctionUrl("imageUrl"),
                        body.correctionText("description", ContractRules.DESCRIPTION_MAX), body.optionalInstant("expiresAt"),
                        body.isExplicitNull("expiresAt"));
                yield Reply.ok(Json.deal(deals.correct(dealId, correction, request.now()), request.now()));
            }
            case SET_FRONT_PAGE_FEATURED -> Reply.ok(Json.featured(deals.setFrontPage(
                    request.body().requiredIdList("dealIds", FeaturedList.MAX_DEALS), request.now()), request.now()));
            case SET_EDITORS_CHOICE -> Reply.ok(Json.featured(deals.setEditorsChoice(
                    request.body().requiredIdList("dealIds", FeaturedList.MAX_DEALS), request.now()), request.now()));
            case TAKE_DOWN_DEAL -> {
                deals.takeDown(request.ksuid("dealId", "deal"));
                yield Reply.noContent();
            }
            case BLAST_HOT_DEAL -> {
                JsonBody body = request.body();
                String dealId = body.requiredText("dealId", Ids.LENGTH);
                if (!Ids.isValid(dealId)) {
                    throw DomainException.invalid("dealId", "dealId must be a deal id");
                }
                var recorded = deals.blast(dealId, body.optionalText("subject", ContractRules.SUBJECT_MAX),
                        body.optionalText("body", ContractRules.BODY_MAX),
                        request.now());
                // 202: accepted, the stream consumer delivers it; 200: the deal's blast already exists.
                yield new Reply(recorded.created() ? 202 : 200, Json.object().put("blastId", recorded.blast().id()));
            }
            case GET_BLAST -> Reply.ok(Json.blast(deals.blastProgress(request.ksuid("blastId", "blast"))));
            default -> throw new IllegalStateException("not a deals route: " + operation);
        };
    }

    @Override
    APIGatewayV2HTTPEvent primingEvent() {
        return primingRequest("GET /frontpage", false);
    }
}
