package com.bigtimedeals.logging;

import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;

/** An SLF4J logger that writes each event as one Powertools JSON line ({@link JsonLine}). */
final class JsonLogger extends LegacyAbstractLogger {
    private static final long serialVersionUID = 1L;

    private final transient Level floor;

    JsonLogger(String name) {
        this.name = name;
        this.floor = LogLevels.floor(name);
    }

    @Override
    public boolean isTraceEnabled() {
        return LogLevels.enabled(floor, Level.TRACE);
    }

    @Override
    public boolean isDebugEnabled() {
        return LogLevels.enabled(floor, Level.DEBUG);
    }

    @Override
    public boolean isInfoEnabled() {
        return LogLevels.enabled(floor, Level.INFO);
    }

    @Override
    public boolean isWarnEnabled() {
        return LogLevels.enabled(floor, Level.WARN);
    }

    @Override
    public boolean isErrorEnabled() {
        return LogLevels.enabled(floor, Level.ERROR);
    }

    @Override
    protected String getFullyQualifiedCallerName() {
        return null;
    }

    @Override
    protected void handleNormalizedLoggingCall(Level level, Marker marker, String pattern, Object[] arguments,
            Throwable thrown) {
        String message = arguments == null || arguments.length == 0 ? pattern
                : MessageFormatter.basicArrayFormat(pattern, arguments);
        LogOutput.write(level, JsonLine.of(level, message, arguments, thrown, System.currentTimeMillis()));
    }
}
