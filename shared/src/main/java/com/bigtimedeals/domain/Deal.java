package com.bigtimedeals.domain;

import java.math.BigDecimal;
import java.time.Instant;

/** A deal as the API shows it. {@code brandName}/{@code categoryName} are copied in at creation (names never change). */
public record Deal(
        String id,
        String title,
        String link,
        BigDecimal price,
        String brandId,
        String brandName,
        String categoryId,
        String categoryName,
        String imageUrl,
        String description,
        Instant createdAt) {

    /** DynamoDB stores numbers without trailing zeros; so does a Deal, so that 5.00 and 5 are the same deal. */
    public Deal {
        if (price != null) {
            price = price.stripTrailingZeros();
            if (price.scale() < 0) {
                price = price.setScale(0);
            }
        }
    }
}
