package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.catalogue.CatalogRenames;
import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.FeaturedList;
import com.bigtimedeals.catalogue.FeaturedStore;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.FrontPageCache;
import com.bigtimedeals.platform.Likeable;

/**
 * A renamed brand's or category's name reaches every copy through the stream: its deals (a walk over its latest list,
 * page by page, across invocations), the featured lists and the cached front page; a second rename while the first is
 * still walking wins everywhere.
 */
class RenameStreamTest extends StreamTest {

    @Test
    void aRenameReachesEveryDealAndEveryCopyAcrossPagesAndInvocations() throws Exception {
        int n = CatalogRenames.PAGE * 2 + 17;
        List<String> ids = java.util.Collections.synchronizedList(new ArrayList<>());
        parallel(n, i -> ids.add(newDeal("Deal " + i, "acme", i % 2 == 0 ? "tech" : "home").id()));
        Deal other = newDeal("Other brand", "globex", "tech");
        FeaturedStore featured = new FeaturedStore(table);
        featured.set(FeaturedList.FRONT_PAGE, List.of(ids.get(0), other.id()));
        featured.setForCategory("tech", List.of(ids.get(0)));
        pump(60_000);

        CatalogStore catalog = new CatalogStore(table);
        catalog.updateBrand("acme", "Acme Corp", null);
        // The walk's first invocation runs out of time after a page: the checkpoint's record carries it on.
        deliverWithBudget(tap.drain(), 3);
        pump(60_000);

        DealStore deals = new DealStore(table);
        for (String id : ids) {
            assertEquals("Acme Corp", deals.get(id).brandName(), id);
        }
        assertEquals("Globex", deals.get(other.id()).brandName());
        assertEquals("Acme Corp", featured.get(FeaturedList.FRONT_PAGE).get(0).brandName());
        assertEquals("Acme Corp", catalog.category("tech").featured().get(0).brandName());
        for (Deal d : new FrontPageCache(table, SHARDS).read().latest()) {
            assertEquals(d.id().equals(other.id()) ? "Globex" : "Acme Corp", d.brandName());
        }
        assertEquals(null, new CatalogRenames(table).get(Likeable.BRAND, "acme"), "the walk is finished");
    }

    @Test
    void aSecondRenameWhileTheFirstStillWalksWinsEverywhere() throws Exception {
        int n = CatalogRenames.PAGE + 30;
        List<String> ids = java.util.Collections.synchronizedList(new ArrayList<>());
        parallel(n, i -> ids.add(newDeal("Deal " + i, "acme", "tech").id()));
        pump(60_000);
        CatalogStore catalog = new CatalogStore(table);
        catalog.updateBrand("acme", "Acme One", null);
        var first = tap.drain();
        catalog.updateBrand("acme", "Acme Two", null);
        var second = tap.drain();
        // The newer rename's records first, then the older one's, late: the worst order.
        deliver(second, 60_000);
        deliver(first, 60_000);
        pump(60_000);
        DealStore deals = new DealStore(table);
        for (String id : ids) {
            assertEquals("Acme Two", deals.get(id).brandName(), id);
        }
        assertEquals("Acme Two", catalog.brand("acme").name());
    }

    @Test
    void aRenamedCategoryReachesItsDeals() throws Exception {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(newDeal("Deal " + i, "globex", "home").id());
        }
        pump(60_000);
        new CatalogStore(table).updateCategory("home", "Home & Garden");
        pump(60_000);
        for (String id : ids) {
            assertEquals("Home & Garden", new DealStore(table).get(id).categoryName());
        }
        assertTrue(new CatalogStore(table).categories().stream().anyMatch(c -> c.name().equals("Home & Garden")));
    }
}
