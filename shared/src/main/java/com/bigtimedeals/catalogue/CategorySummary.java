package com.bigtimedeals.catalogue;

public record CategorySummary(String id, String name) {
}
