package com.bigtimedeals.api;


import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.bigtimedeals.lambda.Container;
import com.bigtimedeals.lambda.FunctionRuntime;
import com.bigtimedeals.service.InboxService;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.Operation;

/** The caller's profile and inbox. */
public final class InboxHandler extends ApiHandler {
    private final InboxService inbox;

    /** The function this class serves: {@code HandlerBindingTest} holds the topology's handler name to it. */
    public static final LambdaFunction FUNCTION = LambdaFunction.INBOX;

    /** For Lambda: what the container needs is built once, from its environment. */
    public InboxHandler() {
        this(Container.fromProcess());
    }

    private InboxHandler(Container c) {
        this(InboxService.of(c.table(), c.configuration()), c.runtime());
    }

    public InboxHandler(InboxService inbox, FunctionRuntime runtime) {
        super(FUNCTION, runtime);
        this.inbox = inbox;
    }

    @Override
    Reply handle(Operation operation, ApiRequest request) {
        return switch (operation) {
            case CREATE_PROFILE -> {
                JsonBody body = request.body();
                yield Reply.created(Json.user(inbox.createProfile(request.username(), body.text("email"),
                        body.pastDate("birthday"), body.text("pictureUrl"), request.now())));
            }
            case DELETE_ACCOUNT -> {
                inbox.deleteAccount(request.username());
                yield Reply.noContent();
            }
            case GET_PROFILE -> Reply.ok(Json.user(inbox.profile(request.username())));
            case LIST_MESSAGES -> Reply.ok(Json.messagePage(inbox.messages(request.username(), request.flag("unread"),
                    request.limit(), request.cursor())));
            case COUNT_UNREAD_MESSAGES -> Reply.ok(Json.unreadCount(inbox.unreadCount(request.username())));
            case MARK_MESSAGE_READ -> {
                inbox.markRead(request.username(), request.ksuid("messageId", "message"));
                yield Reply.noContent();
            }
            default -> throw new IllegalStateException("not an inbox route: " + operation);
        };
    }

    @Override
    APIGatewayV2HTTPEvent primingEvent() {
        return primingRequest("GET /me/messages", true);
    }
}
