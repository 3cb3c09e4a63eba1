package com.bigtimedeals.engine.api;

import java.io.IOException;
import java.util.Map;

import com.fasterxml.jackson.core.JsonGenerator;

/** One API operation: its request shape, and what it does with a request that passed that shape. */
public interface Operation {
    Shape shape();

    /** Writes the response body; throws {@link ApiException} for an answer the service gives as an error. */
    void execute(Map<String, Object> request, JsonGenerator out) throws IOException;
}
