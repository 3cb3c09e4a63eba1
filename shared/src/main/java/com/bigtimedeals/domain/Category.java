package com.bigtimedeals.domain;

import java.util.List;

public record Category(String id, String name, long likes, long watchers, List<Deal> featured) {
}
