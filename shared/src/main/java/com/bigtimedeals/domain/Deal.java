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
}
