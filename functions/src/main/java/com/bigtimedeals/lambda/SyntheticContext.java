package com.bigtimedeals.lambda;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;

/**
 * A Lambda context for invocations Lambda does not make: SnapStart priming, the local stack and tests.
 * {@code deadlineMillis} lets a caller play a function that is about to time out.
 */
public final class SyntheticContext implements Context {
    private final String requestId;
    private final String functionName;
    private final long deadlineMillis;

    public SyntheticContext(String requestId, String functionName, long remainingMillis) {
        this.requestId = requestId;
        this.functionName = functionName;
        this.deadlineMillis = System.currentTimeMillis() + remainingMillis;
    }

    public static SyntheticContext of(String requestId) {
        return new SyntheticContext(requestId, "local", 30_000);
    }

    @Override
    public String getAwsRequestId() {
        return requestId;
    }

    @Override
    public String getLogGroupName() {
        return "/local/" + functionName;
    }

    @Override
    public String getLogStreamName() {
        return "local";
    }

    @Override
    public String getFunctionName() {
        return functionName;
    }

    @Override
    public String getFunctionVersion() {
        return "$LATEST";
    }

    @Override
    public String getInvokedFunctionArn() {
        return "arn:aws:lambda:us-east-1:000000000000:function:" + functionName;
    }

    @Override
    public CognitoIdentity getIdentity() {
        return null;
    }

    @Override
    public ClientContext getClientContext() {
        return null;
    }

    @Override
    public int getRemainingTimeInMillis() {
        return (int) Math.max(0, deadlineMillis - System.currentTimeMillis());
    }

    @Override
    public int getMemoryLimitInMB() {
        return 1024;
    }

    @Override
    public LambdaLogger getLogger() {
        return new LambdaLogger() {
            @Override
            public void log(String message) {
                System.out.print(message);
            }

            @Override
            public void log(byte[] message) {
                System.out.write(message, 0, message.length);
            }
        };
    }
}
