package com.bigtimedeals.deals;

import java.math.BigDecimal;
import java.time.Instant;

import com.bigtimedeals.platform.ContractRules;
import com.bigtimedeals.platform.DomainException;

/**
 * What an editor sends to create a deal; {@code createdAt} is null unless backfilling, {@code expiresAt} null
 * for never. It refuses what the contract refuses, whoever builds it (the API, the benchmark, a test), with
 * the rules of {@link ContractRules}.
 */
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

    public NewDeal {
        title = required("title", ContractRules.text("title", title, ContractRules.TITLE_MAX));
        link = required("link", ContractRules.url("link", link));
        price = required("price", ContractRules.price(price));
        brandId = ContractRules.slug("brandId", brandId);
        categoryId = ContractRules.slug("categoryId", categoryId);
        imageUrl = ContractRules.url("imageUrl", imageUrl);
        description = ContractRules.text("description", description, ContractRules.DESCRIPTION_MAX);
    }

    private static <T> T required(String field, T value) {
        if (value == null) {
            throw DomainException.invalid(field, field + " is required");
        }
        return value;
    }
}
