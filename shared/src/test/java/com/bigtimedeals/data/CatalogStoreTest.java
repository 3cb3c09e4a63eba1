package com.bigtimedeals.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.domain.Brand;
import com.bigtimedeals.domain.BrandSummary;
import com.bigtimedeals.domain.Category;
import com.bigtimedeals.domain.DomainException;

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
