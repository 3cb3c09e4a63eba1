package com.bigtimedeals.community;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** What a user follows: brands and categories, each sorted by name ignoring case (then id). */
public record Follows(List<Followed> brands, List<Followed> categories) {
    /** One followed brand or category; at least one of {@code liked} and {@code watching} is true. */
    public record Followed(String id, String name, boolean liked, boolean watching) {
        public Followed {
            if (!liked && !watching) {
                throw new IllegalArgumentException("a followed target is liked or watched");
            }
        }
    }

    public static final Comparator<Followed> BY_NAME = Comparator
            .comparing((Followed f) -> f.name().toLowerCase(Locale.ROOT)).thenComparing(Followed::id);

    public Follows {
        brands = brands.stream().sorted(BY_NAME).toList();
        categories = categories.stream().sorted(BY_NAME).toList();
    }
}
