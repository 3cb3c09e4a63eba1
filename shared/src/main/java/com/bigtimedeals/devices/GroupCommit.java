package com.bigtimedeals.devices;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Concurrent callers' one-item writes gathered into one request (group commit): a caller hands its item and waits
 * for that item's answer, exactly as it waited for its own request; while one request is in flight, the items that
 * arrive wait and go together in the next, at most {@code max} at once. Nothing waits for company: a caller alone
 * goes at once, in a group of one. So each caller still has its write's answer before it moves on (what the
 * exactly-once order of a push's claim, Publish and mark rests on), and only the number of requests falls, by the
 * number of callers in flight.
 *
 * @param <T> one caller's item
 * @param <R> its answer; {@code flush} answers a group's items in their order
 */
final class GroupCommit<T, R> {
    private final int max;
    private final Function<List<T>, List<R>> flush;
    private final ArrayDeque<Slot<T, R>> waiting = new ArrayDeque<>();
    private boolean flushing;

    GroupCommit(int max, Function<List<T>, List<R>> flush) {
        this.max = max;
        this.flush = flush;
    }

    private static final class Slot<T, R> {
        final T item;
        boolean done;
        R answer;
        RuntimeException failure;

        Slot(T item) {
            this.item = item;
        }
    }

    /**
     * The answer to {@code item}, written in a group with whatever else was waiting. A group whose request failed fails
     * each of its callers with that exception (each then decides, as it would have alone).
     */
    R submit(T item) {
        Slot<T, R> mine = new Slot<>(item);
        boolean interrupted = false;
        try {
            synchronized (this) {
                waiting.add(mine);
            }
            while (true) {
                List<Slot<T, R>> group = new ArrayList<>();
                synchronized (this) {
                    while (flushing && !mine.done) {
                        try {
                            wait();
                        } catch (InterruptedException e) {
                            interrupted = true; // the write is under way or queued: its answer is still needed
                        }
                    }
                    if (mine.done) {
                        if (mine.failure != null) {
                            throw mine.failure;
                        }
                        return mine.answer;
                    }
                    flushing = true;
                    while (!waiting.isEmpty() && group.size() < max) {
                        group.add(waiting.poll());
                    }
                }
                try {
                    List<T> items = new ArrayList<>(group.size());
                    group.forEach(s -> items.add(s.item));
                    List<R> answers = flush.apply(items);
                    for (int i = 0; i < group.size(); i++) {
                        group.get(i).answer = answers.get(i);
                    }
                } catch (RuntimeException e) {
                    group.forEach(s -> s.failure = e);
                } catch (Error e) {
                    group.forEach(s -> s.failure = new IllegalStateException("a group's write failed", e));
                    throw e;
                } finally {
                    synchronized (this) {
                        group.forEach(s -> s.done = true);
                        flushing = false;
                        notifyAll();
                    }
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
