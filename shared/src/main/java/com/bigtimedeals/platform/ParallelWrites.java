package com.bigtimedeals.platform;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * Runs writes over slices of a list with a fixed number in flight: a fan-out is I/O-bound, not CPU-bound
 * ({@code DELIVERY_THREADS}). With one in flight, everything runs on the caller's thread.
 */
public final class ParallelWrites {
    private final int parallelism;
    /** Daemon threads, built once with the store: a container reuses them across invocations. */
    private final ExecutorService writers;

    public ParallelWrites(int parallelism) {
        this(parallelism, "inbox-writer");
    }

    /** {@code threadName}: what the pool's threads are called (a thread dump names the work). */
    public ParallelWrites(int parallelism, String threadName) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("at least one write in flight");
        }
        this.parallelism = parallelism;
        this.writers = parallelism > 1 ? Executors.newFixedThreadPool(parallelism, r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        }) : null;
    }

    public int parallelism() {
        return parallelism;
    }

    /** Runs {@code work} over slices of {@code all}, each slice's result in order; the first failure is rethrown. */
    public <T, R> List<R> run(List<T> all, int sliceSize, Function<List<T>, R> work) {
        List<List<T>> slices = new ArrayList<>();
        for (int from = 0; from < all.size(); from += sliceSize) {
            slices.add(all.subList(from, Math.min(all.size(), from + sliceSize)));
        }
        if (writers == null || slices.size() < 2) {
            return slices.stream().map(work).toList();
        }
        List<Future<R>> inFlight = new ArrayList<>();
        for (List<T> slice : slices) {
            inFlight.add(writers.submit(() -> work.apply(slice)));
        }
        List<R> results = new ArrayList<>(slices.size());
        for (Future<R> f : inFlight) {
            try {
                results.add(f.get());
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while writing messages", e);
            }
        }
        return results;
    }
}
