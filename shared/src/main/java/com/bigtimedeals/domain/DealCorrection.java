package com.bigtimedeals.domain;

import java.math.BigDecimal;

/** An editor's correction; a null field is left as it is. */
public record DealCorrection(String title, String link, BigDecimal price, String imageUrl, String description) {
    public boolean isEmpty() {
        return title == null && link == null && price == null && imageUrl == null && description == null;
    }
}
