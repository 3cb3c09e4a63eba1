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
        Instant createdAt,
        Instant expiresAt) {

    /** DynamoDB stores numbers without trailing zeros; so does a Deal, so that 5.00 and 5 are the same deal. */
    public Deal {
        if (expiresAt != null && createdAt != null && !expiresAt.isAfter(createdAt)) {
            throw DomainException.invalid("expiresAt", "expiresAt must be after the deal's createdAt " + createdAt);
        }
        if (price != null) {
            price = price.stripTrailingZeros();
            if (price.scale() < 0) {
                price = price.setScale(0);
            }
        }
    }

    /** A deal that never expires. */
    public Deal(String id, String title, String link, BigDecimal price, String brandId, String brandName,
                String categoryId, String categoryName, String imageUrl, String description, Instant createdAt) {
        this(id, title, link, price, brandId, brandName, categoryId, categoryName, imageUrl, description, createdAt, null);
    }

    /** Derived when an answer is written, never stored: expired once {@code expiresAt} is not after {@code now}. */
    public boolean expiredAt(Instant now) {
        return expiresAt != null && !expiresAt.isAfter(now);
    }

    public Deal withExpiresAt(Instant newExpiresAt) {
        return new Deal(id, title, link, price, brandId, brandName, categoryId, categoryName, imageUrl, description,
                createdAt, newExpiresAt);
    }
}
