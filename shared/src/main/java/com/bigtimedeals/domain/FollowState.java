package com.bigtimedeals.domain;

public record FollowState(boolean liked, boolean watching) {
}
