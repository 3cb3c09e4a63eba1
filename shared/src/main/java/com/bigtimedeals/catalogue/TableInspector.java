package com.bigtimedeals.catalogue;

import java.util.Map;
import java.util.TreeMap;

import com.bigtimedeals.deals.DealCodec;
import com.bigtimedeals.deals.DealKeys;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Table;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/** For the access-pattern scripts: one raw item by key, rendered as text, for debugging the table by hand. */
public final class TableInspector {
    private final Table table;

    public TableInspector(Table table) {
        this.table = table;
    }

    /** Attribute name to a readable value, sorted by name; empty when there is no such item. */
    public Map<String, String> item(String pk, String sk) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(Keys.key(pk, sk)).consistentRead(true).build()).item();
        Map<String, String> out = new TreeMap<>();
        if (item != null) {
            item.forEach((k, v) -> out.put(k, render(v)));
        }
        return out;
    }

    /**
     * The exact GetItem the brand page makes, for measuring our handler against the bare SDK call
     * (the benchmark's warm overhead) without building a key outside this layer.
     */
    public GetItemRequest brandRead(String brandId) {
        return GetItemRequest.builder().tableName(table.name()).key(CatalogKeys.brand(brandId)).build();
    }

    /** Whether the deal's item stands and is not taken down: one the public routes serve and a correction reacts to. */
    public boolean dealIsLive(String dealId) {
        return DealCodec.isLiveDeal(dealItem(dealId));
    }

    /** A deal's stored item, as a stream record's image would carry it (the stream consumer's cold start). */
    public Map<String, AttributeValue> dealItem(String dealId) {
        return table.client().getItem(GetItemRequest.builder().tableName(table.name()).key(DealKeys.deal(dealId))
                .consistentRead(true).build()).item();
    }

    /** A brand's key as strings, for a baseline function that knows nothing of this code. */
    public static Map<String, String> brandKey(String brandId) {
        Map<String, String> key = new TreeMap<>();
        CatalogKeys.brand(brandId).forEach((k, v) -> key.put(k, v.s()));
        return key;
    }

    private static String render(AttributeValue v) {
        if (v.s() != null) {
            return v.s();
        }
        if (v.n() != null) {
            return v.n();
        }
        if (v.bool() != null) {
            return v.bool().toString();
        }
        if (v.b() != null) {
            return "<" + v.b().asByteArrayUnsafe().length + " bytes>";
        }
        if (v.hasL()) {
            return "<list of " + v.l().size() + ">";
        }
        if (v.hasM()) {
            return "<map of " + v.m().size() + ">";
        }
        return v.toString();
    }
}
