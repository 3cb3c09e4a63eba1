package com.bigtimedeals.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** What a run measured, in order: printed as it comes, and written as {@code bench-results/*.json}. */
final class Results {
    /** One result: {@code budget} and {@code reference} are null where none applies. */
    record Result(String name, double value, String unit, Double budget, Double reference, String note) {
    }

    static final ObjectMapper JSON = new ObjectMapper();

    private final List<Result> results = new ArrayList<>();

    void add(String name, double value, String unit, Double budget, Double reference, String note) {
        results.add(new Result(name, value, unit, budget, reference, note));
        System.out.printf(Locale.ROOT, "  %-58s %12s %-10s%s%n", name, format(value), unit,
                budget == null ? "" : "  budget " + format(budget));
    }

    List<Result> all() {
        return results;
    }

    private static String format(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e12 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.2f", v);
    }

    /** The JSON report: one object per result, its optional fields left out when absent. */
    String json() throws IOException {
        ArrayNode array = JSON.createArrayNode();
        for (Result r : results) {
            ObjectNode o = array.addObject();
            o.put("name", r.name());
            o.put("value", r.value());
            o.put("unit", r.unit());
            if (r.budget() != null) {
                o.put("budget", r.budget());
            }
            if (r.reference() != null) {
                o.put("reference", r.reference());
            }
            if (r.note() != null) {
                o.put("note", r.note());
            }
        }
        return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(array) + "\n";
    }
}
