package com.bigtimedeals.local;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * One shard as the local event source mapping reads it: where its iterator stands, the records fetched and not yet
 * done (in order, so the checkpoint only moves past a done prefix), and the queues of its parallel lanes.
 */
final class ShardState {
    final String id;
    final String parent;
    String iterator;
    String lastFetched;
    boolean drained;
    final ArrayDeque<Tracked> inOrder = new ArrayDeque<>();
    final List<LinkedBlockingQueue<Tracked>> laneQueues = new ArrayList<>();

    ShardState(String id, String parent) {
        this.id = id;
        this.parent = parent;
    }

    synchronized boolean finished() {
        return drained && inOrder.isEmpty();
    }

    synchronized int backlog() {
        return inOrder.size();
    }

    /** Moves the checkpoint past every leading record that is done; true when it moved. */
    synchronized String advance() {
        String last = null;
        while (!inOrder.isEmpty() && inOrder.peekFirst().done) {
            last = inOrder.pollFirst().sequence;
        }
        return last;
    }
}
