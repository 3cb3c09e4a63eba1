package com.bigtimedeals.domain;

import java.time.Instant;

/** Watcher fan-out handed on to a later invocation: where the walk of one watcher list stopped. */
public record FanOutWork(String dealId, Likeable source, String after, Instant messageAt, boolean done) {
}
