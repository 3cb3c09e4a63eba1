package com.bigtimedeals.domain;

import java.math.BigDecimal;
import java.time.Instant;

/** What an editor sends to create a deal; {@code createdAt} is null unless backfilling. */
public record NewDeal(
        String title,
        String link,
        BigDecimal price,
        String brandId,
        String categoryId,
        String imageUrl,
        String description,
        Instant createdAt) {
}
