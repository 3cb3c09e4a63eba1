package com.bigtimedeals.logging;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.slf4j.event.Level;

import com.bigtimedeals.platform.Settings;

/**
 * Where lines go: standard output, which Lambda sends to CloudWatch Logs; or, with {@code BIGTIMEDEALS_LOG_OUTPUT}
 * {@code discard} (the benchmark sets it as a system property), nowhere, except the libraries' warnings and errors
 * (the SDK's, Jetty's), which go to standard error so that a misconfigured client still shows. Our own lines are
 * formatted either way, since their cost is part of what a request costs, but a benchmark that injects failures
 * on purpose would bury its results under their stack traces.
 */
final class LogOutput {
    static final String OUTPUT_VARIABLE = "BIGTIMEDEALS_LOG_OUTPUT";

    private static final boolean DISCARD = "discard".equals(Settings.fromProcess().get(OUTPUT_VARIABLE));

    private LogOutput() {
    }

    static void write(Level level, boolean library, String line) {
        // Read at every line, not kept: tests and the local stack replace System.out.
        PrintStream out = !DISCARD ? System.out
                : library && level.toInt() >= Level.WARN.toInt() ? System.err : null;
        if (out != null) {
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            // One write per line, under the stream's lock: lines from concurrent threads never interleave.
            out.write(bytes, 0, bytes.length);
            out.flush();
        }
    }
}
