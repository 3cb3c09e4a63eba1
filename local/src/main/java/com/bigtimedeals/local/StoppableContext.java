package com.bigtimedeals.local;

import java.util.function.BooleanSupplier;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;
import com.bigtimedeals.lambda.SyntheticContext;

/**
 * The context of one invocation: its timeout counts down as in Lambda, and a stop ends it early, so the
 * function's time budget makes it checkpoint and return instead of being cut off mid-page.
 */
final class StoppableContext implements Context {
    private final SyntheticContext inner;
    private final BooleanSupplier running;

    StoppableContext(SyntheticContext inner, BooleanSupplier running) {
        this.inner = inner;
        this.running = running;
    }

    @Override
    public int getRemainingTimeInMillis() {
        return running.getAsBoolean() ? inner.getRemainingTimeInMillis() : 0;
    }

    @Override
    public String getAwsRequestId() {
        return inner.getAwsRequestId();
    }

    @Override
    public String getLogGroupName() {
        return inner.getLogGroupName();
    }

    @Override
    public String getLogStreamName() {
        return inner.getLogStreamName();
    }

    @Override
    public String getFunctionName() {
        return inner.getFunctionName();
    }

    @Override
    public String getFunctionVersion() {
        return inner.getFunctionVersion();
    }

    @Override
    public String getInvokedFunctionArn() {
        return inner.getInvokedFunctionArn();
    }

    @Override
    public CognitoIdentity getIdentity() {
        return inner.getIdentity();
    }

    @Override
    public ClientContext getClientContext() {
        return inner.getClientContext();
    }

    @Override
    public int getMemoryLimitInMB() {
        return inner.getMemoryLimitInMB();
    }

    @Override
    public LambdaLogger getLogger() {
        return inner.getLogger();
    }
}
