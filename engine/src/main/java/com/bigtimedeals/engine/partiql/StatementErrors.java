package com.bigtimedeals.engine.partiql;

import com.bigtimedeals.engine.api.ApiException;

/** The service's answers to statements its PartiQL parser cannot read. */
final class StatementErrors {
    private StatementErrors() {
    }

    static ApiException notWellFormed(String detail) {
        return ApiException.validation("Statement wasn't well formed, can't be processed: " + detail);
    }

    /** A complete statement followed by more tokens. */
    static ApiException leftover() {
        return notWellFormed("Unexpected token after expression");
    }
}
