package com.bigtimedeals.deals;

import java.util.List;

/**
 * Where the front page's featured deals come from: the editors' front-page list, kept with the other featured lists
 * by the catalogue ({@code catalogue.FeaturedStore}), which sits above the deals and hands the front page its list.
 */
public interface FeaturedSource {
    /** The front page's featured deals, as the editors listed them (1 GetItem). */
    List<Deal> frontPage();
}
