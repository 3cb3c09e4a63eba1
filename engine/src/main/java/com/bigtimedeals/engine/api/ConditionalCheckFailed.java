package com.bigtimedeals.engine.api;

import java.io.IOException;
import java.util.Map;

import com.bigtimedeals.engine.json.ValueJson;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/** A condition that did not hold; carries the item as it was when ReturnValuesOnConditionCheckFailure is ALL_OLD. */
public final class ConditionalCheckFailed extends ApiException {
    private final transient Map<String, Value> item;

    public ConditionalCheckFailed(Map<String, Value> item) {
        super(DYNAMODB + "ConditionalCheckFailedException", "The conditional request failed");
        this.item = item;
    }

    /** The item as it was, when asked for; else null. */
    public Map<String, Value> item() {
        return item;
    }

    @Override
    protected void writeExtra(JsonGenerator out) throws IOException {
        if (item != null) {
            ValueJson.writeItemField(out, "Item", item);
        }
    }
}
