package com.bigtimedeals.api;

import java.util.Map;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.bigtimedeals.community.Vote;
import com.bigtimedeals.lambda.Container;
import com.bigtimedeals.lambda.FunctionRuntime;
import com.bigtimedeals.service.VoteService;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.Operation;

/** Votes on deals, and the caller's own votes. */
public final class VotesHandler extends ApiHandler {
    /** {@code GET /me/votes} takes at most this many deal ids: one BatchGetItem holds 100 keys. */
    static final int MAX_DEAL_IDS = 100;

    /** A well-formed deal id nobody votes on: what the priming request asks about. */
    private static final String PRIMING_DEAL = "2Ob8YqPCahzVbVMpA4Ff0mu3Knb";

    private final VoteService votes;

    /** The function this class serves: {@code HandlerBindingTest} holds the topology's handler name to it. */
    public static final LambdaFunction FUNCTION = LambdaFunction.VOTES;

    /** For Lambda: what the container needs is built once, from its environment. */
    public VotesHandler() {
        this(Container.fromProcess());
    }

    private VotesHandler(Container c) {
        this(VoteService.of(c.table()), c.runtime());
    }

    public VotesHandler(VoteService votes, FunctionRuntime runtime) {
        super(FUNCTION, runtime);
        this.votes = votes;
    }

    @Override
    Reply handle(Operation operation, ApiRequest request) {
        return switch (operation) {
            case CAST_VOTE -> {
                String dealId = request.ksuid("dealId", "deal");
                Vote vote = Vote.parse(request.body().text("vote"));
                yield request.answer(votes.vote(request.username(), dealId, vote, request.idempotencyKey()),
                        (cast, at) -> Reply.ok(Json.vote(cast)));
            }
            case WITHDRAW_VOTE -> Reply.ok(Json.vote(votes.withdraw(request.username(), request.ksuid("dealId", "deal"))));
            case LIST_MY_VOTES -> {
                Map<String, Vote> mine = votes.mine(request.username(), request.ksuids("dealIds", MAX_DEAL_IDS));
                yield Reply.ok(Json.myVotes(mine));
            }
            default -> throw new IllegalStateException("not a votes route: " + operation);
        };
    }

    @Override
    APIGatewayV2HTTPEvent primingEvent() {
        // Answers 200 on any table, the empty one of a first deploy included, and writes nothing.
        APIGatewayV2HTTPEvent event = primingRequest("GET /me/votes", true);
        event.setRawQueryString("dealIds=" + PRIMING_DEAL);
        event.setQueryStringParameters(Map.of("dealIds", PRIMING_DEAL));
        return event;
    }
}
