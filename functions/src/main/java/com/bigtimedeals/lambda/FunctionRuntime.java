package com.bigtimedeals.lambda;

import java.time.Clock;

/**
 * What a handler knows of the runtime it serves in: the clock its requests are stamped with, and how its execution
 * environment started ({@code AWS_LAMBDA_INITIALIZATION_TYPE}: on-demand, snap-start, provisioned-concurrency; null
 * outside Lambda).
 */
public record FunctionRuntime(Clock clock, String initializationType) {
    /** Outside Lambda (the local stack, tests, the benchmark): no initialization type. */
    public static FunctionRuntime at(Clock clock) {
        return new FunctionRuntime(clock, null);
    }
}
