package com.bigtimedeals.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.DynamoDbTest;
import com.bigtimedeals.platform.Fixtures;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.RequestMeter;
import com.bigtimedeals.platform.Table;

class CatalogStoreTest extends DynamoDbTest {

    @Test
    void createBrandThenReadItInOneRequest() {
        CatalogStore catalog = new CatalogStore(newTable(Fixtures.NOW));
        catalog.createBrand("acme", "Acme", "https://img.example/acme.png");
        RequestMeter.reset();
        Brand brand = catalog.brand("acme");
        assertEquals(1, RequestMeter.usage().requests());
        assertEquals(new Brand("acme", "Acme", "https://img.example/acme.png", 0, 0), brand);
    }

    @Test
    void duplicateBrandIsAConflictAndChangesNothing() {
        CatalogStore catalog = new CatalogStore(newTable(Fixtures.NOW));
        catalog.createBrand("acme", "Acme", null);
        DomainException e = assertThrows(DomainException.class, () -> catalog.createBrand("acme", "ACME Again", "https://x.example/a.png"));
        assertEquals(DomainException.Kind.CONFLICT, e.kind());
        assertEquals("Acme", catalog.brand("acme").name());
        assertEquals(1, catalog.brands().size());
    }

    @Test
    void allBrandsAreSortedByNameIgnoringCaseInOneRequest() {
        CatalogStore catalog = new CatalogStore(newTable(Fixtures.NOW));
        catalog.createBrand("zeta", "zeta", null);
        catalog.createBrand("alpha", "Alpha", null);
        catalog.createBrand("beta", "beta", null);
        catalog.createBrand("bravo", "Bravo", null);
        RequestMeter.reset();
        List<BrandSummary> brands = catalog.brands();
        assertEquals(1, RequestMeter.usage().requests());
        assertEquals(List.of("alpha", "beta", "bravo", "zeta"), brands.stream().map(BrandSummary::id).toList());
    }

    /** A name sorts before every longer name it is a prefix of, whatever follows: space, punctuation, digits. */
    static final List<String> NAMES_IN_ORDER = List.of("9 Lives", "Ac", "Acme", "acme 2", "Acme tknhnr", "ACME!", "Acme-Co",
            "acme2", "Acmeco", "B");

    @Test
    void aNameSortsBeforeTheNamesItIsAPrefixOfIgnoringCase() {
        Table table = newTable(Fixtures.NOW);
        CatalogStore catalog = new CatalogStore(table);
        List<String> shuffled = new java.util.ArrayList<>(NAMES_IN_ORDER);
        java.util.Collections.shuffle(shuffled, new java.util.Random(11));
        for (int i = 0; i < shuffled.size(); i++) {
            catalog.createBrand("b" + i, shuffled.get(i), null);
            catalog.createCategory("c" + i, shuffled.get(i));
        }
        RequestMeter.reset();
        assertEquals(NAMES_IN_ORDER, catalog.brands().stream().map(BrandSummary::name).toList());
        assertEquals(1, RequestMeter.usage().requests());
        assertEquals(NAMES_IN_ORDER, catalog.categories().stream().map(c -> c.name()).toList());
    }

    @Test
    void listingItemsWrittenWithTheOldSeparatorStillSortByName() {
        Table table = newTable(Fixtures.NOW);
        CatalogStore catalog = new CatalogStore(table);
        for (String[] old : new String[][] {{"acme-tknhnr", "Acme tknhnr"}, {"acme", "Acme"}}) {
            table.client().putItem(b -> b.tableName(table.name()).item(new ItemWriter(
                    Keys.key(CatalogKeys.BRANDS_PK, "BRAND#" + old[1].toLowerCase(java.util.Locale.ROOT) + "#" + old[0]), CatalogKeys.BRAND_LISTING)
                    .string("id", old[0]).string("name", old[1]).build()));
        }
        catalog.createBrand("acme-2", "Acme 2", null);
        assertEquals(List.of("Acme", "Acme 2", "Acme tknhnr"), catalog.brands().stream().map(BrandSummary::name).toList());
    }

    @Test
    void createCategoryAndReadItWithFeaturedInOneRequest() {
        CatalogStore catalog = new CatalogStore(newTable(Fixtures.NOW));
        catalog.createCategory("food-drink", "Food & Drink");
        RequestMeter.reset();
        Category c = catalog.category("food-drink");
        assertEquals(1, RequestMeter.usage().requests());
        assertEquals(new Category("food-drink", "Food & Drink", 0, 0, List.of()), c);
        assertEquals(DomainException.Kind.CONFLICT,
                assertThrows(DomainException.class, () -> catalog.createCategory("food-drink", "Food")).kind());
    }

    @Test
    void unknownBrandOrCategoryIsNotFound() {
        CatalogStore catalog = new CatalogStore(newTable(Fixtures.NOW));
        assertEquals(DomainException.Kind.NOT_FOUND, assertThrows(DomainException.class, () -> catalog.brand("nope")).kind());
        assertEquals(DomainException.Kind.NOT_FOUND, assertThrows(DomainException.class, () -> catalog.category("nope")).kind());
    }
}
