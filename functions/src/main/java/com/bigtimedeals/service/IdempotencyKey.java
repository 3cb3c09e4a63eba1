package com.bigtimedeals.service;

import java.time.Instant;

/**
 * A request's {@code Idempotency-Key} as the service layer runs it: whose key it is ({@code caller}), the key, the
 * request it was first used with ({@code fingerprint}: a hash of what makes it that request), the request's moment,
 * how long a claim of the key holds before another request may take it over ({@code leaseMillis}: the function's
 * timeout, after which its request is certainly dead), and how long this request may wait for a concurrent one with the
 * same key ({@code waitMillis}).
 */
public record IdempotencyKey(String caller, String key, String fingerprint, Instant now, long leaseMillis, long waitMillis) {
}
