package com.bigtimedeals.prices;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A deal's price history as its item holds it: every price it has had after its first, {@code [{price, at}]}, in
 * the attribute {@link #ATTRIBUTE}, absent until a correction changes the price (the correction appends to it in its
 * own write, starting it with the price the deal was created at).
 */
public final class PriceHistory {
    private PriceHistory() {
    }

    /** The deal item's attribute. */
    public static final String ATTRIBUTE = "priceHistory";

    /** One point as the list holds it. */
    public static AttributeValue point(BigDecimal price, Instant at) {
        return AttributeValue.fromM(Map.of("price", AttributeValue.fromN(price.toPlainString()),
                "at", AttributeValue.fromS(at.toString())));
    }

    /** Whether {@code stored} (the attribute's value, or null) holds a history. */
    public static boolean isStored(AttributeValue stored) {
        return stored != null && stored.hasL();
    }

    /** The points a stored history holds, oldest first. */
    public static List<PricePoint> read(AttributeValue stored) {
        List<PricePoint> points = new ArrayList<>(stored.l().size());
        for (AttributeValue p : stored.l()) {
            points.add(new PricePoint(new BigDecimal(p.m().get("price").n()), Instant.parse(p.m().get("at").s())));
        }
        return points;
    }
}
