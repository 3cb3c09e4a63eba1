package com.bigtimedeals.logging;

import java.util.List;

import org.slf4j.Marker;
import org.slf4j.event.KeyValuePair;
import org.slf4j.event.Level;
import org.slf4j.event.LoggingEvent;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.spi.LoggingEventAware;

/**
 * An SLF4J logger that writes each event as one Powertools JSON line ({@link JsonLine}). It takes whole events too
 * ({@link LoggingEventAware}): the fluent API's key-value pairs become fields, and SLF4J replays through it the
 * events other threads logged while it was starting.
 */
final class JsonLogger extends LegacyAbstractLogger implements LoggingEventAware {
    private static final long serialVersionUID = 1L;

    private final transient Level floor;
    private final transient ThreadMdc mdc;

    JsonLogger(String name, ThreadMdc mdc) {
        this.name = name;
        this.floor = LogLevels.floor(name);
        this.mdc = mdc;
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
        write(level, pattern, arguments, null, thrown);
    }

    @Override
    public void log(LoggingEvent event) {
        if (LogLevels.enabled(floor, event.getLevel())) {
            write(event.getLevel(), event.getMessage(), event.getArgumentArray(), event.getKeyValuePairs(), event.getThrowable());
        }
    }

    private void write(Level level, String pattern, Object[] arguments, List<KeyValuePair> pairs,
                       Throwable thrown) {
        long now = System.currentTimeMillis();
        String line;
        try {
            String message = arguments == null || arguments.length == 0 ? pattern
                    : MessageFormatter.basicArrayFormat(pattern, arguments);
            line = JsonLine.of(level, message, arguments, pairs, thrown, mdc.current(), now);
        } catch (RuntimeException e) {
            // A logging call never fails its caller (an error path logging a failure would turn into another).
            line = JsonLine.unformattable(level, e, now);
        }
        LogOutput.write(level, floor != Level.TRACE, line);
    }
}
