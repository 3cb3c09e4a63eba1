package com.bigtimedeals.lambda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.CognitoUserPoolPreTokenGenerationEventV2;
import com.amazonaws.services.lambda.runtime.events.CognitoUserPoolPreTokenGenerationEventV2.GroupConfiguration;

import software.amazon.awssdk.services.cognitoidentityprovider.CognitoIdentityProviderClient;
import software.amazon.awssdk.services.cognitoidentityprovider.model.AdminGetUserRequest;
import software.amazon.awssdk.services.cognitoidentityprovider.model.AdminGetUserResponse;
import software.amazon.awssdk.services.cognitoidentityprovider.model.CognitoIdentityProviderException;

/** The trigger's decision, against a stand-in for Cognito's AdminGetUser answer. */
class EditorsGroupGateTest {
    /** Cognito, answering AdminGetUser with {@code factors} (null: failing), and remembering who was asked about. */
    private static final class Cognito implements CognitoIdentityProviderClient {
        final List<String> factors;
        final List<AdminGetUserRequest> asked = new ArrayList<>();

        Cognito(List<String> factors) {
            this.factors = factors;
        }

        @Override
        public AdminGetUserResponse adminGetUser(AdminGetUserRequest request) {
            asked.add(request);
            if (factors == null) {
                throw CognitoIdentityProviderException.builder().message("Rate exceeded").statusCode(429).build();
            }
            return AdminGetUserResponse.builder().username(request.username()).userMFASettingList(factors).build();
        }

        @Override
        public String serviceName() {
            return "cognito-idp";
        }

        @Override
        public void close() {
        }
    }

    private static CognitoUserPoolPreTokenGenerationEventV2 signIn(String username, String... groups) {
        GroupConfiguration g = new GroupConfiguration();
        g.setGroupsToOverride(groups);
        CognitoUserPoolPreTokenGenerationEventV2.Request request = new CognitoUserPoolPreTokenGenerationEventV2.Request();
        request.setGroupConfiguration(g);
        CognitoUserPoolPreTokenGenerationEventV2 event = new CognitoUserPoolPreTokenGenerationEventV2();
        event.setVersion("2");
        event.setTriggerSource("TokenGeneration_Authentication");
        event.setUserPoolId("eu-west-1_Pool");
        event.setUserName(username);
        event.setRequest(request);
        event.setResponse(new CognitoUserPoolPreTokenGenerationEventV2.Response());
        return event;
    }

    private static String[] groupsInToken(CognitoUserPoolPreTokenGenerationEventV2 answered) {
        var details = answered.getResponse().getClaimsAndScopeOverrideDetails();
        return details == null ? null : details.getGroupOverrideDetails().getGroupsToOverride();
    }

    @Test
    void anEditorWithAnAuthenticatorAppKeepsTheGroup() {
        Cognito cognito = new Cognito(List.of(EditorsGroupGate.AUTHENTICATOR_APP));
        assertNull(groupsInToken(new EditorsGroupGate(cognito).handleRequest(signIn("erin", "editors", "users"), null)),
                "no override: the token carries the groups as they are");
        assertEquals("erin", cognito.asked.get(0).username());
        assertEquals("eu-west-1_Pool", cognito.asked.get(0).userPoolId());
    }

    @Test
    void anEditorWithoutAnAuthenticatorAppLosesOnlyTheEditorsGroup() {
        for (List<String> factors : List.of(List.<String>of(), List.of("SMS_MFA"))) {
            String[] kept = groupsInToken(new EditorsGroupGate(new Cognito(factors)).handleRequest(signIn("erin", "users", "editors"), null));
            assertArrayEquals(new String[] {"users"}, kept, factors.toString());
        }
    }

    @Test
    void whenCognitoCannotSayTheGroupIsLeftOut() {
        assertArrayEquals(new String[0], groupsInToken(new EditorsGroupGate(new Cognito(null)).handleRequest(signIn("erin", "editors"), null)));
    }

    @Test
    void everyoneElsePassesUnchangedWithoutAskingCognito() {
        Cognito cognito = new Cognito(List.of());
        EditorsGroupGate gate = new EditorsGroupGate(cognito);
        assertNull(groupsInToken(gate.handleRequest(signIn("ann", "users"), null)));
        assertNull(groupsInToken(gate.handleRequest(signIn("bob"), null)));
        CognitoUserPoolPreTokenGenerationEventV2 noGroups = signIn("cy");
        noGroups.getRequest().setGroupConfiguration(null);
        assertNull(groupsInToken(gate.handleRequest(noGroups, null)));
        assertEquals(List.of(), cognito.asked);
    }
}
