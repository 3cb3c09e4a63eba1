package com.bigtimedeals.catalogue;

import java.util.function.Function;

import com.bigtimedeals.platform.Relation;

/** What a user can like or watch: a brand or a category, and nothing else. */
public sealed interface FollowTarget permits Brand, Category {
    /** The one of the two functions that fits this target, applied to it. */
    <R> R fold(Function<Brand, R> ifBrand, Function<Category, R> ifCategory);

    /** How many follow it by {@code relation}: its likes or its watchers. */
    long count(Relation relation);

    /** This target as it is once one more user follows it by {@code relation}: one more like or watcher. */
    FollowTarget followedBy(Relation relation);

    /** This target as it is once one user fewer follows it by {@code relation}. */
    FollowTarget unfollowedBy(Relation relation);
}
