package com.bigtimedeals.infra;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import software.amazon.awscdk.services.apigateway.AccessLogFormat;
import software.amazon.awscdk.services.apigatewayv2.IAccessLogDestination;
import software.amazon.awscdk.services.apigatewayv2.IAccessLogSettings;

/** The HTTP API's JSON access logs, with the fields of {@link #ACCESS_LOG_FIELDS}, and the operators' query over them. */
final class AccessLogs implements IAccessLogSettings {
    /**
     * The HTTP API access log, one JSON object per request, with the {@code $context} variables HTTP APIs have.
     * A request the JWT authorizer rejects never reaches a function: {@code authorizerError} is the only record of why.
     */
    static final Map<String, String> ACCESS_LOG_FIELDS = accessLogFields();

    /** Logs Insights, over the access log group: why requests got 401 or 5xx (the README gives it to operators too). */
    static final String WHY_401_OR_5XX_QUERY = String.join("\n",
            "fields @timestamp, routeKey, status, authorizerError, integrationErrorMessage, errorMessage, requestId",
            "| filter status = \"401\" or status like /^5/",
            "| stats count(*) as requests, latest(requestId) as example by routeKey, status, authorizerError, integrationErrorMessage, errorMessage",
            "| sort requests desc");

    private final IAccessLogDestination destination;

    AccessLogs(IAccessLogDestination destination) {
        this.destination = destination;
    }

    @Override
    public IAccessLogDestination getDestination() {
        return destination;
    }

    @Override
    public AccessLogFormat getFormat() {
        StringBuilder json = new StringBuilder("{");
        for (Map.Entry<String, String> f : ACCESS_LOG_FIELDS.entrySet()) {
            // Every value quoted: API Gateway writes "-" for a missing one, which would break bare numbers.
            json.append(json.length() > 1 ? "," : "").append('"').append(f.getKey()).append("\":\"").append(f.getValue()).append('"');
        }
        return AccessLogFormat.custom(json.append('}').toString());
    }

    private static Map<String, String> accessLogFields() {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("requestId", "$context.requestId");
        f.put("requestTime", "$context.requestTime");
        f.put("routeKey", "$context.routeKey");
        f.put("status", "$context.status");
        f.put("responseLatency", "$context.responseLatency");
        f.put("integrationLatency", "$context.integrationLatency");
        f.put("integrationStatus", "$context.integrationStatus");
        f.put("integrationErrorMessage", "$context.integrationErrorMessage");
        f.put("authorizerError", "$context.authorizer.error");
        f.put("errorMessage", "$context.error.message");
        f.put("ip", "$context.identity.sourceIp");
        f.put("userAgent", "$context.identity.userAgent");
        f.put("responseLength", "$context.responseLength");
        return Collections.unmodifiableMap(f);
    }
}
