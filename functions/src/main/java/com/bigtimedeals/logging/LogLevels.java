package com.bigtimedeals.logging;

import java.util.Locale;

import org.slf4j.event.Level;

/**
 * Which events are written. One level for the process, read where the process starts as Powertools reads it:
 * {@code POWERTOOLS_LOG_LEVEL}, else Lambda's advanced logging controls ({@code AWS_LAMBDA_LOG_LEVEL}), else
 * {@code -Dbigtimedeals.log.level} (the local stack), else INFO. Powertools may raise it to DEBUG for the
 * requests its sampling rate picks; it goes back when the request ends ({@link PowertoolsLogLevels#clearBuffer}).
 * Libraries that log per request have a floor above INFO, so a sampled request shows our lines, not the SDK's
 * wire chatter.
 */
final class LogLevels {
    static final String LEVEL_PROPERTY = "bigtimedeals.log.level";

    private static final Level CONFIGURED = configured();
    private static volatile Level process = CONFIGURED;

    private LogLevels() {
    }

    /** The least severe level a logger of this name writes, whatever the process's level: above TRACE for a library. */
    static Level floor(String loggerName) {
        if (loggerName.startsWith("software.amazon.awssdk.")) {
            return Level.WARN;
        }
        if (loggerName.startsWith("org.eclipse.jetty.")) {
            return Level.ERROR;
        }
        return Level.TRACE;
    }

    static boolean enabled(Level floor, Level level) {
        return level.toInt() >= Math.max(floor.toInt(), process.toInt());
    }

    static Level process() {
        return process;
    }

    static void process(Level level) {
        process = level;
    }

    /** Back to the configured level, after a request Powertools sampled. */
    static void restore() {
        process = CONFIGURED;
    }

    private static Level configured() {
        for (String name : new String[] {System.getenv("POWERTOOLS_LOG_LEVEL"), System.getenv("AWS_LAMBDA_LOG_LEVEL"),
            System.getProperty(LEVEL_PROPERTY)}) {
            Level level = parse(name);
            if (level != null) {
                return level;
            }
        }
        return Level.INFO;
    }

    /** As Powertools reads a level: any case, FATAL as ERROR; null for none or a name it does not know. */
    private static Level parse(String name) {
        if (name == null) {
            return null;
        }
        String upper = name.trim().toUpperCase(Locale.ROOT);
        if (upper.equals("FATAL")) {
            return Level.ERROR;
        }
        for (Level level : Level.values()) {
            if (level.name().equals(upper)) {
                return level;
            }
        }
        return null;
    }
}
