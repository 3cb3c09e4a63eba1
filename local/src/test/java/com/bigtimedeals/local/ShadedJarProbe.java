package com.bigtimedeals.local;

import java.util.Map;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.bigtimedeals.api.DealsHandler;
import com.bigtimedeals.lambda.SyntheticContext;

/** Run on the shaded function jar alone: builds a handler as Lambda does and serves one request. */
public final class ShadedJarProbe {
    private ShadedJarProbe() {
    }

    public static void main(String[] args) {
        DealsHandler handler = new DealsHandler();
        APIGatewayV2HTTPEvent event = APIGatewayV2HTTPEvent.builder()
                .withVersion("2.0").withRouteKey("GET /deals/{dealId}").withRawPath("/deals/x")
                .withPathParameters(Map.of("dealId", "not-a-deal-id"))
                .withRequestContext(APIGatewayV2HTTPEvent.RequestContext.builder().withRequestId("probe-request").build())
                .build();
        System.out.println("status=" + handler.handleRequest(event, SyntheticContext.of("probe")).getStatusCode());
        // A read never loads jackson-databind: responses are written by JsonObject, bodies are only parsed for writes.
        System.out.println("databindLoaded=" + loaded("com.fasterxml.jackson.databind.ObjectMapper"));
        // DynamoDB is unreachable here: the error path logs an exception with its stack trace.
        APIGatewayV2HTTPEvent failing = APIGatewayV2HTTPEvent.builder()
                .withVersion("2.0").withRouteKey("GET /frontpage").withRawPath("/frontpage")
                .withRequestContext(APIGatewayV2HTTPEvent.RequestContext.builder().withRequestId("probe-failure").build())
                .build();
        System.out.println("status=" + handler.handleRequest(failing, SyntheticContext.of("probe")).getStatusCode());
    }

    /** Whether a class was loaded, without loading it (needs --add-opens java.base/java.lang). */
    private static boolean loaded(String name) {
        try {
            java.lang.reflect.Method find = ClassLoader.class.getDeclaredMethod("findLoadedClass", String.class);
            find.setAccessible(true);
            return find.invoke(ShadedJarProbe.class.getClassLoader(), name) != null;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
