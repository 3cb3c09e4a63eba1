package com.bigtimedeals.lambda;

import java.util.List;
import java.util.function.Supplier;

import com.bigtimedeals.platform.TableAccessLog;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.TableAccess;

/**
 * Holds what a function does to the table to what its deployment is granted ({@link TableAccess}): every DynamoDB
 * request made while it runs, as IAM authorizes it ({@link TableAccessLog}, on the test client), must be one of its
 * grants, or the test fails naming the request. In AWS such a request would be an AccessDeniedException, a 500.
 */
public final class GrantedAccess {
    private GrantedAccess() {
    }

    /**
     * Runs {@code call} as {@code function} deployed for its write routes ({@code writes}) or its read routes, counting
     * every request made meanwhile, on any thread (the stream consumer writes from several): for a call nothing else
     * runs beside.
     */
    public static <T> T checked(LambdaFunction function, boolean writes, Supplier<T> call) {
        TableAccessLog.clear();
        T result = call.get();
        assertGranted(function, writes, TableAccessLog.drain());
        return result;
    }

    /**
     * The same for a call that makes all its requests on the calling thread (an API handler), while other threads may
     * run calls of their own: only this thread's requests count.
     */
    public static <T> T checkedOnThisThread(LambdaFunction function, boolean writes, Supplier<T> call) {
        TableAccessLog.drainThisThread();
        T result = call.get();
        assertGranted(function, writes, TableAccessLog.drainThisThread());
        return result;
    }

    /** Fails on any of {@code made} that the deployment of {@code function} is not granted. */
    public static void assertGranted(LambdaFunction function, boolean writes, List<TableAccessLog.Access> made) {
        List<TableAccess.Grant> grants = TableAccess.of(function, writes);
        List<String> denied = made.stream()
                .filter(a -> !TableAccess.allows(grants, a.action(), a.index(), a.partitionKey()))
                .map(TableAccessLog.Access::toString).distinct().toList();
        if (!denied.isEmpty()) {
            String deployed = function.id() + (function.kind() == LambdaFunction.Kind.API ? writes ? "Write" : "Read" : "");
            throw new AssertionError(deployed + " made requests its grants (topology TableAccess) do not allow: " + denied);
        }
    }
}
