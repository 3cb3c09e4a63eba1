package com.bigtimedeals.api;

import com.bigtimedeals.data.DynamoDbClients;
import com.bigtimedeals.data.Table;

/** What a Lambda container builds once, from its environment. */
final class Environment {
    /** Hot-deal blasts are split into this many parallel-scan segments (docs/fan-out.md has the arithmetic). */
    static final int DEFAULT_BLAST_SEGMENTS = 16;

    private Environment() {
    }

    static Table table() {
        return Table.fromEnvironment(DynamoDbClients.fromEnvironment());
    }

    /** 1 to 100: a blast's segment items are created in one TransactWriteItems, which takes at most 100 actions. */
    static int blastSegments() {
        return Math.max(1, Math.min(100, com.bigtimedeals.data.Settings.number("BLAST_SEGMENTS", DEFAULT_BLAST_SEGMENTS)));
    }
}
