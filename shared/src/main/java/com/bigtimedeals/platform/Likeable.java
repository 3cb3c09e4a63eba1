package com.bigtimedeals.platform;

/** What a user can like or watch. */
public enum Likeable {
    BRAND, CATEGORY
}
