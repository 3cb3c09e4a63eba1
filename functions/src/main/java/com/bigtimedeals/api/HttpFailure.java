package com.bigtimedeals.api;

/** A refusal decided at the HTTP boundary (authentication, authorization, body size), before any service runs. */
final class HttpFailure extends RuntimeException {
    private final int status;
    private final ErrorCode code;

    HttpFailure(int status, ErrorCode code, String message) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
    }

    static HttpFailure unauthorized() {
        return new HttpFailure(401, ErrorCode.UNAUTHORIZED, "Unauthorized");
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
}
