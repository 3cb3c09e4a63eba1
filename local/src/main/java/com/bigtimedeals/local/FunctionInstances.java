package com.bigtimedeals.local;

import java.util.function.Supplier;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.bigtimedeals.topology.LambdaFunction;

/**
 * Function instances as Lambda makes them: the topology's handler class, loaded by name and built with its public
 * no-argument constructor, so each reads its own environment as a deployed one does. One instance per execution
 * environment: the gateway keeps one per function, the stream delivery one per lane.
 */
final class FunctionInstances {
    private FunctionInstances() {
    }

    @SuppressWarnings("unchecked")
    static <I, O> Supplier<RequestHandler<I, O>> of(LambdaFunction function) {
        return () -> {
            try {
                return (RequestHandler<I, O>) Class.forName(function.handlerClass()).getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot load handler " + function.handlerClass(), e);
            }
        };
    }
}
