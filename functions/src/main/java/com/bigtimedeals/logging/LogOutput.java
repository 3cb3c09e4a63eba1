package com.bigtimedeals.logging;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.slf4j.event.Level;

/**
 * Where lines go: standard output, which Lambda sends to CloudWatch Logs, or ({@code bigtimedeals.log.output=discard},
 * the benchmark) nowhere but warnings and errors to standard error, so that results are not buried and what goes
 * wrong still shows. Lines are formatted either way: their cost is part of what a request costs.
 */
final class LogOutput {
    static final String OUTPUT_PROPERTY = "bigtimedeals.log.output";

    private static final boolean DISCARD = "discard".equals(System.getProperty(OUTPUT_PROPERTY));

    private LogOutput() {
    }

    static void write(Level level, String line) {
        // Read at every line, not kept: tests and the local stack replace System.out.
        PrintStream out = !DISCARD ? System.out : level.toInt() >= Level.WARN.toInt() ? System.err : null;
        if (out != null) {
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            // One write per line: Lambda's runtime turns each write on stdout into one log event.
            out.write(bytes, 0, bytes.length);
            out.flush();
        }
    }
}
