package com.bigtimedeals.platform;

import java.util.List;

/** One page of a newest-first list; {@code nextCursor} is null on the last page. */
public record Page<T>(List<T> items, String nextCursor) {
}
