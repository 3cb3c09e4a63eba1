package com.bigtimedeals.accounts;

import java.util.List;

/** One page of message recipients; {@code next} continues the walk, null at the end. */
public record Recipients(List<String> usernames, String next) {
}
