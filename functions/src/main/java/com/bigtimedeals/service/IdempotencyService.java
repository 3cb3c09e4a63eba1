package com.bigtimedeals.service;

import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.function.Function;
import java.util.function.Supplier;

import com.bigtimedeals.platform.IdempotencyStore;
import com.bigtimedeals.platform.IdempotencyStore.Holder;
import com.bigtimedeals.platform.KeyedWrite;
import com.bigtimedeals.platform.Table;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * Runs an operation once per caller and {@code Idempotency-Key}: the first request with a key does the work and its
 * typed result is recorded for 24 hours; a repeat with the same request gets that result again ({@link Keyed#replayed})
 * and does nothing; the same key with a different request is refused. Only results are recorded: an operation that
 * threw (refused, failed) wrote nothing, gives the key back, and may be retried with it.
 *
 * <p>One record per key, written one of two ways, read back the same way:
 * <ul>
 * <li>{@link #carried}: for an operation with a request budget, the store writes the record in the operation's own
 *     transaction ({@link KeyedWrite}), so a keyed request costs what one without a key costs, and a crash leaves the
 *     effect and its record both or neither (a retry after a lost answer replays it, never does it twice).</li>
 * <li>{@link #claimed}: for any other operation, the key is claimed first (a conditional put), the operation runs, and
 *     its result is recorded: 2 DynamoDB requests more than the operation's own; a replay 1 (the claim that finds the
 *     record). Two requests with one key at once: the one that claims it runs, the other waits for its result and
 *     replays it, so overlapping requests never run the work twice.</li>
 * </ul>
 * A carried operation that finds a claim in progress (it gave way to the claimed path before, see below) or keeps
 * being overtaken by other requests ({@link KeyedWrite.Contended}) does nothing and runs claimed.
 *
 * <p>The record holds the first request's moment and {@link Recording}'s bytes of the result, opaque to the store.
 * A record the code before that wrote (status and body, until 24 hours after the deploy) is replayed as it was
 * ({@link LegacyReplay}), after the same fingerprint check.
 */
public final class IdempotencyService {
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

    /**
     * The key's record was finished by the code before typed results were recorded: it holds the first answer's
     * status and body, which a repeat gets back as they are (the caller renders them; nothing runs). Without it such a
     * record would read as an abandoned claim and a retry that spans the deploy would do the work twice.
     */
    public static final class LegacyReplay extends RuntimeException {
        private final int status;
        private final String body;

        LegacyReplay(IdempotencyStore.LegacyAnswer answer) {
            super("answered by a record of the code before typed results", null, false, false);
            this.status = answer.status();
            this.body = answer.body();
        }

        public int status() {
            return status;
        }

        /** The first answer's body, as it was sent; null for none. */
        public String body() {
            return body;
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
     * Runs {@code operation} with its store carrying {@code key}'s record ({@link KeyedWrite}), or replays the result
     * recorded under it. Without a key ({@code key} null), the operation runs with none ({@code null} handed to it).
     *
     * @param operation the operation, its store writing the record it is handed in its own transaction; handed null,
     *                  the operation as it runs without a key, for the claimed path
     */
    public <T> Keyed<T> carried(IdempotencyKey key, Recording<T> recording, Function<KeyedWrite<T>, T> operation) {
        if (key == null) {
            return Keyed.fresh(operation.apply(null), null);
        }
        Instant now = key.now();
        KeyedWrite<T> write = new KeyedWrite<>(key.caller(), key.key(), key.fingerprint(), now,
                result -> recorded(now, recording.encode(result)));
        try {
            // The effect and its record commit together: a crash leaves both or neither, so a retry after a lost
            // answer either replays it or does it, never does it twice.
            return Keyed.fresh(operation.apply(write), now);
        } catch (KeyedWrite.Held e) {
            // The store's read found the record, or its transaction lost the record to a twin request's: this one did
            // nothing, and answers what the first did (or is refused for another request under the key).
            Keyed<T> held = replay(e.holder(), key.fingerprint(), recording);
            if (held != null) {
                return held;
            }
            // A claimed request with the key is running: the claimed path waits for its result.
        } catch (KeyedWrite.Contended e) {
            // It did nothing: the claimed path, whose write races no other request.
        }
        return claimed(key, recording, () -> operation.apply(null));
    }

    /**
     * Runs {@code work} under {@code key} by claiming the key first, or replays what the key's first request recorded.
     */
    public <T> Keyed<T> claimed(IdempotencyKey key, Recording<T> recording, Supplier<T> work) {
        long deadline = System.nanoTime() + key.waitMillis() * 1_000_000;
        long pause = 20;
        Instant now = clock.instant();
        long lease = now.toEpochMilli() + key.leaseMillis();
        Holder holder = store.claim(key.caller(), key.key(), key.fingerprint(), now, lease);
        while (true) {
            if (holder == null) {
                return runClaimed(key, lease, recording, work);
            }
            Keyed<T> held = replay(holder, key.fingerprint(), recording);
            if (held != null) {
                return held;
            }
            now = clock.instant();
            if (holder.leaseUntil() <= now.toEpochMilli()) {
                // The claimant outlived its function's timeout, so it died before recording: take its place.
                lease = now.toEpochMilli() + key.leaseMillis();
                if (store.takeOver(key.caller(), key.key(), holder.leaseUntil(), lease)) {
                    return runClaimed(key, lease, recording, work);
                }
            } else if (System.nanoTime() + pause * 1_000_000 > deadline) {
                throw new Refused(Refused.IN_PROGRESS);
            } else {
                sleep(pause);
                pause = Math.min(pause * 2, 250);
            }
            holder = store.read(key.caller(), key.key(), clock.instant());
            if (holder == null) {
                // The first request was refused or failed and gave the key back: this one runs.
                now = clock.instant();
                lease = now.toEpochMilli() + key.leaseMillis();
                holder = store.claim(key.caller(), key.key(), key.fingerprint(), now, lease);
            }
        }
    }

    /**
     * What a record answers: its result again, marked as a replay; refused when the key was first used with another
     * request (checked before anything is decoded: another request's record may hold another type); the first answer
     * itself ({@link LegacyReplay}) for a record of the code before typed results; null while its claimant still runs.
     */
    private static <T> Keyed<T> replay(Holder holder, String fingerprint, Recording<T> recording) {
        if (!holder.fingerprint().equals(fingerprint)) {
            throw new Refused(Refused.KEY_REUSED);
        }
        if (holder.legacy() != null) {
            throw new LegacyReplay(holder.legacy());
        }
        if (holder.outcome() == null) {
            return null;
        }
        ByteBuffer bytes = ByteBuffer.wrap(holder.outcome());
        Instant at = Instant.ofEpochSecond(bytes.getLong(), bytes.getInt());
        return new Keyed<>(recording.decode(Arrays.copyOfRange(holder.outcome(), MOMENT_BYTES, holder.outcome().length)), at, true);
    }

    /** The first request's moment at the head of a record: seconds and nanoseconds, exactly as it was. */
    private static final int MOMENT_BYTES = Long.BYTES + Integer.BYTES;

    /** A record's bytes: the first request's moment (what a replay renders the result as of), then the result's. */
    private static byte[] recorded(Instant at, byte[] result) {
        return ByteBuffer.allocate(MOMENT_BYTES + result.length).putLong(at.getEpochSecond()).putInt(at.getNano())
                .put(result).array();
    }

    private <T> Keyed<T> runClaimed(IdempotencyKey key, long lease, Recording<T> recording, Supplier<T> work) {
        T result;
        try {
            result = work.get();
        } catch (RuntimeException e) {
            // Refused or failed, so it wrote nothing: a retry with the key must run it afresh, not wait for a lease.
            store.release(key.caller(), key.key(), lease);
            throw e;
        }
        try {
            store.complete(key.caller(), key.key(), lease, recorded(key.now(), recording.encode(result)));
        } catch (ConditionalCheckFailedException e) {
            // This request outlived its lease and another took the key over: that one's record is the key's.
        } catch (SdkException e) {
            // The work is done: its result goes to the client all the same. Until the lease runs out, a retry with
            // the key waits; after it, a retry runs the work again (the one case where it can run twice).
            LOG.warn("the result of an idempotent request was not recorded", e);
        }
        return Keyed.fresh(result, key.now());
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
