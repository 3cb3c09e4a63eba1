package com.bigtimedeals.catalogue;

import java.util.function.Function;

import com.bigtimedeals.platform.Relation;

public record Brand(String id, String name, String logoUrl, long likes, long watchers) implements FollowTarget {
    @Override
    public <R> R fold(Function<Brand, R> ifBrand, Function<Category, R> ifCategory) {
        return ifBrand.apply(this);
    }

    @Override
    public long count(Relation relation) {
        return relation == Relation.LIKE ? likes : watchers;
    }

    @Override
    public Brand followedBy(Relation relation) {
        return relation == Relation.LIKE ? new Brand(id, name, logoUrl, likes + 1, watchers)
                : new Brand(id, name, logoUrl, likes, watchers + 1);
    }

    @Override
    public Brand unfollowedBy(Relation relation) {
        return relation == Relation.LIKE ? new Brand(id, name, logoUrl, likes - 1, watchers)
                : new Brand(id, name, logoUrl, likes, watchers - 1);
    }
}
