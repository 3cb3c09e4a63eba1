package com.bigtimedeals.domain;

public record Brand(String id, String name, String logoUrl, long likes, long watchers) {
}
