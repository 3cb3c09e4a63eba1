package com.bigtimedeals.deals;

import java.util.Map;

import com.bigtimedeals.platform.Keys;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The deals feature's slice of the key chart: the keys written in its own records' terms. The partitions themselves
 * stay in {@link Keys}, the chart every feature and {@link com.bigtimedeals.platform.PartitionKeys} share.
 */
public final class DealKeys {
    private DealKeys() {
    }

    public static String featuredSk(FeaturedList list) {
        if (list instanceof FeaturedList.OfCategory c) {
            return "LIST#category#" + c.categoryId();
        }
        return "LIST#" + ((FeaturedList.Named) list).name();
    }

    public static Map<String, AttributeValue> featured(FeaturedList list) {
        return Keys.key(Keys.FEATURED_PK, featuredSk(list));
    }
}
