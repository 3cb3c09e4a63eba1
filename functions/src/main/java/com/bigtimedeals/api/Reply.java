package com.bigtimedeals.api;

import com.fasterxml.jackson.databind.JsonNode;

/** What an operation answers: a status and a JSON body (null for 204). */
record Reply(int status, JsonNode body) {
    static Reply ok(JsonNode body) {
        return new Reply(200, body);
    }

    static Reply created(JsonNode body) {
        return new Reply(201, body);
    }

    static Reply noContent() {
        return new Reply(204, null);
    }
}
