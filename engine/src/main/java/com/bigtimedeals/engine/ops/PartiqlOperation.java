package com.bigtimedeals.engine.ops;

import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;

/**
 * A PartiQL operation (ExecuteStatement, BatchExecuteStatement, ExecuteTransaction): a {@link TypedOperation} whose
 * statements run as typed core calls through one {@link PartiqlReads} and one {@link PartiqlWrites}.
 */
abstract class PartiqlOperation<R, O> extends TypedOperation<R, O> {
    final PartiqlReads reads;
    final PartiqlWrites writes;

    PartiqlOperation(Context ctx, Shape shape) {
        super(ctx, shape);
        this.reads = new PartiqlReads(ctx);
        this.writes = new PartiqlWrites(ctx);
    }
}
