package com.bigtimedeals.catalogue;

import java.util.List;
import java.util.Map;

import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealLink;
import com.bigtimedeals.deals.DealOwners;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.NewDeal;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.TableReads;
import com.bigtimedeals.prices.PriceKeys;
import com.bigtimedeals.prices.PriceLows;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * Posting a deal (access pattern: Create Deal): its brand, its category and the lowest price its link has had
 * ({@link PriceLows}) in one BatchGetItem, then the deal's own transaction ({@link DealStore#create(NewDeal, String,
 * DealOwners)}). The one place that knows all three: the deals know neither the catalogue nor how it is read, and
 * are handed what the read found ({@link DealOwners}).
 */
public final class DealPosting {
    private final DealStore deals;

    public DealPosting(DealStore deals) {
        this.deals = deals;
    }

    /** {@link #create(NewDeal, String)} by no editor (tests, benchmark and demo data). */
    public Deal create(NewDeal draft) {
        return create(draft, null);
    }

    /**
     * Creates the deal by {@code editor}: 1 BatchGetItem of the brand, the category and the link's low, then the
     * deal's transaction. An unknown brand or category is INVALID (both named when both are unknown).
     */
    public Deal create(NewDeal draft, String editor) {
        List<Map<String, AttributeValue>> owners = TableReads.batchGet(deals.table(), KeysAndAttributes.builder()
                .keys(CatalogKeys.brand(draft.brandId()), CatalogKeys.category(draft.categoryId()),
                        PriceKeys.low(DealLink.normalise(draft.link())))
                .projectionExpression("#t, #n, #nv, #low")
                .expressionAttributeNames(Map.of("#t", Keys.TYPE, "#n", "name", "#nv", CatalogStore.NAME_VERSION,
                        "#low", PriceLows.LOW))
                .build());
        String brandName = null;
        String categoryName = null;
        long brandNameVersion = 0;
        long categoryNameVersion = 0;
        for (Map<String, AttributeValue> item : owners) {
            ItemReader r = new ItemReader(item);
            if (CatalogKeys.BRAND.equals(r.type())) {
                brandName = r.string("name");
                brandNameVersion = r.has(CatalogStore.NAME_VERSION) ? r.number(CatalogStore.NAME_VERSION) : 0;
            } else if (CatalogKeys.CATEGORY.equals(r.type())) {
                categoryName = r.string("name");
                categoryNameVersion = r.has(CatalogStore.NAME_VERSION) ? r.number(CatalogStore.NAME_VERSION) : 0;
            }
        }
        return deals.create(draft, editor, new DealOwners(brandName, brandNameVersion, categoryName, categoryNameVersion,
                PriceLows.lowAmong(owners)));
    }
}
