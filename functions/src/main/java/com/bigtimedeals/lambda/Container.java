package com.bigtimedeals.lambda;

import java.time.Clock;

import com.bigtimedeals.data.Configuration;
import com.bigtimedeals.data.DynamoDbClients;
import com.bigtimedeals.data.Settings;
import com.bigtimedeals.data.Table;
import com.bigtimedeals.data.TlsStart;
import com.bigtimedeals.service.IdempotencyService;

import software.amazon.awssdk.http.SdkHttpClient;

/**
 * What a Lambda execution environment builds once, where it starts (a handler's no-argument constructor): its
 * settings read from the environment into a typed {@link Configuration}, its DynamoDB client and table, and its
 * runtime. Everything below the handler is handed what it needs from here.
 */
public record Container(Configuration configuration, Table table, FunctionRuntime runtime) {
    /**
     * The push service's endpoints, for the one function that makes them: SNS, its client built here, once, from
     * this process's environment (and only by the functions that call this, so no other loads the SNS SDK).
     */
    public static com.bigtimedeals.service.PushEndpoints pushFromProcess() {
        return SnsPush.from(Settings.fromProcess());
    }

    /** The HTTP client's TLS context ({@link TlsStart}) is built on a thread of its own while the SDK client is built on this one. */
    public static Container fromProcess() {
        TlsStart tls = TlsStart.begin();
        Settings settings = Settings.fromProcess();
        SdkHttpClient http = tls.httpClient();
        Table table = Table.from(settings, DynamoDbClients.from(settings, http), http);
        Configuration configuration = Configuration.from(settings);
        tls.await();
        return new Container(configuration, table, new FunctionRuntime(Clock.systemUTC(),
                settings.get("AWS_LAMBDA_INITIALIZATION_TYPE"), IdempotencyService.of(table, Clock.systemUTC())));
    }
}
