package com.bigtimedeals.api;

import java.util.Map;

import com.bigtimedeals.topology.HttpConventions;

/** A refusal decided at the HTTP boundary (authentication, authorization, body size), before any service runs. */
final class HttpFailure extends RuntimeException {
    private final int status;
    private final ErrorCode code;
    private final Map<String, String> headers;

    HttpFailure(int status, ErrorCode code, String message) {
        this(status, code, message, Map.of());
    }

    private HttpFailure(int status, ErrorCode code, String message, Map<String, String> headers) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
        this.headers = headers;
    }

    /** A 401 that says why, in its message and in {@code WWW-Authenticate} as API Gateway's authorizer does. */
    static HttpFailure unauthorized(HttpConventions.TokenProblem problem) {
        return new HttpFailure(401, ErrorCode.UNAUTHORIZED, problem.message(),
                Map.of("WWW-Authenticate", problem.challenge()));
    }

    static HttpFailure forbidden() {
        return new HttpFailure(403, ErrorCode.FORBIDDEN, "Forbidden: this route needs the editors group");
    }

    int status() {
        return status;
    }

    ErrorCode code() {
        return code;
    }

    Map<String, String> headers() {
        return headers;
    }
}
