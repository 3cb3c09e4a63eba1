package com.bigtimedeals.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/** Same-run figures, summarised: timings on a shared machine are only ever compared as medians of ratios. */
final class Medians {
    private Medians() {
    }

    /** The middle value; for an even count, the mean of the middle two. */
    static double of(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** The median of one field over runs. */
    static double field(List<double[]> runs, int field) {
        return of(runs.stream().map(r -> r[field]).toList());
    }

    /** The median over runs of measured/baseline, each run's pair taken in the same round. */
    static double paired(List<double[]> measured, List<double[]> baseline, ToDoubleFunction<double[]> of) {
        List<Double> ratios = new ArrayList<>();
        for (int r = 0; r < measured.size(); r++) {
            ratios.add(of.applyAsDouble(measured.get(r)) / of.applyAsDouble(baseline.get(r)));
        }
        return of(ratios);
    }

    /** The values as a short list for a note. */
    static String rounded(List<Double> values) {
        return String.join(", ", values.stream().map(v -> v < 10 ? String.format(Locale.ROOT, "%.2f", v)
                : Long.toString(Math.round(v))).toList());
    }
}
