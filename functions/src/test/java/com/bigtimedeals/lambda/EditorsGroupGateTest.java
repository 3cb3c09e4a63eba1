package com.bigtimedeals.lambda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.events.CognitoUserPoolPreTokenGenerationEventV2;
import com.amazonaws.services.lambda.runtime.events.CognitoUserPoolPreTokenGenerationEventV2.GroupConfiguration;
import com.bigtimedeals.platform.Settings;
import com.sun.net.httpserver.HttpServer;

/** The trigger's decision and its one signed AdminGetUser, against a loopback stand-in for Cognito (AWS itself). */
class EditorsGroupGateTest {
    /**
     * Cognito's user pool API on loopback, in its JSON 1.1 shapes: AdminGetUser answers {@code factors} as the user's
     * {@code UserMFASettingList} (null: a 400 refusal, as for a throttled or unknown user), and remembers each call.
     */
    private static final class Cognito {
        final List<String> calls = new CopyOnWriteArrayList<>();
        final HttpServer server;

        Cognito(List<String> factors) throws IOException {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.createContext("/", exchange -> {
                String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                calls.add(exchange.getRequestHeaders().getFirst("X-Amz-Target") + " " + body + " "
                        + exchange.getRequestHeaders().getFirst("Authorization"));
                String answer = factors == null ? "{\"__type\":\"UserNotFoundException\",\"message\":\"User does not exist.\"}"
                        : "{\"Username\":\"erin\",\"UserMFASettingList\":[" + String.join(",", factors.stream().map(f -> "\"" + f + "\"").toList()) + "]}";
                byte[] out = answer.getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(factors == null ? 400 : 200, out.length);
                exchange.getResponseBody().write(out);
                exchange.close();
            });
            server.start();
        }

        EditorsGroupGate gate() {
            return new EditorsGroupGate(Settings.of(Map.of("AWS_REGION", "eu-west-1", EditorsGroupGate.ENDPOINT_VARIABLE, "http://127.0.0.1:" + server.getAddress().getPort() + "/")));
        }
    }

    private final List<Cognito> started = new CopyOnWriteArrayList<>();

    private Cognito cognito(List<String> factors) throws IOException {
        Cognito c = new Cognito(factors);
        started.add(c);
        return c;
    }

    @AfterEach
    void stop() {
        started.forEach(c -> c.server.stop(0));
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
    void anEditorWithAnAuthenticatorAppKeepsTheGroup() throws IOException {
        Cognito cognito = cognito(List.of("SMS_MFA", EditorsGroupGate.AUTHENTICATOR_APP));
        assertNull(groupsInToken(cognito.gate().handleRequest(signIn("erin", "editors", "users"), null)),
                "no override: the token carries the groups as they are");
        assertEquals(1, cognito.calls.size());
        String call = cognito.calls.get(0);
        assertTrue(call.startsWith("AWSCognitoIdentityProviderService.AdminGetUser {\"UserPoolId\":\"eu-west-1_Pool\",\"Username\":\"erin\"} "), call);
        assertTrue(call.contains("AWS4-HMAC-SHA256 Credential=") && call.contains("/eu-west-1/cognito-idp/aws4_request"), call);
    }

    @Test
    void anEditorWithoutAnAuthenticatorAppLosesOnlyTheEditorsGroup() throws IOException {
        for (List<String> factors : List.of(List.<String>of(), List.of("SMS_MFA"))) {
            String[] kept = groupsInToken(cognito(factors).gate().handleRequest(signIn("erin", "users", "editors"), null));
            assertArrayEquals(new String[] {"users"}, kept, factors.toString());
        }
    }

    @Test
    void whenCognitoCannotSayTheGroupIsLeftOut() throws IOException {
        Cognito refusing = cognito(null);
        assertArrayEquals(new String[0], groupsInToken(refusing.gate().handleRequest(signIn("erin", "editors"), null)));
        assertEquals(1, refusing.calls.size(), "a refusal is final, not retried");
    }

    @Test
    void everyoneElsePassesUnchangedWithoutAskingCognito() throws IOException {
        Cognito cognito = cognito(List.of());
        EditorsGroupGate gate = cognito.gate();
        assertNull(groupsInToken(gate.handleRequest(signIn("ann", "users"), null)));
        assertNull(groupsInToken(gate.handleRequest(signIn("bob"), null)));
        CognitoUserPoolPreTokenGenerationEventV2 noGroups = signIn("cy");
        noGroups.getRequest().setGroupConfiguration(null);
        assertNull(groupsInToken(gate.handleRequest(noGroups, null)));
        assertEquals(List.of(), cognito.calls);
    }
}
