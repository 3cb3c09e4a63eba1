package com.bigtimedeals.engine.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.engine.api.ApiException;

/** ClientRequestToken: one request per token for ten minutes, then the token is free again. */
class IdempotencyTest {
    private static final long WINDOW = 600_000;
    private final AtomicLong now = new AtomicLong(1_000_000);
    private final Idempotency tokens = new Idempotency(WINDOW, now::get);

    @Test
    void aRepeatWithinTenMinutesAnswersTheFirstResponseAndOtherParametersAreRefused() {
        assertNull(tokens.claim("t", "first"));
        tokens.finish("t", new byte[] {1});
        now.addAndGet(WINDOW - 1);
        assertArrayEquals(new byte[] {1}, tokens.claim("t", "first"));
        assertThrows(ApiException.class, () -> tokens.claim("t", "other"));
    }

    @Test
    void afterTenMinutesATokenNamesANewRequest() {
        assertNull(tokens.claim("t", "first"));
        tokens.finish("t", new byte[] {1});
        now.addAndGet(WINDOW);
        assertNull(tokens.claim("other", "x"), "expires the first claim");
        assertNull(tokens.claim("t", "second"), "a new request, not a mismatch");
        tokens.finish("t", new byte[] {2});
        assertArrayEquals(new byte[] {2}, tokens.claim("t", "second"));
    }

    @Test
    void tokensOfManyRequestsExpireOldestFirstAndNewerClaimsSurvive() {
        for (int i = 0; i < 5_000; i++) {
            assertNull(tokens.claim("old-" + i, "f"));
            tokens.finish("old-" + i, new byte[] {0});
        }
        now.addAndGet(WINDOW / 2);
        assertNull(tokens.claim("young", "f"));
        tokens.finish("young", new byte[] {3});
        now.addAndGet(WINDOW / 2);
        // The old ones have expired (each is a new request again); the young one is still remembered.
        assertNull(tokens.claim("old-0", "g"));
        assertArrayEquals(new byte[] {3}, tokens.claim("young", "f"));
    }

    @Test
    void aFailedRequestFreesItsToken() {
        assertNull(tokens.claim("t", "first"));
        tokens.abandon("t");
        assertNull(tokens.claim("t", "other"));
    }
}
