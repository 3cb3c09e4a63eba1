package com.bigtimedeals.bench;

import java.nio.file.Path;
import java.time.Instant;

import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.platform.Settings;

/**
 * One benchmark run, as every measurement sees it: where its results go, the moment it stands at, the repository it
 * measures, and the settings the run gives the product (the functions' defaults, as deployed).
 */
record Bench(Results results, Instant now, Path root, Settings settings) {
    /** The product's configuration for this run, from its settings. */
    Configuration configuration() {
        return Configuration.from(settings);
    }

    /**
     * The configuration the local stack gives a function ({@link Settings#forLocalStack()}): the engine answers in this
     * JVM and every consumer instance shares this machine's cores, so a fan-out measured here runs as it runs there.
     */
    Configuration localConfiguration() {
        return Configuration.from(settings.forLocalStack());
    }

    void add(String name, double value, String unit, Double budget, Double reference, String note) {
        results.add(name, value, unit, budget, reference, note);
    }

    /** The shaded jar every function is deployed from. */
    Path functionJar() {
        return root.resolve("functions/target/bigtimedeals-functions.jar");
    }
}
