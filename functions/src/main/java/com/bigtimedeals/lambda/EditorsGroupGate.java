package com.bigtimedeals.lambda;

import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.CognitoUserPoolPreTokenGenerationEventV2;
import com.amazonaws.services.lambda.runtime.events.CognitoUserPoolPreTokenGenerationEventV2.ClaimsAndScopeOverrideDetails;
import com.amazonaws.services.lambda.runtime.events.CognitoUserPoolPreTokenGenerationEventV2.GroupOverrideDetails;
import com.bigtimedeals.platform.AwsJsonCall;
import com.bigtimedeals.platform.DynamoDbClients;
import com.bigtimedeals.platform.Settings;
import com.bigtimedeals.topology.Access;
import com.bigtimedeals.topology.LambdaFunction;

import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.protocols.jsoncore.JsonNode;
import software.amazon.awssdk.regions.Region;

/**
 * The user pool's pre token generation trigger (event version 2, which reaches the access token the API reads): keeps
 * {@link Access#EDITORS_GROUP} out of the tokens of a user who has no authenticator app. The pool's MFA is optional,
 * and Cognito challenges every user who has TOTP on at each sign-in, so an editor's group only reaches a token after a
 * second factor: a stolen editor's password alone opens no /cms route (they answer 403, as for anyone outside the
 * group). Shoppers' tokens pass unchanged, without a call to Cognito.
 *
 * <p>Cognito's {@code AdminGetUser} is one signed call ({@link AwsJsonCall}), not the SDK's Cognito client: that
 * client was 3 MB of the function jar (issue 43 holds the jar under 15 MB), for one operation.
 */
public final class EditorsGroupGate implements RequestHandler<CognitoUserPoolPreTokenGenerationEventV2, CognitoUserPoolPreTokenGenerationEventV2> {
    private static final Logger LOG = LoggerFactory.getLogger(EditorsGroupGate.class);

    /** The function this class serves: {@code HandlerBindingTest} holds the topology's handler name to it. */
    public static final LambdaFunction FUNCTION = LambdaFunction.EDITORS_GROUP_GATE;
    /** AdminGetUser's name for an authenticator app (TOTP) in {@code UserMFASettingList}. */
    static final String AUTHENTICATOR_APP = "SOFTWARE_TOKEN_MFA";
    /** The SDK's own variable for pointing Cognito user pool calls elsewhere (tests do). */
    static final String ENDPOINT_VARIABLE = "AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER";

    private final AwsCredentialsProvider credentials;
    private final Region region;
    private final URI endpoint;
    private final SdkHttpClient http = UrlConnectionHttpClient.create();

    /** For Lambda: region and credentials from the function's environment. */
    public EditorsGroupGate() {
        this(Settings.fromProcess());
    }

    EditorsGroupGate(Settings settings) {
        this.credentials = DynamoDbClients.credentials(settings::get);
        this.region = DynamoDbClients.region(settings);
        String endpoint = settings.get(ENDPOINT_VARIABLE);
        this.endpoint = endpoint != null ? URI.create(endpoint) : AwsJsonCall.regional("cognito-idp", region);
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
            if (factors(userPoolId, username).contains(AUTHENTICATOR_APP)) {
                return true;
            }
            LOG.warn("A member of the editors group signed in without an authenticator app: the group is left out of the token");
            return false;
        } catch (RuntimeException e) {
            LOG.warn("Cognito did not say whether an editor has an authenticator app ({}): the group is left out of the token",
                    e.getClass().getSimpleName());
            return false;
        }
    }

    /** AdminGetUser's {@code UserMFASettingList}: the second factors the user has on (absent when none). */
    private List<String> factors(String userPoolId, String username) {
        JsonNode user = AwsJsonCall.call("Cognito AdminGetUser", endpoint, "cognito-idp",
                "AWSCognitoIdentityProviderService.AdminGetUser",
                "{\"UserPoolId\":" + AwsJsonCall.quoted(userPoolId) + ",\"Username\":" + AwsJsonCall.quoted(username) + "}",
                credentials, region, http);
        List<String> factors = new ArrayList<>();
        user.field("UserMFASettingList").filter(JsonNode::isArray)
                .ifPresent(list -> list.asArray().forEach(f -> factors.add(f.isString() ? f.text() : "")));
        return factors;
    }
}
