package com.bigtimedeals.community;

import java.util.Locale;

import com.bigtimedeals.platform.DomainException;

/** Why a user reports a deal, with the contract's names for each reason. */
public enum ReportReason {
    EXPIRED, SPAM, WRONG_PRICE, DUPLICATE, OTHER;

    /** {@code expired}, {@code wrong-price}, ...: how the contract writes it. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The reason a client sent; anything else is a client mistake. */
    public static ReportReason of(String wire) {
        for (ReportReason r : values()) {
            if (r.wire().equals(wire)) {
                return r;
            }
        }
        throw DomainException.invalid("reason", "reason must be one of expired, spam, wrong-price, duplicate, other");
    }
}
