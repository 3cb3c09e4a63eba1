package com.bigtimedeals.api;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.bigtimedeals.devices.DeviceStore;
import com.bigtimedeals.devices.NotificationSettings;
import com.bigtimedeals.lambda.Container;
import com.bigtimedeals.lambda.FunctionRuntime;
import com.bigtimedeals.service.DeviceService;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.Operation;

/** The caller's devices for pushes and notification settings. */
public final class DevicesHandler extends ApiHandler {
    private final DeviceService devices;

    /** The function this class serves: {@code HandlerBindingTest} holds the topology's handler name to it. */
    public static final LambdaFunction FUNCTION = LambdaFunction.DEVICES;

    /** For Lambda: what the container needs is built once, from its environment. */
    public DevicesHandler() {
        this(new Container.DevicesPushAtInit());
    }

    private DevicesHandler(Container.DevicesPushAtInit push) {
        this(Container.fromProcess(push), push);
    }

    private DevicesHandler(Container c, Container.DevicesPushAtInit push) {
        this(DeviceService.of(c.table(), push.endpoints(c.http())), c.runtime());
    }

    public DevicesHandler(DeviceService devices, FunctionRuntime runtime) {
        super(FUNCTION, runtime);
        this.devices = devices;
    }

    @Override
    Reply handle(Operation operation, ApiRequest request) {
        return switch (operation) {
            case REGISTER_DEVICE -> {
                JsonBody body = request.body();
                DeviceStore.Registration r = devices.register(request.username(), body.text("platform"), body.text("token"));
                yield new Reply(r.created() ? 201 : 200, Json.device(r.device()));
            }
            case LIST_DEVICES -> Reply.ok(Json.devices(devices.list(request.username())));
            case REMOVE_DEVICE -> {
                devices.remove(request.username(), request.ksuid("deviceId", "device"));
                yield Reply.noContent();
            }
            case GET_NOTIFICATIONS -> Reply.ok(Json.notificationSettings(devices.settings(request.username())));
            case PUT_NOTIFICATIONS -> Reply.ok(Json.notificationSettings(
                    devices.replaceSettings(request.username(), settings(request.body()))));
            default -> throw new IllegalStateException("not a devices route: " + operation);
        };
    }

    private static NotificationSettings settings(JsonBody body) {
        JsonBody push = body.object("push");
        JsonBody quiet = body.object("quietHours");
        return new NotificationSettings(push.bool("watches"), push.bool("alerts"), push.bool("blasts"), push.bool("reminders"),
                quiet == null ? null : new NotificationSettings.QuietHours(quiet.clock("start"), quiet.clock("end"),
                        quiet.clock("timeZone")));
    }

    @Override
    APIGatewayV2HTTPEvent primingEvent() {
        return primingRequest("GET /me/devices", true);
    }
}
