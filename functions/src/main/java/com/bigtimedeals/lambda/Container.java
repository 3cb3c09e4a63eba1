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
     * The HTTP client's TLS context ({@link TlsStart}) and logging ({@link LoggingStart}) start on threads of their own
     * while the SDK client is built on this one; both are done when this returns. A handler class must not touch a
     * logger before this returns (its static logger is created on first use, not at class load).
     */
    public static Container fromProcess() {
        TlsStart tls = TlsStart.begin();
        LoggingStart logging = LoggingStart.begin();
        Settings settings = Settings.fromProcess();
        SdkHttpClient http = tls.httpClient();
        Table table = Table.from(settings, DynamoDbClients.from(settings, http), http);
        Configuration configuration = Configuration.from(settings);
        tls.await();
        logging.await();
        // Built after logging is up: the idempotency service's class holds a logger.
        return new Container(configuration, table, new FunctionRuntime(Clock.systemUTC(),
                settings.get("AWS_LAMBDA_INITIALIZATION_TYPE"), IdempotencyService.of(table, Clock.systemUTC())));
    }
}
