package com.bigtimedeals.logging;

import java.util.Locale;

import org.slf4j.event.Level;

import com.bigtimedeals.platform.Settings;

/**
 * Which events are written. One level for the process, read when SLF4J starts this backend, as Powertools reads it:
 * {@code POWERTOOLS_LOG_LEVEL}, else Lambda's advanced logging controls ({@code AWS_LAMBDA_LOG_LEVEL}), else INFO.
 * Through {@link Settings#fromProcess()}, so a system property of the same name stands in for the variable, as it
 * does for every setting of the local stack, which sets WARN (it prints its own request lines). Powertools may raise it to DEBUG for the
 * requests its sampling rate picks; it goes back when the request ends ({@link PowertoolsLogLevels#clearBuffer}).
 * Libraries that log per request have a floor above INFO, so a sampled request shows our lines, not the SDK's
 * wire chatter.
 */
final class LogLevels {
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
        Settings settings = Settings.fromProcess();
        for (String variable : new String[] {"POWERTOOLS_LOG_LEVEL", "AWS_LAMBDA_LOG_LEVEL"}) {
            Level level = parse(settings.get(variable));
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
