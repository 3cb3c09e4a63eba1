package com.bigtimedeals.api;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.bigtimedeals.lambda.Container;
import com.bigtimedeals.lambda.FunctionRuntime;
import com.bigtimedeals.service.CommentService;
import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.HttpApiEvents;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.Operation;

/** Deal threads, community reports and the editors' moderation queue. */
public final class CommentsHandler extends ApiHandler {
    private final CommentService community;

    /** The function this class serves: {@code HandlerBindingTest} holds the topology's handler name to it. */
    public static final LambdaFunction FUNCTION = LambdaFunction.COMMENTS;

    /** For Lambda: what the container needs is built once, from its environment. */
    public CommentsHandler() {
        this(Container.fromProcess());
    }

    private CommentsHandler(Container c) {
        this(CommentService.of(c.table(), c.configuration()), c.runtime());
    }

    public CommentsHandler(CommentService community, FunctionRuntime runtime) {
        super(FUNCTION, runtime);
        this.community = community;
    }

    @Override
    Reply handle(Operation operation, ApiRequest request) {
        return switch (operation) {
            case LIST_COMMENTS -> Reply.ok(Json.commentPage(community.thread(request.ksuid("dealId", "deal"),
                    request.limit(), request.cursor())));
            case POST_COMMENT -> {
                String dealId = request.ksuid("dealId", "deal");
                JsonBody body = request.body();
                yield request.answer(community.post(dealId, request.username(), body.text("body"), body.text("replyTo"),
                        request.idempotencyKey()), (comment, at) -> Reply.created(Json.comment(comment)));
            }
            case DELETE_COMMENT -> {
                community.delete(request.ksuid("dealId", "deal"), request.commentId(), request.username(), request.isEditor());
                yield Reply.noContent();
            }
            case REPORT_DEAL -> {
                String dealId = request.ksuid("dealId", "deal");
                JsonBody body = request.body();
                var filed = community.report(dealId, request.username(), body.text("reason"),
                        body.text("note"), request.now());
                yield new Reply(filed.created() ? 201 : 200, Json.report(filed.report()));
            }
            case LIST_REPORTED_DEALS -> Reply.ok(Json.reportQueue(community.queue(request.limit(), request.cursor()),
                    request.now()));
            case LIST_DEAL_REPORTS -> Reply.ok(Json.reports(community.openReports(request.ksuid("dealId", "deal"))));
            case DISMISS_REPORTS -> {
                community.dismiss(request.ksuid("dealId", "deal"), request.username());
                yield Reply.noContent();
            }
            default -> throw new IllegalStateException("not a comments route: " + operation);
        };
    }

    @Override
    APIGatewayV2HTTPEvent primingEvent() {
        // The moderation queue answers 200 on any table, the empty one of a first deploy included; a thread needs a deal.
        return HttpApiEvents.minimal("GET /cms/reports", java.util.Map.of(),
                HttpApiEvents.claims("snapstart-priming", java.util.List.of(Access.EDITORS_GROUP)), "snapstart-priming");
    }
}
