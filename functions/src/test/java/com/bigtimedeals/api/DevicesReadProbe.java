package com.bigtimedeals.api;

import java.util.Map;

import com.bigtimedeals.lambda.Container;
import com.bigtimedeals.lambda.FunctionRuntime;
import com.bigtimedeals.platform.Settings;
import com.bigtimedeals.service.DeviceService;
import com.bigtimedeals.topology.LambdaFunction;

/**
 * Runs the devices read routes as the devices read function is built ({@link Container#devicesPush}, from the read
 * deployment's environment: no platform application named), for {@code DevicesReadColdPathTest}, which loads this
 * class in a class loader of its own and then asks that loader what the routes made it load.
 */
public final class DevicesReadProbe extends ApiTest {
    /** The read deployment's environment as the stack sets it for SNS: nothing but the region (and locally an address). */
    static final Settings READ = Settings.of(Map.of("AWS_REGION", "us-east-1", "SNS_ENDPOINT", "http://127.0.0.1:9799"));

    /** GET /me/devices and GET /me/notifications, answered 200 by a devices handler holding the container's push. */
    public static void readRoutes() {
        DevicesReadProbe probe = new DevicesReadProbe();
        probe.freshTable();
        probe.handlers.put(LambdaFunction.DEVICES, new DevicesHandler(DeviceService.of(probe.table, Container.devicesPush(READ)),
                FunctionRuntime.at(java.time.Clock.fixed(NOW, java.time.ZoneOffset.UTC), probe.table)));
        probe.expect(200, get("/me/devices").user("ann"));
        probe.expect(200, get("/me/notifications").user("ann"));
        probe.handlers.get(LambdaFunction.DEVICES).prime();
    }

    /** The write deployment's container: its environment names the applications, so SNS is built at start-up. */
    public static void writeContainer() {
        Container.devicesPush(Settings.of(Map.of("AWS_REGION", "us-east-1", "SNS_ENDPOINT", "http://127.0.0.1:9799",
                "PUSH_FCM_APPLICATION_ARN", "arn:aws:sns:us-east-1:000000000000:app/GCM/big-time-deals-fcm")));
    }
}
