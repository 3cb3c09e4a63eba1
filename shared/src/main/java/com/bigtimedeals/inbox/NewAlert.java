package com.bigtimedeals.inbox;

import java.math.BigDecimal;
import java.util.List;

import com.bigtimedeals.platform.ContractRules;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.Words;

/**
 * What a user asks to be alerted to: 1 to 5 keywords (the contract's word rule, {@link Words#parse}), stored
 * lowercase and each once, an optional price limit and an optional brand and category; 0 to 5 words to exclude (the
 * same word rule) and an optional temperature the deal must first reach ({@link #MIN_TEMPERATURE} to
 * {@link #MAX_TEMPERATURE}). Whether the brand and the category exist is the store's to check (404), not a shape rule.
 */
public record NewAlert(List<String> keywords, BigDecimal maxPrice, String brandId, String categoryId,
                       List<String> excludeWords, Integer minTemperature) {
    /** The contract's range of {@code minTemperature}. */
    public static final int MIN_TEMPERATURE = 1;
    public static final int MAX_TEMPERATURE = 10_000;

    public NewAlert {
        keywords = Words.parse("keywords", String.join(" ", keywords == null ? List.of() : keywords));
        maxPrice = ContractRules.price("maxPrice", maxPrice);
        excludeWords = Words.parseOptional("excludeWords", excludeWords == null ? "" : String.join(" ", excludeWords));
        if (minTemperature != null && (minTemperature < MIN_TEMPERATURE || minTemperature > MAX_TEMPERATURE)) {
            throw DomainException.invalid("minTemperature", "minTemperature must be an integer from " + MIN_TEMPERATURE
                    + " to " + MAX_TEMPERATURE);
        }
    }

    public NewAlert(List<String> keywords, BigDecimal maxPrice, String brandId, String categoryId) {
        this(keywords, maxPrice, brandId, categoryId, List.of(), null);
    }

    /** From the request's {@code keywords}: words separated by spaces. */
    public static NewAlert of(String keywords, BigDecimal maxPrice, String brandId, String categoryId) {
        return of(keywords, maxPrice, brandId, categoryId, null, null);
    }

    /** From the request: {@code excludeWords} are words separated by spaces, blank or null for none. */
    public static NewAlert of(String keywords, BigDecimal maxPrice, String brandId, String categoryId, String excludeWords,
                              Integer minTemperature) {
        return new NewAlert(Words.parse("keywords", keywords), maxPrice, brandId, categoryId,
                Words.parseOptional("excludeWords", excludeWords), minTemperature);
    }
}
