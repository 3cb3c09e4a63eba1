package com.bigtimedeals.stream;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The pool a batch's side-by-side work runs on (walks, pushes): {@code size} daemon threads that start on first use
 * and end after 30 idle seconds, so a container between batches, or frozen by Lambda, holds none busy and none keeps
 * the process alive.
 */
final class IdlingPool {
    private static final AtomicInteger THREADS = new AtomicInteger();

    private IdlingPool() {
    }

    /** Null when {@code size} is 1 or less: the work runs inline, one piece after another. */
    static ExecutorService orInline(int size, String threadName) {
        if (size <= 1) {
            return null;
        }
        ThreadPoolExecutor p = new ThreadPoolExecutor(size, size, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            // Named after the thread it works for too (threads start in submit, on the invocation's thread): locally
            // each stream lane is its own function instance, and the push bench counts one lane's CPU by name.
            Thread t = new Thread(r, threadName + "-" + THREADS.incrementAndGet() + "@" + Thread.currentThread().getName());
            t.setDaemon(true);
            return t;
        });
        p.allowCoreThreadTimeOut(true);
        return p;
    }
}
