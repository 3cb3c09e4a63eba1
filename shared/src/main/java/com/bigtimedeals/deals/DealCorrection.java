package com.bigtimedeals.deals;

import java.math.BigDecimal;
import java.time.Instant;

import com.bigtimedeals.platform.ContractRules;

/**
 * An editor's correction; a null field is left as it is. A present field obeys the same rules as a new deal's.
 * {@code clearExpiry} is an explicit {@code "expiresAt": null}: the deal no longer expires.
 */
public record DealCorrection(String title, String link, BigDecimal price, String imageUrl, String description,
                             Instant expiresAt, boolean clearExpiry) {
    public DealCorrection {
        title = ContractRules.text("title", title, ContractRules.TITLE_MAX);
        link = ContractRules.url("link", link);
        price = ContractRules.price(price);
        imageUrl = ContractRules.url("imageUrl", imageUrl);
        description = ContractRules.text("description", description, ContractRules.DESCRIPTION_MAX);
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
