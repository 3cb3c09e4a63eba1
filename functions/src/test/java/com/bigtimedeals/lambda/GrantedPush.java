package com.bigtimedeals.lambda;

import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.PushAccess;

/**
 * Holds what a function does at SNS to what its deployment is granted ({@link PushAccess}), as {@link GrantedAccess}
 * does for the table: a stand-in for the push service calls {@link #assertGranted} with the SNS actions of the call it
 * was asked for, while {@link #as} names the function deployment calling; an action not granted fails the test
 * naming it (in AWS it would be AccessDenied, a 500), and so does a call with no function calling.
 */
public final class GrantedPush {
    private record Caller(LambdaFunction function, boolean writes) {
    }

    private static final ThreadLocal<Caller> CALLER = new ThreadLocal<>();

    private GrantedPush() {
    }

    /** Runs {@code call} as {@code function} deployed for its write routes ({@code writes}) or its read routes. */
    public static <T> T as(LambdaFunction function, boolean writes, Supplier<T> call) {
        Caller before = CALLER.get();
        CALLER.set(new Caller(function, writes));
        try {
            return call.get();
        } finally {
            if (before == null) {
                CALLER.remove();
            } else {
                CALLER.set(before);
            }
        }
    }

    /** Fails unless the function calling on this thread is granted every one of {@code actions}. */
    public static void assertGranted(Set<PushAccess.Action> actions) {
        Caller c = CALLER.get();
        if (c == null) {
            throw new AssertionError("the push service was called outside any function: " + actions);
        }
        Set<PushAccess.Action> denied = new TreeSet<>(actions);
        denied.removeAll(PushAccess.of(c.function(), c.writes()));
        if (!denied.isEmpty()) {
            String deployed = c.function().id() + (c.function().kind() == LambdaFunction.Kind.API ? c.writes() ? "Write" : "Read" : "");
            throw new AssertionError(deployed + " called SNS actions its grants (topology PushAccess) do not allow: "
                    + denied.stream().map(PushAccess.Action::iam).toList());
        }
    }
}
