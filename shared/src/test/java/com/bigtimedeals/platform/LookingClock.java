package com.bigtimedeals.platform;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.function.Supplier;

/** A clock whose every look asks {@code look} (UTC): one that ticks at each look, or one a test meets its threads at. */
public final class LookingClock extends Clock {
    private final Supplier<Instant> look;

    public LookingClock(Supplier<Instant> look) {
        this.look = look;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        return look.get();
    }
}
