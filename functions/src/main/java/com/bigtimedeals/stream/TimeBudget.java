package com.bigtimedeals.stream;

import com.amazonaws.services.lambda.runtime.Context;

/**
 * How long an invocation may keep working before it must hand the rest on. The reserve covers the last
 * page in flight plus the checkpoint write, so an invocation never runs into the Lambda time limit.
 */
final class TimeBudget {
    /** No time left: whatever is asked of it is handed on. */
    static final TimeBudget SPENT = new TimeBudget(null, 0);

    private final Context context;
    private final long reserveMillis;

    TimeBudget(Context context, long reserveMillis) {
        this.context = context;
        this.reserveMillis = reserveMillis;
    }

    boolean exhausted() {
        return context == null || context.getRemainingTimeInMillis() < reserveMillis;
    }
}
