package com.bigtimedeals.lambda;

import java.util.Arrays;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.CognitoUserPoolPreTokenGenerationEventV2;
import com.amazonaws.services.lambda.runtime.events.CognitoUserPoolPreTokenGenerationEventV2.ClaimsAndScopeOverrideDetails;
import com.amazonaws.services.lambda.runtime.events.CognitoUserPoolPreTokenGenerationEventV2.GroupOverrideDetails;
import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.LambdaFunction;

import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.cognitoidentityprovider.CognitoIdentityProviderClient;
import software.amazon.awssdk.services.cognitoidentityprovider.model.AdminGetUserRequest;

/**
 * The user pool's pre token generation trigger (event version 2, which reaches the access token the API reads): keeps
 * {@link Access#EDITORS_GROUP} out of the tokens of a user who has no authenticator app. The pool's MFA is optional,
 * and Cognito challenges every user who has TOTP on at each sign-in, so an editor's group only reaches a token after a
 * second factor: a stolen editor's password alone opens no /cms route (they answer 403, as for anyone outside the
 * group). Shoppers' tokens pass unchanged, without a call to Cognito.
 */
public final class EditorsGroupGate implements RequestHandler<CognitoUserPoolPreTokenGenerationEventV2, CognitoUserPoolPreTokenGenerationEventV2> {
    private static final Logger LOG = LoggerFactory.getLogger(EditorsGroupGate.class);

    /** The function this class serves: {@code HandlerBindingTest} holds the topology's handler name to it. */
    public static final LambdaFunction FUNCTION = LambdaFunction.EDITORS_GROUP_GATE;
    /** AdminGetUser's name for an authenticator app (TOTP) in {@code UserMFASettingList}. */
    static final String AUTHENTICATOR_APP = "SOFTWARE_TOKEN_MFA";

    private final CognitoIdentityProviderClient cognito;

    /** For Lambda: one client per container, region and credentials from the function's environment. */
    public EditorsGroupGate() {
        this(CognitoIdentityProviderClient.builder().httpClient(UrlConnectionHttpClient.create()).build());
    }

    public EditorsGroupGate(CognitoIdentityProviderClient cognito) {
        this.cognito = cognito;
    }

    @Override
    public CognitoUserPoolPreTokenGenerationEventV2 handleRequest(CognitoUserPoolPreTokenGenerationEventV2 event, Context context) {
        String[] groups = event.getRequest() == null || event.getRequest().getGroupConfiguration() == null ? null
                : event.getRequest().getGroupConfiguration().getGroupsToOverride();
        if (groups == null || !Arrays.asList(groups).contains(Access.EDITORS_GROUP)
                || hasAuthenticatorApp(event.getUserPoolId(), event.getUserName())) {
            return event; // no override: the token carries the user's groups as they are
        }
        List<String> kept = Arrays.stream(groups).filter(g -> !Access.EDITORS_GROUP.equals(g)).toList();
        GroupOverrideDetails override = new GroupOverrideDetails();
        override.setGroupsToOverride(kept.toArray(String[]::new));
        ClaimsAndScopeOverrideDetails details = new ClaimsAndScopeOverrideDetails();
        details.setGroupOverrideDetails(override);
        CognitoUserPoolPreTokenGenerationEventV2.Response response = new CognitoUserPoolPreTokenGenerationEventV2.Response();
        response.setClaimsAndScopeOverrideDetails(details);
        event.setResponse(response);
        return event;
    }

    /**
     * Whether the user has TOTP on. If Cognito cannot say, the answer is no: the editor signs in without the group
     * (403 on the /cms routes, the mobile app unaffected) and signs in again, rather than a failure letting the
     * group through without a second factor.
     */
    private boolean hasAuthenticatorApp(String userPoolId, String username) {
        try {
            List<String> factors = cognito.adminGetUser(AdminGetUserRequest.builder().userPoolId(userPoolId).username(username).build())
                    .userMFASettingList();
            if (factors.contains(AUTHENTICATOR_APP)) {
                return true;
            }
            LOG.warn("A member of the editors group signed in without an authenticator app: the group is left out of the token");
            return false;
        } catch (SdkException e) {
            LOG.warn("Cognito did not say whether an editor has an authenticator app ({}): the group is left out of the token",
                    e.getClass().getSimpleName());
            return false;
        }
    }
}
