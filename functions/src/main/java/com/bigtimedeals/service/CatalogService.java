package com.bigtimedeals.service;

import java.util.List;

import com.bigtimedeals.catalogue.Brand;
import com.bigtimedeals.catalogue.BrandSummary;
import com.bigtimedeals.catalogue.CatalogStore;
import com.bigtimedeals.catalogue.Category;
import com.bigtimedeals.catalogue.CategorySummary;
import com.bigtimedeals.catalogue.FeaturedStore;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.Slug;
import com.bigtimedeals.platform.Table;

/** Brands and categories: the browse pages and what editors create. */
public final class CatalogService {
    private final CatalogStore catalog;
    private final DealStore deals;
    private final FeaturedStore featured;

    public CatalogService(CatalogStore catalog, DealStore deals, FeaturedStore featured) {
        this.catalog = catalog;
        this.deals = deals;
        this.featured = featured;
    }

    public static CatalogService of(Table table) {
        return new CatalogService(new CatalogStore(table), new DealStore(table), new FeaturedStore(table));
    }

    public List<BrandSummary> brands() {
        return catalog.brands();
    }

    public Brand brand(String id) {
        return catalog.brand(id);
    }

    public Page<Deal> brandDeals(String id, int limit, String cursor) {
        return deals.latestForBrand(id, limit, cursor);
    }

    /** The id is the slug of the name; a taken id is a conflict. */
    public Brand createBrand(String name, String logoUrl) {
        return catalog.createBrand(Slug.of(name), name.strip(), logoUrl);
    }

    /** Renames a brand or gives it another logo; the id never changes, and the name reaches its deals by a walk. */
    public Brand updateBrand(String id, String name, String logoUrl) {
        return catalog.updateBrand(id, name == null ? null : name.strip(), logoUrl);
    }

    public Category updateCategory(String id, String name) {
        return catalog.updateCategory(id, name.strip());
    }

    /** Deletes a brand or category no deal names; gone already is done. */
    public void delete(com.bigtimedeals.platform.Likeable kind, String id) {
        catalog.delete(kind, id);
    }

    public List<CategorySummary> categories() {
        return catalog.categories();
    }

    public Category category(String id) {
        return catalog.category(id);
    }

    public Page<Deal> categoryDeals(String id, int limit, String cursor) {
        return deals.latestForCategory(id, limit, cursor);
    }

    public Category createCategory(String name) {
        return catalog.createCategory(Slug.of(name), name.strip());
    }

    public Category setCategoryFeatured(String categoryId, List<String> dealIds, java.time.Instant now) {
        return featured.setForCategory(categoryId, dealIds, now);
    }
}
