package com.bigtimedeals.devices;

import java.time.Instant;

/**
 * A phone registered for pushes. {@code token} and {@code endpointArn} (the push service's platform endpoint for the
 * token, null until it has one) stay on the server: an answer carries {@code tokenEnd} only.
 */
public record Device(String id, DevicePlatform platform, String token, Instant createdAt, String endpointArn) {
    public String tokenEnd() {
        return DevicePlatform.tokenEnd(token);
    }

    public Device withEndpoint(String arn) {
        return new Device(id, platform, token, createdAt, arn);
    }
}
