package com.bigtimedeals.deals;

import java.util.List;

import com.bigtimedeals.prices.PricePoint;

/** {@code GET /deals/{dealId}}: the deal with its exact counts and its price history, oldest first. */
public record DealDetail(Deal deal, List<PricePoint> priceHistory) {
    public DealDetail {
        priceHistory = List.copyOf(priceHistory);
    }
}
