package com.bigtimedeals.domain;

import java.math.BigDecimal;
import java.time.Instant;

/** What an editor sends to create a deal; {@code createdAt} is null unless backfilling, {@code expiresAt} null for never. */
public record NewDeal(
        String title,
        String link,
        BigDecimal price,
        String brandId,
        String categoryId,
        String imageUrl,
        String description,
        Instant createdAt,
        Instant expiresAt) {

    public NewDeal(String title, String link, BigDecimal price, String brandId, String categoryId, String imageUrl,
                   String description, Instant createdAt) {
        this(title, link, price, brandId, categoryId, imageUrl, description, createdAt, null);
    }
}
