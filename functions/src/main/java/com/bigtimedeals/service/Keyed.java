package com.bigtimedeals.service;

import java.time.Instant;

/**
 * What a keyed operation answers: its typed result, and whether that is the replay of an earlier request's with the
 * same {@code Idempotency-Key} ({@link IdempotencyService}); {@code recordedAt} is that first request's moment (null
 * for a request that carried no key).
 */
public record Keyed<T>(T result, Instant recordedAt, boolean replayed) {
    /** A result of this request's own. */
    public static <T> Keyed<T> fresh(T result, Instant at) {
        return new Keyed<>(result, at, false);
    }

    /**
     * The moment the answer speaks of: the first request's for a replay, so that an answer rendered from it (a
     * category's featured deals still showing) is the one the first request got, not what it would be now.
     */
    public Instant asOf(Instant now) {
        return replayed ? recordedAt : now;
    }
}
