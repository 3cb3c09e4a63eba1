package com.bigtimedeals.domain;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * An editor's correction; a null field is left as it is. {@code clearExpiry} is an explicit
 * {@code "expiresAt": null}: the deal no longer expires.
 */
public record DealCorrection(String title, String link, BigDecimal price, String imageUrl, String description,
                             Instant expiresAt, boolean clearExpiry) {
    public DealCorrection {
        if (clearExpiry && expiresAt != null) {
            throw new IllegalArgumentException("a correction either sets or clears expiresAt");
        }
    }

    public DealCorrection(String title, String link, BigDecimal price, String imageUrl, String description) {
        this(title, link, price, imageUrl, description, null, false);
    }

    public boolean isEmpty() {
        return title == null && link == null && price == null && imageUrl == null && description == null
                && expiresAt == null && !clearExpiry;
    }
}
