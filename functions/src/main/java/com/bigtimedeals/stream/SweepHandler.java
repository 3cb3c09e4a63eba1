package com.bigtimedeals.stream;

import static software.amazon.lambda.powertools.logging.argument.StructuredArguments.entry;

import java.time.Duration;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.bigtimedeals.deals.HottestLists;
import com.bigtimedeals.inbox.QuietHolds;
import com.bigtimedeals.lambda.Container;
import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.platform.WalkStore;
import com.bigtimedeals.topology.LambdaFunction;

import software.amazon.lambda.powertools.logging.PowertoolsLogging;

/**
 * The sweeper (an EventBridge schedule in AWS, a timer in the local stack): finds resumable walks (blast
 * segments, handed-on fan-outs) that made no progress for {@link Setting#SWEEP_STALLED_AFTER_S} and touches each, which puts
 * a fresh record on the stream for the consumer to continue it from its checkpoint. This is what makes
 * stalled work resume when the record that should have continued it was lost: a crash, a record that
 * exhausted its retries, a local stack killed mid-blast. Touching a walk that is in fact still running is
 * harmless: the two runs race on the conditional checkpoint, and message writes never overwrite.
 *
 * <p>It also sends the saved deals' reminders that are due and wakes the users whose quiet hours ended with pushes
 * held ({@link QuietHolds#sweepDue}), and rebuilds the hottest lists when one nears the end of its horizon ({@link HottestLists}): a deal ages out of
 * a window by time alone, and each list stays exact only for that horizon without a rebuild.
 */
public final class SweepHandler implements RequestHandler<Map<String, Object>, Map<String, Object>> {
    private static final Logger LOG = LoggerFactory.getLogger(SweepHandler.class);
    /** Walks touched per index partition and sweep; the next sweep takes the rest. */
    static final int PER_SHARD = 200;

    /** The function this class serves: {@code HandlerBindingTest} holds the topology's handler name to it. */
    public static final LambdaFunction FUNCTION = LambdaFunction.SWEEPER;

    private final WalkStore walks;
    private final Duration stalledAfter;
    private final HottestLists hottest;
    private SavedReminders reminders;
    private QuietHolds quietEnds;

    /**
     * For Lambda: what the container needs is built once, from its environment, and the request shapes of a sweep
     * alongside it ({@link FirstSweepWarmUp}).
     */
    public SweepHandler() {
        this(Container.fromProcess(FirstSweepWarmUp::run));
    }

    private SweepHandler(Container c) {
        this(new WalkStore(c.table()), c.configuration().sweepStalledAfter(), new HottestLists(c.table()));
        this.reminders = SavedReminders.of(c.table(), c.configuration());
        this.quietEnds = new QuietHolds(c.table());
    }

    /** Walks only (a stand-in that needs no hottest lists). */
    public SweepHandler(WalkStore walks, Duration stalledAfter) {
        this(walks, stalledAfter, null);
    }

    public SweepHandler(WalkStore walks, Duration stalledAfter, HottestLists hottest) {
        this.walks = walks;
        this.stalledAfter = stalledAfter;
        this.hottest = hottest;
    }

    /** This sweeper, also sending the saved deals' reminders that are due (the deployed one does; the local stack's too). */
    public SweepHandler withReminders(SavedReminders reminders) {
        this.reminders = reminders;
        return this;
    }

    /** This sweeper, also waking the users whose quiet hours ended with pushes held (the deployed one does; the local stack's too). */
    public SweepHandler withQuietEnds(QuietHolds quietEnds) {
        this.quietEnds = quietEnds;
        return this;
    }

    @Override
    public Map<String, Object> handleRequest(Map<String, Object> event, Context context) {
        return PowertoolsLogging.withLogging(context, () -> Map.of("touched", sweep()));
    }

    /** One sweep; returns how many stalled walks it touched. */
    public int sweep() {
        int touched = 0;
        for (WalkStore.Stalled walk : walks.stalled(stalledAfter, PER_SHARD)) {
            if (walks.touch(walk)) {
                touched++;
            }
        }
        if (touched > 0) {
            LOG.warn("stalled walks resumed", entry("touched", touched));
        }
        if (reminders != null) {
            reminders.send();
        }
        if (quietEnds != null) {
            quietEnds.sweepDue(); // each user woken is a record the consumer summarises their held pushes on
        }
        if (hottest != null && hottest.due()) {
            hottest.rebuild(Map.of());
        }
        return touched;
    }
}
