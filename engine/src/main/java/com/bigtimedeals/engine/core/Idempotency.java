package com.bigtimedeals.engine.core;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.LongSupplier;

import com.bigtimedeals.engine.api.ApiException;

/**
 * TransactWriteItems' ClientRequestToken: for ten minutes a token names one request. Repeating it with the same
 * parameters answers what the first call answered without writing again (the caller keeps what it needs of that
 * answer: the repeat's ConsumedCapacity is its own); with other parameters it is refused
 * ({@code IdempotentParameterMismatchException}); while the first call still runs, a repeat is refused with
 * {@code TransactionInProgressException}.
 */
public final class Idempotency {
    private static final class Entry {
        final String fingerprint;
        final long createdMillis;
        volatile byte[] response;

        Entry(String fingerprint, long createdMillis) {
            this.fingerprint = fingerprint;
            this.createdMillis = createdMillis;
        }
    }

    private final ConcurrentHashMap<String, Entry> tokens = new ConcurrentHashMap<>();
    /**
     * Every claim in the order it was made, so expiry looks only at the oldest: scanning the whole map on each claim
     * made a transaction's cost grow with every transaction of the last ten minutes (the SDK gives each one a token).
     */
    private final ConcurrentLinkedQueue<Map.Entry<String, Entry>> claims = new ConcurrentLinkedQueue<>();
    private final long windowMillis;
    private final LongSupplier clock;

    Idempotency(long windowMillis, LongSupplier clock) {
        this.windowMillis = windowMillis;
        this.clock = clock;
    }

    /**
     * Claims a token for a request. Returns the earlier response when this is a repeat of a finished call, null
     * when the caller should run the request and then {@link #finish} or {@link #abandon} it.
     */
    public byte[] claim(String token, String fingerprint) {
        long now = clock.getAsLong();
        expire(now);
        Entry mine = new Entry(fingerprint, now);
        Entry existing = tokens.putIfAbsent(token, mine);
        if (existing == null) {
            claims.add(Map.entry(token, mine));
            return null;
        }
        if (now - existing.createdMillis >= windowMillis) {
            if (tokens.replace(token, existing, mine)) {
                claims.add(Map.entry(token, mine));
                return null;
            }
            return claim(token, fingerprint);
        }
        if (!existing.fingerprint.equals(fingerprint)) {
            throw new ApiException(ApiException.DYNAMODB + "IdempotentParameterMismatchException",
                    "Request parameters do not match the parameters used in the original request with the same client request token.");
        }
        byte[] response = existing.response;
        if (response == null) {
            throw new ApiException(ApiException.DYNAMODB + "TransactionInProgressException",
                    "Transaction is in progress with the same client request token.");
        }
        return response;
    }

    public void finish(String token, byte[] response) {
        Entry e = tokens.get(token);
        if (e != null) {
            e.response = response;
        }
    }

    /** The request failed: the token is free again, as the service does not remember failed calls. */
    public void abandon(String token) {
        Entry e = tokens.get(token);
        if (e != null && e.response == null) {
            tokens.remove(token, e);
        }
    }

    private void expire(long now) {
        for (Map.Entry<String, Entry> oldest = claims.peek(); oldest != null
                && now - oldest.getValue().createdMillis >= windowMillis; oldest = claims.peek()) {
            if (claims.remove(oldest) && oldest.getValue().response != null) {
                // Only this claim's own entry: a token claimed again since maps to a newer one.
                tokens.remove(oldest.getKey(), oldest.getValue());
            }
        }
    }
}
