package com.bigtimedeals.domain;

/** A new deal whose link is the link of a live deal (after {@link DealLink#normalise}): the live deal's id comes back. */
public final class DuplicateDeal extends DomainException {
    private final String dealId;

    public DuplicateDeal(String dealId) {
        super(Kind.CONFLICT, "a live deal already has this link: " + dealId, "link");
        this.dealId = dealId;
    }

    /** The live deal that holds the link. */
    public String dealId() {
        return dealId;
    }
}
