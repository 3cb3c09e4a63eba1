package com.bigtimedeals.lambda;

import java.time.Clock;

import com.bigtimedeals.data.Configuration;
import com.bigtimedeals.data.DynamoDbClients;
import com.bigtimedeals.data.Settings;
import com.bigtimedeals.data.Table;
import com.bigtimedeals.service.IdempotencyService;

/**
 * What a Lambda execution environment builds once, where it starts (a handler's no-argument constructor): its
 * settings read from the environment into a typed {@link Configuration}, its DynamoDB client and table, and its
 * runtime. Everything below the handler is handed what it needs from here.
 */
public record Container(Configuration configuration, Table table, FunctionRuntime runtime) {
    public static Container fromProcess() {
        Settings settings = Settings.fromProcess();
        Table table = Table.from(settings, DynamoDbClients.from(settings));
        return new Container(Configuration.from(settings), table, new FunctionRuntime(Clock.systemUTC(),
                settings.get("AWS_LAMBDA_INITIALIZATION_TYPE"), IdempotencyService.of(table, Clock.systemUTC())));
    }
}
