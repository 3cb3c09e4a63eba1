package com.bigtimedeals.deals;

import java.math.BigDecimal;
import java.time.Instant;

import com.bigtimedeals.platform.DomainException;

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
        DealCounts counts,
        BigDecimal linkLow) {

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
        if (linkLow != null) {
            linkLow = linkLow.stripTrailingZeros();
            if (linkLow.scale() < 0) {
                linkLow = linkLow.setScale(0);
            }
        }
    }

    /** A deal whose link's lowest price is not known to it (yet): {@link #lowestEver} is true. */
    public Deal(String id, String title, String link, BigDecimal price, String brandId, String brandName,
                String categoryId, String categoryName, String imageUrl, String description, Instant createdAt,
                Instant expiresAt, DealCounts counts) {
        this(id, title, link, price, brandId, brandName, categoryId, categoryName, imageUrl, description, createdAt,
                expiresAt, counts, null);
    }

    /**
     * Whether the deal's price is the lowest any deal of its normalised link has had ({@code linkLow}: that low as the
     * stream last carried it here, counting taken-down and expired deals and every correction); true while unknown.
     */
    public boolean lowestEver() {
        return linkLow == null || price == null || price.compareTo(linkLow) <= 0;
    }

    public Deal withLinkLow(BigDecimal low) {
        return new Deal(id, title, link, price, brandId, brandName, categoryId, categoryName, imageUrl, description,
                createdAt, expiresAt, counts, low);
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
                createdAt, newExpiresAt, counts, linkLow);
    }

    public Deal withCounts(DealCounts newCounts) {
        return new Deal(id, title, link, price, brandId, brandName, categoryId, categoryName, imageUrl, description,
                createdAt, expiresAt, newCounts, linkLow);
    }

    /** Hot votes minus cold votes, as this copy knows them. */
    public long temperature() {
        return counts.temperature();
    }

    public long commentCount() {
        return counts.commentCount();
    }

    /**
     * Written out, not the record's generated equals: that one links its comparison on first use through
     * {@code ObjectMethods} (a method-handle tree over the 14 components), about 20 ms of CPU and 90 classes in a fresh
     * JVM, which the stream consumer's first correction paid ({@link #sameContent}). {@code RecordEqualityTest} holds
     * it to every component.
     */
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Deal d && java.util.Objects.equals(id, d.id) && java.util.Objects.equals(title, d.title)
                && java.util.Objects.equals(link, d.link) && java.util.Objects.equals(price, d.price)
                && java.util.Objects.equals(brandId, d.brandId) && java.util.Objects.equals(brandName, d.brandName)
                && java.util.Objects.equals(categoryId, d.categoryId) && java.util.Objects.equals(categoryName, d.categoryName)
                && java.util.Objects.equals(imageUrl, d.imageUrl) && java.util.Objects.equals(description, d.description)
                && java.util.Objects.equals(createdAt, d.createdAt) && java.util.Objects.equals(expiresAt, d.expiresAt)
                && java.util.Objects.equals(counts, d.counts) && java.util.Objects.equals(linkLow, d.linkLow);
    }

    /** As {@link #equals}: every component. */
    @Override
    public int hashCode() {
        return java.util.Arrays.hashCode(new Object[] {id, title, link, price, brandId, brandName, categoryId, categoryName,
                imageUrl, description, createdAt, expiresAt, counts, linkLow});
    }

    /** The same deal apart from its counts: what an editor can change, and what a correction compares. */
    public boolean sameContent(Deal other) {
        return other != null && withCounts(DealCounts.NONE).equals(other.withCounts(DealCounts.NONE));
    }
}
