package com.bigtimedeals.catalogue;

/** One row of the all-brands list. */
public record BrandSummary(String id, String name, String logoUrl) {
}
