package com.bigtimedeals.engine.api;

/** An answer to one request: HTTP status and JSON body. */
public record Response(int status, byte[] body) {
}
