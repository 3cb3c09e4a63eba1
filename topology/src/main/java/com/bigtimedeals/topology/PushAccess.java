package com.bigtimedeals.topology;

import java.util.EnumSet;
import java.util.Set;

/**
 * What each deployed function may do at SNS (mobile push, api.md "Devices and push"), stated once: the CDK stack grants
 * exactly these actions, each only on the stack's own platform applications or their endpoints, and
 * {@code DeployedStateTest} holds the template to it. Only the devices routes' write function makes endpoints (a
 * device registered) and reads and sets their attributes (SNS's token-management flow: an endpoint that exists for
 * the token but is disabled, or holds another token, is set to the token and enabled), and only the sender publishes;
 * both delete endpoints (a device removed or replaced; a device found dead, an account's deletion walk). No other
 * function is given any SNS action: the devices read function's code never calls SNS (its container never builds
 * the client), and the function tests fail any SNS call a function makes without its action here.
 */
public final class PushAccess {
    /** The platform applications' ARNs, in the environment of the function that makes endpoints in them. */
    public static final String FCM_APPLICATION_VARIABLE = "PUSH_FCM_APPLICATION_ARN";
    public static final String APNS_APPLICATION_VARIABLE = "PUSH_APNS_APPLICATION_ARN";

    /** An SNS action the push code calls, by its IAM name ({@code sns:} + name). */
    public enum Action {
        // Every action but CreatePlatformEndpoint is granted on this stack's endpoints only (PushResources).
        CREATE_PLATFORM_ENDPOINT("CreatePlatformEndpoint"),
        PUBLISH("Publish"),
        DELETE_ENDPOINT("DeleteEndpoint"),
        GET_ENDPOINT_ATTRIBUTES("GetEndpointAttributes"),
        SET_ENDPOINT_ATTRIBUTES("SetEndpointAttributes");

        private final String iamName;

        Action(String iamName) {
            this.iamName = iamName;
        }

        public String iam() {
            return "sns:" + iamName;
        }

        /** The action of an SNS API operation by its name (the SDK's operation name is the IAM one); null if none here. */
        public static Action ofOperation(String operation) {
            for (Action a : values()) {
                if (a.iamName.equals(operation)) {
                    return a;
                }
            }
            return null;
        }
    }

    private PushAccess() {
    }

    /** The SNS actions of {@code function} deployed for its write routes ({@code writes}) or its read routes. */
    public static Set<Action> of(LambdaFunction function, boolean writes) {
        if (function == LambdaFunction.DEVICES && writes) {
            return EnumSet.of(Action.CREATE_PLATFORM_ENDPOINT, Action.GET_ENDPOINT_ATTRIBUTES,
                    Action.SET_ENDPOINT_ATTRIBUTES, Action.DELETE_ENDPOINT);
        }
        if (function == LambdaFunction.STREAM_CONSUMER) {
            return EnumSet.of(Action.PUBLISH, Action.DELETE_ENDPOINT);
        }
        return EnumSet.noneOf(Action.class);
    }
}
