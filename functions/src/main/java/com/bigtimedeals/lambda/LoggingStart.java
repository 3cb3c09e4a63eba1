package com.bigtimedeals.lambda;

import java.util.concurrent.CountDownLatch;

import org.slf4j.LoggerFactory;

/**
 * Starts logging (SLF4J, log4j's configuration, its console appender and Powertools' JSON layout) on a second
 * thread while the container's SDK client is built on the first: two of the largest parts of a cold start, each
 * about a third of it and independent of the other, run side by side in Lambda's init phase, which has the CPU
 * boost (init runs with more CPU than a small function's invocations get).
 *
 * <p>The SDK's classes create their loggers while the client is built. log4j starts its context under a lock taken
 * with {@code tryLock}: whichever thread asks for a logger first reads the configuration, and the others get their
 * loggers at once, on log4j's default configuration (errors only, to the console) until the loaded one replaces it
 * for every logger. So {@link #begin} returns only once the second thread has started reading the configuration
 * ({@link LoggingStartConfigurationFactory} signals it), or has finished, when log4j was already started or is
 * configured otherwise (the local stack, tests): the first thread never ends up doing that work itself. Both
 * threads enter logging the same way ({@code LoggerFactory.getLogger}), so they initialise its classes in the same
 * order and cannot deadlock on each other's class initialisers.
 *
 * <p>The container waits for this thread ({@link #await}) before its handler's constructor returns: logging is
 * ready when init ends, as it was when it started on one thread, and nothing of it runs after a SnapStart
 * snapshot is taken.
 */
public final class LoggingStart {
    /** Counted down once in the process, when log4j reads its configuration or the first start ends. */
    private static final CountDownLatch CONFIGURING = new CountDownLatch(1);

    private final Thread thread;
    private volatile Throwable failure;

    private LoggingStart() {
        // The thread inherits the context class loader (Lambda's, over the function's jar), where log4j looks for
        // its configuration and plugins.
        thread = new Thread(() -> {
            try {
                LoggerFactory.getLogger(LoggingStart.class);
            } catch (Throwable e) {
                failure = e;
            } finally {
                CONFIGURING.countDown();
            }
        }, "logging-start");
        thread.setDaemon(true);
    }

    /** Starts logging on a second thread; returns once that thread reads log4j's configuration (or is done). */
    public static LoggingStart begin() {
        LoggingStart start = new LoggingStart();
        start.thread.start();
        uninterruptibly(CONFIGURING::await);
        return start;
    }

    /** Called by log4j, on the thread that reads the configuration. */
    static void configuring() {
        CONFIGURING.countDown();
    }

    /** Waits until logging is started; a failure to start it fails the container's init, as it would inline. */
    public void await() {
        uninterruptibly(thread::join);
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
    }

    private interface Wait {
        void run() throws InterruptedException;
    }

    /** Waits to the end whatever interrupts come (init cannot go on half done), and keeps the interrupt for the caller. */
    private static void uninterruptibly(Wait wait) {
        boolean interrupted = false;
        while (true) {
            try {
                wait.run();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
