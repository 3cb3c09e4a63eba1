package com.bigtimedeals.deals;

import java.math.BigDecimal;

/**
 * What a new deal copies from its brand and its category, and the lowest price its link has had, as the one read
 * before its creation found them ({@code catalogue.DealPosting}): a null name is an unknown brand or category, a null
 * low a link never recorded. Each name's version says which rename it comes from (0: none yet).
 */
public record DealOwners(String brandName, long brandNameVersion, String categoryName, long categoryNameVersion,
                         BigDecimal linkLow) {
}
