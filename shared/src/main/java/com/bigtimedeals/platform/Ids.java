package com.bigtimedeals.platform;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Arrays;

import com.github.f4b6a3.ksuid.Ksuid;
import com.github.f4b6a3.ksuid.KsuidCreator;

/**
 * KSUIDs: 27 characters, sorted by their second-resolution UTC timestamp. The ids this code makes for deals, alerts,
 * blasts and comments are sub-second KSUIDs (the instant's fraction, to the precision ksuid-creator finds in the
 * system clock, in the first bytes of the payload, the rest random): ids made in one second still sort in the order they were made, so "newest first" holds
 * for things created within a second of each other. Any KSUID, random or sub-second, is valid wherever an id is read.
 */
public final class Ids {
    /** Every id this code makes (deals, messages, blasts) is a KSUID of this many characters. */
    public static final int LENGTH = Ksuid.KSUID_CHARS;

    private Ids() {
    }

    /** A deal id sorts by the deal's {@code createdAt}, so a backfilled deal lands in its place in history. */
    public static String dealId(Instant createdAt) {
        return KsuidCreator.getSubsecondKsuid(createdAt).toString();
    }

    /** An alert id sorts by its creation, so a user's alerts list newest first from one descending query. */
    public static String alertId(Instant createdAt) {
        return KsuidCreator.getSubsecondKsuid(createdAt).toString();
    }

    /** A device id sorts by its registration, so a user's devices list newest first and the oldest is the first. */
    public static String deviceId(Instant registeredAt) {
        return KsuidCreator.getSubsecondKsuid(registeredAt).toString();
    }

    public static String blastId(Instant requestedAt) {
        return KsuidCreator.getSubsecondKsuid(requestedAt).toString();
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
    public static final String LARGEST = "zzzzzzzzzzzzzzzzzzzzzzzzzzz";

    /** The smallest KSUID of one second: every id made at or after {@code at} sorts at or above it. */
    public static String smallestAt(Instant at) {
        return new Ksuid(at.getEpochSecond(), new byte[Ksuid.PAYLOAD_BYTES]).toString();
    }

    /** The largest KSUID of one second: every id made at or before {@code at} sorts at or below it. */
    public static String largestAt(Instant at) {
        byte[] payload = new byte[Ksuid.PAYLOAD_BYTES];
        Arrays.fill(payload, (byte) 0xFF);
        return new Ksuid(at.getEpochSecond(), payload).toString();
    }

    /**
     * The part of a comment id that is its own: a KSUID of the moment it was posted, to the microsecond in its
     * payload's first bytes (a sub-second KSUID), so that comments of one second still sort in the order they came.
     */
    static String commentKsuid(Instant postedAt) {
        return KsuidCreator.getSubsecondKsuid(postedAt).toString();
    }

    /** Between a reply's parent id and its own KSUID; sorts before every KSUID character. */
    static final char REPLY_SEPARATOR = '-';

    /**
     * A comment's id. A top-level comment's is its KSUID; a reply's is its parent's id, {@code -}, and its own
     * KSUID: the id is the comment's place in the thread, so its sort key files the reply under its parent and
     * any route that names the comment finds its item with no other read.
     */
    public static String commentId(String parentId, Instant postedAt) {
        String own = commentKsuid(postedAt);
        return parentId == null ? own : parentId + REPLY_SEPARATOR + own;
    }

    /** A top-level comment's id or a reply's. */
    public static boolean isCommentId(String id) {
        if (id == null) {
            return false;
        }
        if (id.length() == LENGTH) {
            return isValid(id);
        }
        return id.length() == 2 * LENGTH + 1 && id.charAt(LENGTH) == REPLY_SEPARATOR
                && isValid(id.substring(0, LENGTH)) && isValid(id.substring(LENGTH + 1));
    }

    /** The top-level comment a reply answers; null for a top-level comment. */
    static String parentOf(String commentId) {
        return commentId.length() > LENGTH ? commentId.substring(0, LENGTH) : null;
    }

    /** The KSUID a comment was given when posted (the last 27 characters of its id). */
    public static String ownPart(String commentId) {
        return commentId.substring(commentId.length() - LENGTH);
    }

    public static boolean isValid(String id) {
        return id != null && id.length() == LENGTH && Ksuid.isValid(id);
    }

    public static Instant instantOf(String id) {
        return Ksuid.getInstant(id);
    }
}
