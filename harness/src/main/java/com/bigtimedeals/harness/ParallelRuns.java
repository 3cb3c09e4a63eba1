package com.bigtimedeals.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;

/** Runs {@code work(0..n-1)} on a few threads and waits for all of it; the first failure is rethrown. */
public final class ParallelRuns {
    private ParallelRuns() {
    }

    public static void run(int n, int threads, IntConsumer work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> futures = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                int k = i;
                futures.add(pool.submit(() -> work.accept(k)));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
    }
}
