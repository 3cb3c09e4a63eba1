package com.bigtimedeals.lambda;

import java.time.Clock;

import com.bigtimedeals.platform.Table;
import com.bigtimedeals.service.IdempotencyService;

/**
 * What a handler knows of the runtime it serves in: the clock its requests are stamped with, how its execution
 * environment started ({@code AWS_LAMBDA_INITIALIZATION_TYPE}: on-demand, snap-start, provisioned-concurrency; null
 * outside Lambda), and where the API keeps the answers to {@code POST}s sent with an {@code Idempotency-Key} (null for
 * a function that serves no routes).
 */
public record FunctionRuntime(Clock clock, String initializationType, IdempotencyService idempotency) {
    /** Outside Lambda (the local stack, tests, the benchmark), for a function that serves no routes. */
    public static FunctionRuntime at(Clock clock) {
        return new FunctionRuntime(clock, null, null);
    }

    /** Outside Lambda, for an API handler over {@code table}. */
    public static FunctionRuntime at(Clock clock, Table table) {
        return new FunctionRuntime(clock, null, IdempotencyService.of(table, clock));
    }
}
