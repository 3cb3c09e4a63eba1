package com.bigtimedeals.domain;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A deal as the API shows it. {@code brandName}/{@code categoryName} are copied in at creation (names never change).
 * {@code counts} are its votes and comments as the copy that carries them knows them: exact when read from the
 * counters themselves ({@code GET /deals/{dealId}}), the stream's latest aggregation in every other copy.
 */
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
        Instant expiresAt,
        DealCounts counts) {

    /**
     * DynamoDB stores numbers without trailing zeros; so does a Deal, so that 5.00 and 5 are the same deal. Absent
     * counts are none.
     */
    public Deal {
        if (counts == null) {
            counts = DealCounts.NONE;
        }
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

    /** A deal nobody voted on or commented on yet. */
    public Deal(String id, String title, String link, BigDecimal price, String brandId, String brandName,
                String categoryId, String categoryName, String imageUrl, String description, Instant createdAt,
                Instant expiresAt) {
        this(id, title, link, price, brandId, brandName, categoryId, categoryName, imageUrl, description, createdAt,
                expiresAt, DealCounts.NONE);
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
                createdAt, newExpiresAt, counts);
    }

    public Deal withCounts(DealCounts newCounts) {
        return new Deal(id, title, link, price, brandId, brandName, categoryId, categoryName, imageUrl, description,
                createdAt, expiresAt, newCounts);
    }

    /** Hot votes minus cold votes, as this copy knows them. */
    public long temperature() {
        return counts.temperature();
    }

    public long commentCount() {
        return counts.commentCount();
    }

    /** The same deal apart from its counts: what an editor can change, and what a correction compares. */
    public boolean sameContent(Deal other) {
        return other != null && withCounts(DealCounts.NONE).equals(other.withCounts(DealCounts.NONE));
    }
}
