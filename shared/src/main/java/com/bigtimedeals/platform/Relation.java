package com.bigtimedeals.platform;

/** The two ways a user follows a brand or category. */
public enum Relation {
    LIKE, WATCH
}
