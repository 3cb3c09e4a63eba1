package com.bigtimedeals.platform;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.catalogue.CatalogKeys;
import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.catalogue.FeaturedList;
import com.bigtimedeals.catalogue.FeaturedStore;
import com.bigtimedeals.community.CommunityKeys;
import com.bigtimedeals.community.FollowStore;
import com.bigtimedeals.deals.DealStore;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/**
 * The items a like or watch rewrites stay under 1 KB, so the transaction costs about 4 write
 * units (2 items, 1 unit each, doubled), even for a category whose featured list is full. Sizes are computed
 * the way DynamoDB bills them (attribute names plus values), from the items themselves.
 */
class ItemSizeTest extends DynamoDbTest {

    @Test
    void aLikeRewritesOnlyItemsUnderOneKilobyte() {
        Table t = newTable(Fixtures.NOW);
        CatalogStore catalog = new CatalogStore(t);
        catalog.createBrand("a-brand-with-a-rather-long-id-for-good-measure", "A Brand With A Rather Long Name For Good Measure",
                "https://img.example.com/" + "logo".repeat(40) + ".png");
        catalog.createCategory("health-beauty", "Health & Beauty");
        Fixtures.catalog(catalog);
        DealStore deals = new DealStore(t);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            ids.add(new DealPosting(deals).create(Fixtures.deal("Featured " + i, "acme", "health-beauty", Fixtures.NOW.minusSeconds(i))).id());
        }
        new FeaturedStore(t).setForCategory("health-beauty", ids);
        FollowStore follows = new FollowStore(t);
        String user = "a-user-name-of-sixty-four-characters-xxxxxxxxxxxxxxxxxxxxxxxxxxx";
        follows.add(Likeable.BRAND, "a-brand-with-a-rather-long-id-for-good-measure", user, Relation.LIKE);
        follows.add(Likeable.CATEGORY, "health-beauty", user, Relation.WATCH);
        for (Map<String, AttributeValue> key : List.of(
                CatalogKeys.brand("a-brand-with-a-rather-long-id-for-good-measure"),
                CommunityKeys.like(Likeable.BRAND, "a-brand-with-a-rather-long-id-for-good-measure", user),
                CatalogKeys.category("health-beauty"),
                CommunityKeys.watch(Likeable.CATEGORY, "health-beauty", user))) {
            Map<String, AttributeValue> item = client.getItem(GetItemRequest.builder().tableName(t.name()).key(key)
                    .consistentRead(true).build()).item();
            int bytes = size(item);
            assertTrue(bytes > 0 && bytes < 1024, key + " is " + bytes + " bytes");
        }
        int featured = size(client.getItem(GetItemRequest.builder().tableName(t.name())
                .key(CatalogKeys.featured(FeaturedList.category("health-beauty"))).build()).item());
        assertTrue(featured > 4 * 1024, "the featured list (" + featured + " bytes) is what a like no longer rewrites");
    }

    static int size(Map<String, AttributeValue> item) {
        return BilledSize.of(item);
    }
}
