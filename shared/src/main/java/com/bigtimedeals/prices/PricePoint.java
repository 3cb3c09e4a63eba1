package com.bigtimedeals.prices;

import java.math.BigDecimal;
import java.time.Instant;

/** A price a deal had, from {@code at} on: its first price at its creation, then each correction that changed it. */
public record PricePoint(BigDecimal price, Instant at) {
    public PricePoint {
        price = price.stripTrailingZeros();
        if (price.scale() < 0) {
            price = price.setScale(0);
        }
    }
}
