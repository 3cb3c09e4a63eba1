package com.bigtimedeals.logging;

import org.slf4j.Logger;
import org.slf4j.event.Level;

import software.amazon.lambda.powertools.logging.internal.BufferManager;
import software.amazon.lambda.powertools.logging.internal.LoggingManager;

/**
 * How Powertools changes the level (found through {@code ServiceLoader}, as its log4j and logback backends are):
 * from its environment variables when it starts, and to DEBUG for the requests its sampling rate picks. Powertools
 * never sets the level back after a sampled request; it does clear its log buffer at the end of every
 * {@code withLogging}, so that is where the configured level comes back. Nothing is buffered: every line is
 * written when it is logged.
 */
public final class PowertoolsLogLevels implements LoggingManager, BufferManager {
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

    @Override
    public void flushBuffer() {
        // Nothing is held back.
    }

    @Override
    public void clearBuffer() {
        LogLevels.restore();
    }
}
