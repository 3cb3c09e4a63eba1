package com.bigtimedeals.deals;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

import com.bigtimedeals.platform.DomainException;

/** The windows of {@code GET /hottest}: deals created within the last 24 hours, 7 days or 30 days. */
public enum HottestWindow {
    DAY(Duration.ofHours(24)), WEEK(Duration.ofDays(7)), MONTH(Duration.ofDays(30));

    /** The most deals a hottest list answers with. */
    public static final int SIZE = 50;

    private final Duration length;

    HottestWindow(Duration length) {
        this.length = length;
    }

    public Duration length() {
        return length;
    }

    /** As the contract writes it: {@code day}, {@code week}, {@code month}. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Whether a deal created at {@code createdAt} is in this window at {@code now}. A {@code createdAt} a little ahead of
     * {@code now} (the clock skew a backfill may have) counts as just created.
     */
    public boolean holds(Instant createdAt, Instant now) {
        return createdAt.isAfter(now.minus(length));
    }

    /** The hottest order: highest temperature first; at equal temperature the newer deal first. */
    public static final java.util.Comparator<Deal> ORDER = java.util.Comparator.comparingLong(Deal::temperature).reversed()
            .thenComparing(Deal::createdAt, java.util.Comparator.reverseOrder())
            .thenComparing(Deal::id, java.util.Comparator.reverseOrder());

    /** The answer at {@code now}: the deals still in this window with a temperature above 0, in order, at most {@link #SIZE}. */
    public java.util.List<Deal> answer(java.util.Collection<Deal> candidates, Instant now) {
        return candidates.stream().filter(d -> d.temperature() > 0 && holds(d.createdAt(), now)).sorted(ORDER)
                .limit(SIZE).toList();
    }

    /** {@code ?window=}: absent is {@link #DAY}; anything else but the three names is a client mistake. */
    public static HottestWindow parse(String value) {
        if (value == null) {
            return DAY;
        }
        for (HottestWindow w : values()) {
            if (w.wire().equals(value)) {
                return w;
            }
        }
        throw DomainException.invalid("window", "window must be day, week or month");
    }
}
