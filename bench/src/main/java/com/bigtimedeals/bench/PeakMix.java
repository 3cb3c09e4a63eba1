package com.bigtimedeals.bench;

import java.util.Arrays;

/**
 * The busiest day's traffic, stated once: what share of all requests each kind of request is, at the 50,000 requests
 * a second of a Black Friday peak, and why. {@link PeakDay} runs it scaled down; every rate below is a share of the
 * whole, so scaling the total scales each in step, and the engine's partition limits are scaled by the same factor.
 * The shares follow the shape of a deal site's day: reading dominates (90 %), one viral deal takes a fifth of all
 * reads, and the writes are votes on it and the housekeeping around it. The shares sum to 1 by construction.
 */
enum PeakMix {
    /** The app opens on it: nearly every session starts with the front page. */
    FRONT_PAGE(0.12, false),
    /** Browsing: the latest deals, a brand's or category's deals, /hot and /hottest. */
    DEAL_LISTS(0.12, false),
    /** The viral deal's page: a fifth of all reads (a quarter of the other reads), everyone sent to it by a push or a share. */
    VIRAL_DEAL(Double.NaN, false),
    /** Every other deal page. */
    OTHER_DEALS(0.13, false),
    /** Search: users hunting for the same few products. */
    SEARCH(0.05, false),
    /** Comment threads, half of them the viral deal's ("still live?"). */
    COMMENT_THREADS(0.08, false),
    /** The inbox, read after each push. */
    INBOX(0.10, true),
    /** The unread badge, polled by open apps. */
    BADGE(0.06, true),
    /** The caller's votes on the deals on screen. */
    MY_VOTES(0.04, true),
    /** The profile, read at each app start by a signed-in user. */
    PROFILE(0.02, true),
    /** 2,000 votes a second on the viral deal: one in every 25 requests. */
    VOTES(0.04, true),
    /** 100 comments a second on the viral deal. */
    COMMENTS(0.002, true),
    /** New alerts: users asking to hear of the next deal like this one. */
    ALERTS(0.005, true),
    /** Editors at work: new deals (each matched against every alert) and corrections, 5 a second. */
    EDITORS(0.0001, true),
    /** Likes and watches of brands and categories: what the other kinds leave (about 5 %). */
    FOLLOWS(Double.NaN, true);

    /** The requests a second the shares are stated for, and the simulation's scaling argument is made against. */
    static final double PEAK_REQUESTS_PER_SECOND = 50_000;

    private final double share;
    /** Whether the request carries a user's (or editor's) token: never cached, at the origin every time. */
    final boolean signedIn;

    PeakMix(double share, boolean signedIn) {
        this.share = share;
        this.signedIn = signedIn;
    }

    /** The kind's share of all requests. */
    double share() {
        if (this == VIRAL_DEAL) {
            return otherReads() / 4;
        }
        if (this == FOLLOWS) {
            return 1 - Arrays.stream(values()).filter(k -> k != FOLLOWS).mapToDouble(PeakMix::share).sum();
        }
        return share;
    }

    private static double otherReads() {
        return Arrays.stream(values()).filter(k -> k != VIRAL_DEAL && k != FOLLOWS && k.reads()).mapToDouble(k -> k.share).sum();
    }

    /** Whether the kind only reads. */
    boolean reads() {
        return ordinal() <= PROFILE.ordinal();
    }

    /** The kind whose cumulative share covers {@code u} in [0, 1). */
    static PeakMix pick(double u) {
        double sum = 0;
        for (PeakMix k : values()) {
            sum += k.share();
            if (u < sum) {
                return k;
            }
        }
        return FOLLOWS;
    }
}
