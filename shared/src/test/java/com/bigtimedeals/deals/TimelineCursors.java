package com.bigtimedeals.deals;

import java.util.List;

import com.bigtimedeals.platform.Table;

/** Deal-list cursors as the data layer makes them, for tests outside it that need one the API would not hand out yet. */
public final class TimelineCursors {
    /** The bucket every brand and category list starts with, created with the brand or category. */
    public static final String FIRST_BUCKET = DealTimeline.GENESIS;

    private TimelineCursors() {
    }

    /** A cursor at the start of one of a brand's buckets, as a page that ended on the bucket before it makes. */
    public static String brandBucketStart(Table table, String brandId, String bucketId) {
        return table.cursors().encode(DealKeys.scopeBrand(brandId), List.of(bucketId, ""));
    }
}
