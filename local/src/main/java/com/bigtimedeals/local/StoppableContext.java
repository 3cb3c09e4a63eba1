package com.bigtimedeals.local;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.function.BooleanSupplier;

import com.amazonaws.services.lambda.runtime.Context;

/**
 * The context of one invocation of the local stream delivery: its timeout counts down as in Lambda, and a stop ends
 * it early, so the function's time budget makes it checkpoint and return instead of being cut off mid-page.
 */
final class StoppableContext {
    private StoppableContext() {
    }

    /** {@code inner} in every answer but the remaining time, which is none once {@code running} says false. */
    static Context of(Context inner, BooleanSupplier running) {
        return (Context) Proxy.newProxyInstance(Context.class.getClassLoader(), new Class<?>[] {Context.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("getRemainingTimeInMillis") && !running.getAsBoolean()) {
                        return 0;
                    }
                    try {
                        return method.invoke(inner, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
