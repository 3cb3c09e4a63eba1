package com.bigtimedeals.service;

import java.time.Clock;
import java.time.Instant;
import java.util.function.Supplier;

import com.bigtimedeals.platform.IdempotencyStore.Answer;
import com.bigtimedeals.platform.IdempotencyStore.Holder;
import com.bigtimedeals.platform.IdempotencyStore;
import com.bigtimedeals.platform.Table;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * Runs a {@code POST} once per caller and {@code Idempotency-Key}: the first request with a key does the work and its
 * answer is kept for 24 hours; a repeat with the same request gets that answer again and does nothing; the same key
 * with a different request is refused. Two requests with one key at once: the one that claims the key runs, the other
 * waits for its answer and replays it, so the work is never done twice by requests that overlap. Only answers that did
 * something (2xx) are kept: a refused or failed request wrote nothing, gives the key back, and may be retried with it.
 *
 * <p>What it costs: a first request 2 DynamoDB requests more than the route's own (claim, then record); a replay 1
 * (the claim that finds the answer) instead of the route's; a request that waits, 1 read per poll.
 */
public final class IdempotencyService {
    /** The answer a request gets, and whether it is a replay of an earlier request's. */
    public record Outcome(Answer answer, boolean replayed) {
    }

    /** Why a request with a key was not run. */
    public static final class Refused extends RuntimeException {
        /** The key was first used with a different request (method, path or body). */
        public static final String KEY_REUSED = "key-reused";
        /** The first request with the key is still running after this one waited as long as it could. */
        public static final String IN_PROGRESS = "in-progress";
        private final String why;

        Refused(String why) {
            super(why, null, false, false);
            this.why = why;
        }

        public String why() {
            return why;
        }
    }

    private static final Logger LOG = LoggerFactory.getLogger(IdempotencyService.class);

    private final IdempotencyStore store;
    private final Clock clock;

    public IdempotencyService(IdempotencyStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    public static IdempotencyService of(Table table, Clock clock) {
        return new IdempotencyService(new IdempotencyStore(table), clock);
    }

    /**
     * Runs {@code work} under {@code key}, or replays what the key's first request answered.
     *
     * @param leaseMillis how long a claim holds before another request may take the key over: the function's timeout,
     *                    after which its request is certainly dead
     * @param waitMillis how long this request may wait for a concurrent one with the same key to finish
     */
    public Outcome run(String caller, String key, String fingerprint, long leaseMillis, long waitMillis,
                       Supplier<Answer> work) {
        long deadline = System.nanoTime() + waitMillis * 1_000_000;
        long pause = 20;
        Instant now = clock.instant();
        long lease = now.toEpochMilli() + leaseMillis;
        Holder holder = store.claim(caller, key, fingerprint, now, lease);
        while (true) {
            if (holder == null) {
                return new Outcome(runClaimed(caller, key, lease, work), false);
            }
            if (!holder.fingerprint().equals(fingerprint)) {
                throw new Refused(Refused.KEY_REUSED);
            }
            if (holder.answer() != null) {
                return new Outcome(holder.answer(), true);
            }
            now = clock.instant();
            if (holder.leaseUntil() <= now.toEpochMilli()) {
                // The claimant outlived its function's timeout, so it died before answering: take its place.
                lease = now.toEpochMilli() + leaseMillis;
                if (store.takeOver(caller, key, holder.leaseUntil(), lease)) {
                    return new Outcome(runClaimed(caller, key, lease, work), false);
                }
            } else if (System.nanoTime() + pause * 1_000_000 > deadline) {
                throw new Refused(Refused.IN_PROGRESS);
            } else {
                sleep(pause);
                pause = Math.min(pause * 2, 250);
            }
            holder = store.read(caller, key, clock.instant());
            if (holder == null) {
                // The first request was refused or failed and gave the key back: this one runs.
                now = clock.instant();
                lease = now.toEpochMilli() + leaseMillis;
                holder = store.claim(caller, key, fingerprint, now, lease);
            }
        }
    }

    /**
     * What a key held by a record answers, found by an operation that carries its key (KeyedWrite): its answer again,
     * marked as a replay; refused when the key was first used with another request; null while a claimed request with
     * the key still runs (one that gave way to the claimed path), which {@link #run} then waits for.
     */
    public Outcome held(Holder holder, String fingerprint) {
        if (!holder.fingerprint().equals(fingerprint)) {
            throw new Refused(Refused.KEY_REUSED);
        }
        return holder.answer() == null ? null : new Outcome(holder.answer(), true);
    }

    private Answer runClaimed(String caller, String key, long lease, Supplier<Answer> work) {
        Answer answer;
        try {
            answer = work.get();
        } catch (RuntimeException e) {
            store.release(caller, key, lease);
            throw e;
        }
        if (answer.status() >= 200 && answer.status() < 300) {
            try {
                store.complete(caller, key, lease, answer);
            } catch (ConditionalCheckFailedException e) {
                // This request outlived its lease and another took the key over: that one's answer is the key's.
            } catch (SdkException e) {
                // The work is done: its answer goes to the client all the same. Until the lease runs out, a retry with
                // the key waits; after it, a retry runs the work again (the one case where it can run twice).
                LOG.warn("the answer to an idempotent request was not recorded", e);
            }
        } else {
            store.release(caller, key, lease);
        }
        return answer;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a request with the same key", e);
        }
    }
}
