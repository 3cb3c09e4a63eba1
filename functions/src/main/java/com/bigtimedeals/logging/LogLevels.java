package com.bigtimedeals.logging;

import org.slf4j.event.Level;

/**
 * Which events are written. One level for the process: {@code bigtimedeals.log.level} at start (INFO if unset),
 * then whatever Powertools sets ({@code POWERTOOLS_LOG_LEVEL}, Lambda's advanced logging controls, DEBUG for a
 * sampled request). Libraries that log per request at INFO have a floor above it, so a sampled request shows our
 * lines, not the SDK's wire chatter.
 */
final class LogLevels {
    static final String LEVEL_PROPERTY = "bigtimedeals.log.level";

    private static volatile Level process = parse(System.getProperty(LEVEL_PROPERTY), Level.INFO);

    private LogLevels() {
    }

    /** The least severe level a logger of this name writes, whatever the process's level. */
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

    private static Level parse(String name, Level otherwise) {
        for (Level level : Level.values()) {
            if (level.name().equalsIgnoreCase(name)) {
                return level;
            }
        }
        return otherwise;
    }
}
