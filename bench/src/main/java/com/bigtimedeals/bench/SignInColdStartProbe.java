package com.bigtimedeals.bench;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.CognitoUserPoolPreTokenGenerationEventV2;
import com.bigtimedeals.lambda.SyntheticContext;

/**
 * One cold start of the sign-in trigger, like {@link ColdStartProbe}: construct the handler and deliver Cognito's pre
 * token generation event (version 2) for a shopper, whose groups pass unchanged without a call to Cognito. That is
 * nearly every sign-in; an editor's, which reads the user from Cognito, is rare. Arguments: the handler class.
 */
public final class SignInColdStartProbe {
    private SignInColdStartProbe() {
    }

    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws Exception {
        CognitoUserPoolPreTokenGenerationEventV2.GroupConfiguration groups = new CognitoUserPoolPreTokenGenerationEventV2.GroupConfiguration();
        groups.setGroupsToOverride(new String[] {"users"});
        CognitoUserPoolPreTokenGenerationEventV2.Request request = new CognitoUserPoolPreTokenGenerationEventV2.Request();
        request.setGroupConfiguration(groups);
        CognitoUserPoolPreTokenGenerationEventV2 event = new CognitoUserPoolPreTokenGenerationEventV2();
        event.setVersion("2");
        event.setTriggerSource("TokenGeneration_Authentication");
        event.setRegion("us-east-1");
        event.setUserPoolId("us-east-1_ColdStart");
        event.setUserName("user1");
        event.setRequest(request);
        ProbeTimes times = ProbeTimes.start();
        RequestHandler<CognitoUserPoolPreTokenGenerationEventV2, CognitoUserPoolPreTokenGenerationEventV2> handler =
                (RequestHandler<CognitoUserPoolPreTokenGenerationEventV2, CognitoUserPoolPreTokenGenerationEventV2>)
                        Class.forName(args[0]).getDeclaredConstructor().newInstance();
        times.constructed();
        CognitoUserPoolPreTokenGenerationEventV2 answer = handler.handleRequest(event, new SyntheticContext("cold-start", "sign-in", 5_000));
        // A shopper's token passes unchanged: an override here would mean the probe took the editors' path.
        times.answered(answer == event && answer.getResponse() == null ? 200 : 500);
    }
}
