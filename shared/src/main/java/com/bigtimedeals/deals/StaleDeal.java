package com.bigtimedeals.deals;

import com.bigtimedeals.platform.DomainException;

/**
 * A correction sent with {@code If-Match} for a version the deal is no longer at: another editor changed it since.
 * Nothing was written; {@link #current} is the deal as it stands, for the editor to compare and decide.
 */
public final class StaleDeal extends DomainException {
    private final EditedDeal current;
    private final java.time.Instant at;

    /** {@code at}: the moment the deal was read as {@code current} (what its {@code expired} is derived at). */
    public StaleDeal(VersionGuard expected, EditedDeal current, java.time.Instant at) {
        super(Kind.STALE, "this deal was changed by someone else since you opened it (you had "
                + expected.described() + ", it is now at version " + current.version() + "): nothing was saved", null);
        this.current = current;
        this.at = at;
    }

    public java.time.Instant at() {
        return at;
    }

    public EditedDeal current() {
        return current;
    }
}
