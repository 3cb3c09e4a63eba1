package com.bigtimedeals.catalogue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import com.bigtimedeals.deals.Deal;

/**
 * One process's copies of the categories' featured lists, for the like and watch answers (a category with its
 * featured deals). Every featured list is an item of the one {@code FEATURED} partition, and every category like or
 * watch read its category's list strongly consistent with the counts: at the busiest day's 1,300 a second that
 * partition served half its read limit (issue 41). A copy is kept {@link #KEEP_SECONDS}, the public answers'
 * {@code max-age} ({@code HttpConventions.PUBLIC_MAX_AGE_SECONDS}): the featured deals in a like's answer are then no
 * older than those the CDN gives the category's page, while its counts are still read strongly consistent. A list
 * is read with the counts (the same BatchGetItem, no request more) when the process holds no fresh copy.
 */
public final class FeaturedCopies {
    /** How long a copy answers, in seconds. */
    static final long KEEP_SECONDS = 30;
    private static final long KEEP_NANOS = TimeUnit.SECONDS.toNanos(KEEP_SECONDS);

    private record Copy(List<Deal> deals, long readAtNanos) {
    }

    private final LongSupplier nanoTime;
    private final Map<String, Copy> copies = new ConcurrentHashMap<>();

    public FeaturedCopies() {
        this(System::nanoTime);
    }

    /** With {@code nanoTime} as the clock a copy's age is read on (tests). */
    public FeaturedCopies(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
    }

    /** The category's featured deals from a fresh copy, or null: read the list (and give it to {@link #withFeatured}). */
    public List<Deal> get(String categoryId) {
        Copy copy = copies.get(categoryId);
        return copy == null || nanoTime.getAsLong() - copy.readAtNanos() > KEEP_NANOS ? null : copy.deals();
    }

    /**
     * The category as read, with {@code copied} as its featured deals when there was a copy; else the list it was read
     * with is copied. Only categories that exist are copied, so the copies are at most one per category.
     */
    public Category withFeatured(Category read, List<Deal> copied) {
        if (copied != null) {
            return new Category(read.id(), read.name(), read.likes(), read.watchers(), copied);
        }
        copies.put(read.id(), new Copy(List.copyOf(read.featured()), nanoTime.getAsLong()));
        return read;
    }
}
