package com.bigtimedeals.data;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Arrays;

import com.github.f4b6a3.ksuid.Ksuid;
import com.github.f4b6a3.ksuid.KsuidCreator;

/** KSUIDs: 27 characters, sorted by their second-resolution UTC timestamp. */
public final class Ids {
    /** Every id this code makes (deals, messages, blasts) is a KSUID of this many characters. */
    public static final int LENGTH = Ksuid.KSUID_CHARS;

    private Ids() {
    }

    /** A deal id sorts by the deal's {@code createdAt}, so a backfilled deal lands in its place in history. */
    public static String dealId(Instant createdAt) {
        return KsuidCreator.getKsuid(createdAt).toString();
    }

    /** An alert id sorts by its creation, so a user's alerts list newest first from one descending query. */
    public static String alertId(Instant createdAt) {
        return KsuidCreator.getKsuid(createdAt).toString();
    }

    public static String blastId(Instant requestedAt) {
        return KsuidCreator.getKsuid(requestedAt).toString();
    }

    /**
     * A message id that depends only on (recipient, what it is about) and the instant it sorts by: a retried
     * or replayed fan-out writes the same key again instead of a second message.
     */
    public static String messageId(Instant sortsAt, String username, String about) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((username + "\u0000" + about).getBytes(StandardCharsets.UTF_8));
            return new Ksuid(sortsAt.getEpochSecond(), Arrays.copyOf(digest, Ksuid.PAYLOAD_BYTES)).toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JRE", e);
        }
    }

    /** Sorts after every KSUID. */
    static final String LARGEST = "zzzzzzzzzzzzzzzzzzzzzzzzzzz";

    /** The smallest KSUID of one second: every id made at or after {@code at} sorts at or above it. */
    static String smallestAt(Instant at) {
        return new Ksuid(at.getEpochSecond(), new byte[Ksuid.PAYLOAD_BYTES]).toString();
    }

    /** The largest KSUID of one second: every id made at or before {@code at} sorts at or below it. */
    static String largestAt(Instant at) {
        byte[] payload = new byte[Ksuid.PAYLOAD_BYTES];
        Arrays.fill(payload, (byte) 0xFF);
        return new Ksuid(at.getEpochSecond(), payload).toString();
    }

    public static boolean isValid(String id) {
        return id != null && id.length() == LENGTH && Ksuid.isValid(id);
    }

    public static Instant instantOf(String id) {
        return Ksuid.getInstant(id);
    }
}
