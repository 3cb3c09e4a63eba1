package com.bigtimedeals.prices;

import java.util.Map;

import com.bigtimedeals.platform.Keys;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The prices' slice of the key chart (docs/data-model.md, "Price context"): under each normalised link's digest
 * ({@link Keys#digest}, as the link's guard), the lowest price the link has had ({@code LOW}) and every deal that had
 * the link ({@code DEAL#<id>}). A deal's price history is an attribute of the deal's own item ({@link PriceHistory}).
 */
public final class PriceKeys {
    private PriceKeys() {
    }

    /** Entity types, stored in every item's {@code Type} attribute. */
    public static final String LINK_LOW = "LinkLow";
    public static final String LINK_DEAL = "LinkDeal";

    /** The sort key prefix of the deals a link had, in the link's partition. */
    public static final String LINK_DEAL_PREFIX = "DEAL#";

    public static String linkLowPk(String normalisedLink) {
        return "LINKLOW#" + Keys.digest(normalisedLink);
    }

    /** The item holding the lowest price the (normalised) link has had. */
    public static Map<String, AttributeValue> low(String normalisedLink) {
        return Keys.key(linkLowPk(normalisedLink), "LOW");
    }

    /** One deal that had the (normalised) link. */
    public static Map<String, AttributeValue> linkDeal(String normalisedLink, String dealId) {
        return Keys.key(linkLowPk(normalisedLink), LINK_DEAL_PREFIX + dealId);
    }
}
