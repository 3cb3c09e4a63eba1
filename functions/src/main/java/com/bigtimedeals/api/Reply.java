package com.bigtimedeals.api;

/** What an operation answers: a status and a JSON body (null for 204). */
record Reply(int status, JsonObject body) {
    static Reply ok(JsonObject body) {
        return new Reply(200, body);
    }

    static Reply created(JsonObject body) {
        return new Reply(201, body);
    }

    static Reply noContent() {
        return new Reply(204, null);
    }
}
