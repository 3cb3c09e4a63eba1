package com.bigtimedeals.platform;

import java.security.SecureRandom;

import org.crac.Context;
import org.crac.Core;
import org.crac.Resource;

/**
 * Which copy of a sharded item a read goes to. A pseudo-random sequence that is re-seeded after every
 * SnapStart restore: SnapStart resumes many execution environments from one snapshot taken after priming,
 * and a generator captured in it (as {@code ThreadLocalRandom} was) replays the same sequence in every copy,
 * so during a scale-out burst all new environments read the same cache copies, one partition after another.
 */
public final class ShardChoice implements Resource {
    private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;

    /**
     * SplitMix64 state; one long, so a snapshot captures the whole generator. Two threads that race may draw
     * the same value, which only means two reads of the same copy.
     */
    private volatile long state;

    /** Seeded from the clock: an on-demand environment starts its own JVM, and nothing else shares it. */
    public ShardChoice() {
        this(System.nanoTime() ^ System.currentTimeMillis() * GOLDEN_GAMMA);
        Core.getGlobalContext().register(this);
    }

    private ShardChoice(long seed) {
        this.state = seed;
    }

    /** A copy with exactly this generator state: what every environment restored from one snapshot holds. */
    ShardChoice snapshotCopy() {
        return new ShardChoice(state);
    }

    /** 1..shards, evenly spread. */
    public int next(int shards) {
        long z = (state += GOLDEN_GAMMA);
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        z ^= z >>> 31;
        return 1 + (int) Long.remainderUnsigned(z, shards);
    }

    @Override
    public void beforeCheckpoint(Context<? extends Resource> context) {
        // Nothing to drop: the state is replaced after restore.
    }

    /**
     * A fresh seed per restored environment, from the operating system's entropy (read after restore, so no
     * two environments share it). SecureRandom is already loaded by then: the SDK uses it for invocation ids.
     */
    @Override
    public void afterRestore(Context<? extends Resource> context) {
        state = new SecureRandom().nextLong();
    }
}
