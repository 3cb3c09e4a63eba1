package com.bigtimedeals.api;

import java.time.Instant;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.bigtimedeals.catalogue.FollowTarget;
import com.bigtimedeals.lambda.Container;
import com.bigtimedeals.lambda.FunctionRuntime;
import com.bigtimedeals.platform.Likeable;
import com.bigtimedeals.platform.Relation;
import com.bigtimedeals.service.FollowService;
import com.bigtimedeals.service.SavedService;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.Operation;

/** Likes and watches of brands and categories, "do I like/watch this?", and the caller's saved deals. */
public final class FollowsHandler extends ApiHandler {
    private final FollowService follows;
    private final SavedService saved;

    /** The function this class serves: {@code HandlerBindingTest} holds the topology's handler name to it. */
    public static final LambdaFunction FUNCTION = LambdaFunction.FOLLOWS;

    /** For Lambda: what the container needs is built once, from its environment. */
    public FollowsHandler() {
        this(Container.fromProcess());
    }

    private FollowsHandler(Container c) {
        this(FollowService.of(c.table()), SavedService.of(c.table()), c.runtime());
    }

    public FollowsHandler(FollowService follows, SavedService saved, FunctionRuntime runtime) {
        super(FUNCTION, runtime);
        this.follows = follows;
        this.saved = saved;
    }

    @Override
    Reply handle(Operation operation, ApiRequest request) {
        return switch (operation) {
            case LIKE_BRAND -> add(request, Likeable.BRAND, Relation.LIKE);
            case WATCH_BRAND -> add(request, Likeable.BRAND, Relation.WATCH);
            case LIKE_CATEGORY -> add(request, Likeable.CATEGORY, Relation.LIKE);
            case WATCH_CATEGORY -> add(request, Likeable.CATEGORY, Relation.WATCH);
            case UNLIKE_BRAND -> remove(request, Likeable.BRAND, Relation.LIKE);
            case UNWATCH_BRAND -> remove(request, Likeable.BRAND, Relation.WATCH);
            case UNLIKE_CATEGORY -> remove(request, Likeable.CATEGORY, Relation.LIKE);
            case UNWATCH_CATEGORY -> remove(request, Likeable.CATEGORY, Relation.WATCH);
            case GET_BRAND_FOLLOW_STATE -> Reply.ok(Json.followState(
                    follows.state(Likeable.BRAND, id(request, Likeable.BRAND), request.username())));
            case GET_CATEGORY_FOLLOW_STATE -> Reply.ok(Json.followState(
                    follows.state(Likeable.CATEGORY, id(request, Likeable.CATEGORY), request.username())));
            case LIST_FOLLOWS -> Reply.ok(Json.follows(follows.follows(request.username())));
            case SAVE_DEAL -> Reply.ok(Json.saved(saved.save(request.username(), request.ksuid("dealId", "deal"))));
            case UNSAVE_DEAL -> {
                saved.unsave(request.username(), request.ksuid("dealId", "deal"));
                yield Reply.noContent();
            }
            case LIST_SAVED -> {
                int limit = request.limit();
                yield Reply.ok(Json.savedPage(saved.page(request.username(), limit, request.cursor()), request.now()));
            }
            default -> throw new IllegalStateException("not a follows route: " + operation);
        };
    }

    private Reply add(ApiRequest request, Likeable kind, Relation relation) {
        return request.answer(follows.follow(kind, id(request, kind), request.username(), relation, request.idempotencyKey()),
                (followed, at) -> new Reply(followed.changed() ? 201 : 200, render(followed.target(), at)));
    }

    private Reply remove(ApiRequest request, Likeable kind, Relation relation) {
        return Reply.ok(render(follows.unfollow(kind, id(request, kind), request.username(), relation).target(), request.now()));
    }

    private static String id(ApiRequest request, Likeable kind) {
        return kind == Likeable.BRAND ? request.slug("brandId", "brand") : request.slug("categoryId", "category");
    }

    private static JsonObject render(FollowTarget target, Instant now) {
        return target.fold(Json::brand, category -> Json.category(category, now));
    }

    @Override
    APIGatewayV2HTTPEvent primingEvent() {
        // The one read of this function that answers 200 on any table, even the empty one of a first deploy.
        return primingRequest("GET /me/follows", true);
    }
}
