package com.bigtimedeals.deals;

import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The versions a guarded correction may run at: the strong {@code "v<n>"} entity tags of an {@code If-Match} (RFC 9110
 * 13.1.1). An empty set matches no version (a weak tag, or a tag this deal never had, such as {@code "v0"}): such a
 * write is refused as stale, with the deal as it stands, rather than run unguarded.
 */
public record VersionGuard(Set<Long> versions) {
    public VersionGuard {
        versions = Set.copyOf(versions);
    }

    public static VersionGuard at(long version) {
        return new VersionGuard(Set.of(version));
    }

    boolean admits(long version) {
        return versions.contains(version);
    }

    /** What the client had, worded for a person: "version 3", "versions 2 or 3", or none this deal has had. */
    String described() {
        if (versions.isEmpty()) {
            return "no version this deal has had";
        }
        String listed = new TreeSet<>(versions).stream().map(String::valueOf).collect(Collectors.joining(" or "));
        return (versions.size() == 1 ? "version " : "versions ") + listed;
    }
}
