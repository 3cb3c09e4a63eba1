package com.bigtimedeals.local;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import com.bigtimedeals.stream.SweepHandler;

/** The sweeper's schedule, locally: what EventBridge does in AWS, every few seconds instead of minutes. */
public final class Sweeper implements AutoCloseable {
    static final int EVERY_SECONDS = 5;

    private final SweepHandler sweep;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "sweeper");
        t.setDaemon(true);
        return t;
    });

    public Sweeper(SweepHandler sweep) {
        this.sweep = sweep;
    }

    public void start() {
        timer.scheduleWithFixedDelay(() -> {
            try {
                sweep.sweep();
            } catch (RuntimeException e) {
                System.err.println("sweeper: " + e); // the next tick tries again
            }
        }, EVERY_SECONDS, EVERY_SECONDS, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
