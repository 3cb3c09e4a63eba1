package com.bigtimedeals.lambda;

import java.time.Clock;

import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.platform.DynamoDbClients;
import com.bigtimedeals.platform.Settings;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TlsStart;
import com.bigtimedeals.service.IdempotencyService;

import software.amazon.awssdk.http.SdkHttpClient;

/**
 * What a Lambda execution environment builds once, where it starts (a handler's no-argument constructor): its
 * settings read from the environment into a typed {@link Configuration}, its DynamoDB client and table, and its
 * runtime, and its HTTP client (the TLS context built once, shared by any other client it builds). Everything below
 * the handler is handed what it needs from here.
 */
public record Container(Configuration configuration, Table table, FunctionRuntime runtime, SdkHttpClient http) {
    /**
     * The push service, for the sender (the stream consumer): SNS, its client built here, once, from this process's
     * environment (and only by the functions that call this, so no other loads the SNS SDK), over {@code http}, the
     * function's own HTTP client: a client of its own cost about 60 classes and 15 ms of CPU more on the thread of the
     * batch's first push, and its HTTPS connections a TLS context beside the function's.
     */
    public static com.bigtimedeals.service.PushEndpoints pushFromProcess(SdkHttpClient http) {
        return SnsPush.from(Settings.fromProcess(), http);
    }

    /**
     * The devices routes' push endpoints, from this process's environment ({@link #devicesPush(Settings)}), SNS's
     * client over {@code http}, the function's own HTTP client (its TLS context built once, on the TLS thread).
     */
    public static com.bigtimedeals.service.PushEndpoints devicesPush(SdkHttpClient http) {
        return devicesPush(Settings.fromProcess(), http);
    }

    /**
     * The devices routes' push endpoints: SNS built now in the function that makes endpoints (its environment names
     * a platform application, which the stack sets only where {@code PushAccess} grants CreatePlatformEndpoint: the
     * devices write function), so its client is built and its classes loaded before the SnapStart snapshot, not on a
     * user's first registration. Anywhere else (the devices read function, which never calls SNS; a write function of
     * a stack without applications, which may still delete an old device's endpoint) it is built on its first use,
     * so a function whose routes never call SNS never loads its SDK (issue 39: not on a cold path that does not need it).
     */
    public static com.bigtimedeals.service.PushEndpoints devicesPush(Settings settings) {
        return devicesPush(settings, null);
    }

    /** The same over {@code http} (null: a client of its own). */
    public static com.bigtimedeals.service.PushEndpoints devicesPush(Settings settings, SdkHttpClient http) {
        if (settings.get(SnsPush.FCM_APPLICATION) != null || settings.get(SnsPush.APNS_APPLICATION) != null) {
            return http == null ? SnsPush.from(settings) : SnsPush.from(settings, http);
        }
        return new PushOnFirstUse(() -> http == null ? SnsPush.from(settings) : SnsPush.from(settings, http));
    }

    /**
     * The devices function's push endpoints, SNS's client built (where {@link #devicesPush(Settings)} builds it at init)
     * on the warm-up thread of {@link #fromProcess(java.util.function.Consumer)}, beside the DynamoDB client on the
     * constructing thread: in the devices write function the two clients' builds overlap instead of following each
     * other. It is built over the function's HTTP client: a client of its own built a second TLS context (the trust
     * store's certificates parsed again) on that thread. Anywhere else it builds nothing there. A build that failed
     * there is done again, and fails properly, by {@link #endpoints}.
     */
    public static final class DevicesPushAtInit implements java.util.function.Consumer<SdkHttpClient> {
        private volatile com.bigtimedeals.service.PushEndpoints built;

        @Override
        public void accept(SdkHttpClient http) {
            Settings settings = Settings.fromProcess();
            if (settings.get(SnsPush.FCM_APPLICATION) != null || settings.get(SnsPush.APNS_APPLICATION) != null) {
                built = SnsPush.from(settings, http);
            }
        }

        /** After {@link #fromProcess(java.util.function.Consumer)} returned (it joins the thread): what was built, else as {@link #devicesPush(SdkHttpClient)}. */
        public com.bigtimedeals.service.PushEndpoints endpoints(SdkHttpClient http) {
            return built != null ? built : devicesPush(http);
        }
    }

    /** The HTTP client's TLS context ({@link TlsStart}) is built on a thread of its own while the SDK client is built on this one. */
    public static Container fromProcess() {
        return fromProcess((java.util.function.Consumer<SdkHttpClient>) null);
    }

    /** The same, with {@code alongside} run on a third thread: see {@link #fromProcess(java.util.function.Consumer)}. */
    public static Container fromProcess(Runnable alongside) {
        return fromProcess(alongside == null ? null : http -> alongside.run());
    }

    /**
     * The same, with {@code alongside} (init that needs nothing built here but the function's HTTP client: a handler's
     * warm-up) run on a third thread meanwhile and joined before this returns, so it is init too. A failure there fails
     * nothing: it built nothing the handler keeps, and the code it warmed runs again, and fails properly, where it is used.
     */
    public static Container fromProcess(java.util.function.Consumer<SdkHttpClient> alongside) {
        TlsStart tls = TlsStart.begin();
        SdkHttpClient http = tls.httpClient();
        Thread warm = null;
        if (alongside != null) {
            warm = new Thread(() -> {
                try {
                    alongside.accept(http);
                } catch (RuntimeException e) {
                    // See above: nothing to undo, and no logging from an init thread (the logger is the handler's).
                }
            }, "warm-up");
            warm.setDaemon(true);
            warm.start();
        }
        Settings settings = Settings.fromProcess();
        Table table = Table.from(settings, DynamoDbClients.from(settings, http), http);
        Configuration configuration = Configuration.from(settings);
        tls.await();
        if (warm != null) {
            try {
                warm.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // Lambda does not interrupt init; the handler works unwarmed
            }
        }
        return new Container(configuration, table, new FunctionRuntime(Clock.systemUTC(),
                settings.get("AWS_LAMBDA_INITIALIZATION_TYPE"), IdempotencyService.of(table, Clock.systemUTC())), http);
    }
}
