package com.bigtimedeals.engine.api;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.engine.json.ValueJson;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

/** A cancelled transaction: one reason per action, in the order of the request ("None" where nothing failed). */
public final class TransactionCanceled extends ApiException {
    /** Why one action was cancelled; code null means "None". */
    public record Reason(String code, String message, Map<String, Value> item) {
        public static final Reason NONE = new Reason(null, null, null);
    }

    private final transient List<Reason> reasons;

    public TransactionCanceled(List<Reason> reasons) {
        super(DYNAMODB + "TransactionCanceledException", message(reasons));
        this.reasons = reasons;
    }

    private static String message(List<Reason> reasons) {
        List<String> codes = new ArrayList<>();
        for (Reason r : reasons) {
            codes.add(r.code == null ? "None" : r.code);
        }
        return "Transaction cancelled, please refer cancellation reasons for specific reasons [" + String.join(", ", codes) + "]";
    }

    /** The one reason code given, at one position, with None everywhere else. */
    public static TransactionCanceled at(int size, int position, Reason reason) {
        List<Reason> reasons = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            reasons.add(i == position ? reason : Reason.NONE);
        }
        return new TransactionCanceled(reasons);
    }

    public List<Reason> reasons() {
        return reasons;
    }

    public static Reason conflict() {
        return new Reason("TransactionConflict", "Transaction is ongoing for the item", null);
    }

    @Override
    protected String messageMember() {
        return "Message";
    }

    @Override
    protected void writeExtra(JsonGenerator out) throws IOException {
        out.writeArrayFieldStart("CancellationReasons");
        for (Reason r : reasons) {
            out.writeStartObject();
            if (r.item != null) {
                ValueJson.writeItemField(out, "Item", r.item);
            }
            out.writeStringField("Code", r.code == null ? "None" : r.code);
            if (r.message != null) {
                out.writeStringField("Message", r.message);
            }
            out.writeEndObject();
        }
        out.writeEndArray();
    }
}
