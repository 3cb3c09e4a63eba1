package com.bigtimedeals.stream;

import static software.amazon.lambda.powertools.logging.argument.StructuredArguments.entry;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;

/**
 * Runs a batch's walks side by side ({@code WALKS_PER_INVOCATION}): each is its own item and its own key, so nothing
 * orders one against another, and a segment's round trips (its checkpoint read, claim, scan) overlap another's
 * writes instead of leaving the table idle. Threads start on first use and end when idle.
 */
final class WalkRuns {
    private static final Logger LOG = LoggerFactory.getLogger(WalkRuns.class);

    /** Null when walks run one at a time, inline. */
    private final ExecutorService pool;

    WalkRuns(int walksPerInvocation) {
        this.pool = IdlingPool.orInline(walksPerInvocation, "walk-run");
    }

    boolean sideBySide() {
        return pool != null;
    }

    /** The walks of one batch, started on their own threads. */
    final class Started {
        /** A walk run on its own thread, by the index of its record in the batch. */
        private record Run(int index, Future<Tally> tally) {
        }

        private final List<Run> runs = new ArrayList<>();

        /** Starts a walk's run; it counts into its own tally, which {@link #await} adds up. */
        void start(int index, Consumer<Tally> walk) {
            runs.add(new Run(index, pool.submit(() -> {
                Tally own = new Tally();
                walk.accept(own);
                return own;
            })));
        }

        /**
         * Waits for every walk started (through interrupts too: they are writing, and must not go on into a frozen
         * or reused environment), adds up their tallies, and reports each that failed from its record on, like any
         * record. A walk that died of an Error (out of memory, say) fails the invocation once all are done, as it
         * would have run inline: the mapping then retries and bisects the batch.
         */
        void await(Batch batch, BatchOutcome outcome) {
            boolean interrupted = false;
            Error fatal = null;
            for (Run run : runs) {
                while (true) {
                    try {
                        outcome.tally().add(run.tally().get());
                        break;
                    } catch (InterruptedException e) {
                        interrupted = true; // keep waiting: the walk is still writing
                    } catch (ExecutionException e) {
                        if (e.getCause() instanceof Error error) {
                            fatal = fatal == null ? error : fatal;
                        }
                        DynamodbStreamRecord record = batch.record(run.index());
                        LOG.error("stream record failed", entry("eventId", record.getEventID()),
                                entry("sequenceNumber", BatchOutcome.sequence(record)), e.getCause());
                        outcome.failed(run.index());
                        break;
                    }
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            if (fatal != null) {
                throw fatal;
            }
        }
    }

    Started begin() {
        return new Started();
    }
}
