package com.bigtimedeals.domain;

import java.math.BigDecimal;
import java.util.List;

/**
 * What a user asks to be alerted to: 1 to 5 keywords (the contract's word rule, {@link Words#parse}), stored
 * lowercase and each once, an optional price limit and an optional brand and category. Whether the brand and the
 * category exist is the store's to check (404), not a shape rule.
 */
public record NewAlert(List<String> keywords, BigDecimal maxPrice, String brandId, String categoryId) {
    public NewAlert {
        keywords = Words.parse("keywords", String.join(" ", keywords == null ? List.of() : keywords));
        maxPrice = ContractRules.price("maxPrice", maxPrice);
    }

    /** From the request's {@code keywords}: words separated by spaces. */
    public static NewAlert of(String keywords, BigDecimal maxPrice, String brandId, String categoryId) {
        return new NewAlert(Words.parse("keywords", keywords), maxPrice, brandId, categoryId);
    }
}
