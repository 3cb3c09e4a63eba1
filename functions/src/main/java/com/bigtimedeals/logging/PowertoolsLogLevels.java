package com.bigtimedeals.logging;

import org.slf4j.Logger;
import org.slf4j.event.Level;

import software.amazon.lambda.powertools.logging.internal.LoggingManager;

/**
 * How Powertools changes the level (found through {@code ServiceLoader}, as its log4j and logback backends are):
 * from {@code POWERTOOLS_LOG_LEVEL} or {@code AWS_LAMBDA_LOG_LEVEL} when it starts, and to DEBUG for the requests its
 * sampling rate picks.
 */
public final class PowertoolsLogLevels implements LoggingManager {
    @Override
    public void setLogLevel(Level level) {
        LogLevels.process(level);
    }

    @Override
    public Level getLogLevel(Logger logger) {
        Level process = LogLevels.process();
        Level floor = logger == null ? Level.TRACE : LogLevels.floor(logger.getName());
        return floor.toInt() > process.toInt() ? floor : process;
    }
}
