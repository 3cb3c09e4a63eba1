package com.bigtimedeals.catalogue;

import java.util.List;
import java.util.function.Function;

import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.platform.Relation;

public record Category(String id, String name, long likes, long watchers, List<Deal> featured) implements FollowTarget {
    @Override
    public <R> R fold(Function<Brand, R> ifBrand, Function<Category, R> ifCategory) {
        return ifCategory.apply(this);
    }

    @Override
    public long count(Relation relation) {
        return relation == Relation.LIKE ? likes : watchers;
    }

    @Override
    public Category followedBy(Relation relation) {
        return relation == Relation.LIKE ? new Category(id, name, likes + 1, watchers, featured)
                : new Category(id, name, likes, watchers + 1, featured);
    }

    @Override
    public Category unfollowedBy(Relation relation) {
        return relation == Relation.LIKE ? new Category(id, name, likes - 1, watchers, featured)
                : new Category(id, name, likes, watchers - 1, featured);
    }
}
