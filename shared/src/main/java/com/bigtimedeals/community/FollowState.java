package com.bigtimedeals.community;

public record FollowState(boolean liked, boolean watching) {
}
