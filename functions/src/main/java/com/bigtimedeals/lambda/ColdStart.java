package com.bigtimedeals.lambda;

import java.util.concurrent.atomic.AtomicBoolean;

import org.crac.Context;
import org.crac.Core;
import org.crac.Resource;
import org.slf4j.MDC;

/**
 * The {@code cold_start} field of the log lines: true on the first request an execution environment serves,
 * whether its JVM started on demand or was restored from a SnapStart snapshot. Powertools sets it only when
 * {@code AWS_LAMBDA_INITIALIZATION_TYPE} is {@code on-demand}, so a SnapStart function ({@code snap-start})
 * never logged a cold start, and operators could not see restores. Lines also carry
 * {@code initialization_type}, so a restore reads as {@code cold_start: true, initialization_type: snap-start}.
 */
public final class ColdStart implements Resource {
    private final AtomicBoolean pending = new AtomicBoolean(true);
    private final String initializationType;

    /** {@code initializationType}: Lambda's {@code AWS_LAMBDA_INITIALIZATION_TYPE}; null where Lambda sets none. */
    public ColdStart(String initializationType) {
        this.initializationType = initializationType;
        Core.getGlobalContext().register(this);
    }

    /** Marks the current request's log lines; call inside {@code PowertoolsLogging.withLogging}, which sets its own value first. */
    public void mark() {
        boolean first = pending.getAndSet(false);
        // Provisioned concurrency initialises ahead of traffic: its first request is not a cold start.
        MDC.put("cold_start", Boolean.toString(first && !"provisioned-concurrency".equals(initializationType)));
        if (initializationType != null) {
            MDC.put("initialization_type", initializationType);
        }
    }

    @Override
    public void beforeCheckpoint(Context<? extends Resource> context) {
        // The priming request already took the first mark; afterRestore gives it back.
    }

    @Override
    public void afterRestore(Context<? extends Resource> context) {
        pending.set(true);
    }
}
