package com.bigtimedeals.deals;

import com.bigtimedeals.platform.DomainException;

/** A new deal whose link is the link of a live deal (after {@link DealLink#normalise}): the live deal's id comes back. */
public final class DuplicateDeal extends DomainException {
    private final String dealId;
    private final String title;
    private final String link;

    public DuplicateDeal(String dealId) {
        this(dealId, null, null);
    }

    /** The live deal that holds the link, with its title and link when the holder's item was read. */
    public DuplicateDeal(String dealId, String title, String link) {
        super(Kind.CONFLICT, title == null ? "a live deal already has this link: " + dealId
                : "a live deal already has this link: \"" + title + "\"", "link");
        this.dealId = dealId;
        this.title = title;
        this.link = link;
    }

    /** The holder's title; null when it was not read. */
    public String title() {
        return title;
    }

    public String link() {
        return link;
    }

    /** The live deal that holds the link. */
    public String dealId() {
        return dealId;
    }
}
