package com.bigtimedeals.api;

import com.bigtimedeals.data.DynamoDbClients;
import com.bigtimedeals.data.Table;

/** What a Lambda container builds once, from its environment. */
final class Environment {
    private Environment() {
    }

    static Table table() {
        return Table.fromEnvironment(DynamoDbClients.fromEnvironment());
    }

    /** Hot-deal blasts are split into this many parallel-scan segments (docs/fan-out.md has the arithmetic). */
    static int blastSegments() {
        return com.bigtimedeals.data.Setting.BLAST_SEGMENTS.number();
    }
}
