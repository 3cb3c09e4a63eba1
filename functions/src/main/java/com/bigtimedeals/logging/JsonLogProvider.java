package com.bigtimedeals.logging;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.Logger;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * SLF4J's backend in every process of ours: Powertools' structured JSON lines written straight to standard output.
 *
 * <p>It stands where Powertools' log4j backend stood. That backend's start (log4j's configuration, its console
 * appender, the JSON template layout and its resolvers: about 520 classes and 200 ms of CPU) cost a function more
 * than the whole of the plain SDK function's cold start could absorb, and Powertools' logback backend does not
 * resolve here ({@code docs/cold-start.md}). The line is Powertools' own: its field names and order, its MDC fields
 * ({@code PowertoolsLogging.withLogging} fills them), its structured arguments written through its JSON writer, its
 * log level settings ({@link PowertoolsLogLevels}).
 */
public final class JsonLogProvider implements SLF4JServiceProvider {
    private final ThreadMdc mdc = new ThreadMdc();
    private final ILoggerFactory loggers = new Loggers(mdc);
    private final IMarkerFactory markers = new BasicMarkerFactory();

    @Override
    public ILoggerFactory getLoggerFactory() {
        return loggers;
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return markers;
    }

    @Override
    public MDCAdapter getMDCAdapter() {
        return mdc;
    }

    @Override
    public String getRequestedApiVersion() {
        return "2.0.99";
    }

    @Override
    public void initialize() {
        // Nothing to read or open: the first line is written as cheaply as the thousandth.
    }

    private static final class Loggers implements ILoggerFactory {
        private final ConcurrentMap<String, Logger> byName = new ConcurrentHashMap<>();
        private final ThreadMdc mdc;

        Loggers(ThreadMdc mdc) {
            this.mdc = mdc;
        }

        @Override
        public Logger getLogger(String name) {
            return byName.computeIfAbsent(name, n -> new JsonLogger(n, mdc));
        }
    }
}
