package com.bigtimedeals.engine.ops;

import java.io.IOException;
import java.util.Map;

import com.bigtimedeals.engine.api.Operation;
import com.bigtimedeals.engine.api.Shape;
import com.bigtimedeals.engine.core.Context;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * An operation as the protocol floor runs it, in three steps: {@link #decode} reads the request map, already checked
 * against the operation's shape, once into its typed request (no later step reads the map); {@link #run} calls the
 * core with it; {@link #encode} writes the typed outcome, one writer per shape.
 *
 * @param <R> the operation's typed request
 * @param <O> what the core answered
 */
abstract class TypedOperation<R, O> implements Operation {
    final Context ctx;
    private final Shape shape;

    TypedOperation(Context ctx, Shape shape) {
        this.ctx = ctx;
        this.shape = shape;
    }

    @Override
    public final Shape shape() {
        return shape;
    }

    abstract R decode(Map<String, Object> req);

    abstract O run(R request);

    abstract void encode(JsonGenerator out, R request, O outcome) throws IOException;

    @Override
    public final void execute(Map<String, Object> req, JsonGenerator out) throws IOException {
        R request = decode(req);
        encode(out, request, run(request));
    }
}
