package com.bigtimedeals.platform;

import java.math.BigDecimal;
import java.time.Instant;

import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.deals.NewDeal;

/** Small builders for test data. */
public final class Fixtures {
    public static final Instant NOW = Instant.parse("2026-11-20T12:00:00Z");

    private Fixtures() {
    }

    public static NewDeal deal(String title, String brandId, String categoryId, Instant createdAt) {
        return new NewDeal(title, "https://shop.example/" + title.replace(' ', '-'), new BigDecimal("19.99"),
                brandId, categoryId, "https://img.example/" + title.replace(' ', '-') + ".jpg",
                "A typical deal description of modest length for " + title, createdAt);
    }

    public static void catalog(CatalogStore catalog) {
        catalog.createBrand("acme", "Acme", "https://img.example/acme.png");
        catalog.createBrand("globex", "Globex", null);
        catalog.createCategory("tech", "Tech");
        catalog.createCategory("food-drink", "Food & Drink");
    }
}
