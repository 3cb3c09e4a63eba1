package com.bigtimedeals.deals;

public record CategorySummary(String id, String name) {
}
