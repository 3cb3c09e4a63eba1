package com.bigtimedeals.community;

import com.bigtimedeals.catalogue.FollowTarget;

/** What a like or watch did: the brand or category as its answer shows it, and whether the call changed anything. */
public record FollowChange(FollowTarget target, boolean changed) {
}
