package com.bigtimedeals.domain;

public record CategorySummary(String id, String name) {
}
