package com.bigtimedeals.community;

import java.util.Locale;

import com.bigtimedeals.platform.DomainException;

/** A user's vote on a deal: one per user and deal. */
public enum Vote {
    HOT, COLD;

    /** As the contract writes it: {@code "hot"} or {@code "cold"}. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The contract's value; anything else is a client mistake. */
    public static Vote parse(String value) {
        if ("hot".equals(value)) {
            return HOT;
        }
        if ("cold".equals(value)) {
            return COLD;
        }
        throw DomainException.invalid("vote", "vote must be \"hot\" or \"cold\"");
    }
}
