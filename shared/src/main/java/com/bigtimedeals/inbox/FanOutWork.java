package com.bigtimedeals.inbox;

import java.time.Instant;

import com.bigtimedeals.platform.Likeable;

/**
 * A new deal's fan-out handed on to a later invocation: where the walk of one watcher list ({@code source}), or of
 * the deal's alert matches ({@code source} null), stopped.
 */
public record FanOutWork(String dealId, Likeable source, String after, Instant messageAt, boolean done) {
}
