package com.bigtimedeals.deals;

/**
 * A deal as the editors see it: its {@code version} (1 at creation, one more with every change made to it, which is
 * what {@code If-Match} names) and whether it was taken down (the editors still read it then).
 */
public record EditedDeal(Deal deal, long version, boolean takenDown) {
    /** The deal's entity tag, {@code "v<version>"}: what a client sends back in If-Match. */
    public String entityTag() {
        return "\"v" + version + "\"";
    }
}
