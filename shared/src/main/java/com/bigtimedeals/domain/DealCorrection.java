package com.bigtimedeals.domain;

import java.math.BigDecimal;

/** An editor's correction; a null field is left as it is. A present field obeys the same rules as a new deal's. */
public record DealCorrection(String title, String link, BigDecimal price, String imageUrl, String description) {
    public DealCorrection {
        title = ContractRules.text("title", title, ContractRules.TITLE_MAX);
        link = ContractRules.url("link", link);
        price = ContractRules.price(price);
        imageUrl = ContractRules.url("imageUrl", imageUrl);
        description = ContractRules.text("description", description, ContractRules.DESCRIPTION_MAX);
    }

    public boolean isEmpty() {
        return title == null && link == null && price == null && imageUrl == null && description == null;
    }
}
