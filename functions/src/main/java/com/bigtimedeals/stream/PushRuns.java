package com.bigtimedeals.stream;

import static software.amazon.lambda.powertools.logging.argument.StructuredArguments.entry;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.bigtimedeals.changes.Change;

/**
 * Sends the pushes of a run of consecutive new-message records for different recipients side by side, at most
 * {@code PUSHES_IN_FLIGHT} recipients at once. A push is four round trips that in AWS all wait on the network (the
 * devices and settings in one Query, the claim, SNS's Publish, the claim's mark); one record after another, a batch of 100 waits
 * seconds and a new deal's 10,000 watchers miss the 5 s (docs/data-model.md, "Pushes at scale"). Why side by side is
 * safe:
 * <ul>
 * <li><b>Once per (message, device)</b> rests on the push's claim ({@link PushSender}), which has one holder at a
 * time whatever thread, invocation or container tries it: the others find it sent, or held, and send nothing. Threads
 * change nothing there: each record is run by one thread, and no two records share a claim.</li>
 * <li><b>Order</b>: one recipient's records run on one thread, in record order, so their pushes leave in the order
 * their inbox got them (the phone lists them so), and nothing of one recipient (their devices, settings, claims, what
 * quiet hours hold for them) is read or written by two threads of an invocation at once. Different recipients share
 * no item. Only consecutive message records run this way: any other record waits until the run before it has ended,
 * and the run after it starts once it is done, so every other reaction sees the order it always saw.</li>
 * <li><b>Failures</b>: a recipient's thread stops at their first record that fails, and the batch reports from the
 * earliest failed record on ({@link BatchOutcome}). Every record before that one succeeded (any earlier record of the
 * same recipient did, or their thread would have stopped before), so nothing unsent is acknowledged; every record from
 * it on comes again, where a push already sent finds its claim marked and is not sent again.</li>
 * </ul>
 * Threads start on first use and end when idle, as {@link WalkRuns}' do.
 */
final class PushRuns {
    private static final Logger LOG = LoggerFactory.getLogger(PushRuns.class);

    /** One record's reaction, counting into the tally it is given (each recipient's thread has its own). */
    interface Reaction {
        /** True when the front page must be rebuilt (as {@link ChangeReactions#apply} answers). */
        boolean apply(Change change, Tally tally);
    }

    /** Null when pushes are sent one record after another, inline. */
    private final ExecutorService pool;

    PushRuns(int pushesInFlight) {
        this.pool = IdlingPool.orInline(pushesInFlight, "push-run");
    }

    boolean sideBySide() {
        return pool != null;
    }

    /** Where the run of message records that starts at {@code from} ends (exclusive). */
    static int endOfRun(Batch batch, int from) {
        int end = from;
        while (end < batch.size() && batch.change(end) instanceof Change.MessageArrived) {
            end++;
        }
        return end;
    }

    /** What one recipient's thread did: its tally, and its first failed record's index (-1 when none failed). */
    private record Done(Tally tally, int failed, int frontPage) {
    }

    /**
     * Runs the message records {@code from} to {@code to} (exclusive), one thread per recipient, and waits for all of
     * them, through interrupts too (they are writing, and must not go on into a frozen or reused environment). Their
     * tallies are added to the batch's; the earliest record that failed is reported to {@code outcome}. True when none
     * failed. A thread that died of an Error fails the invocation once all are done, as it would have run inline.
     */
    boolean run(Batch batch, int from, int to, Reaction reaction, BatchOutcome outcome) {
        Map<String, List<Integer>> byRecipient = new LinkedHashMap<>();
        for (int i = from; i < to; i++) {
            String username = ((Change.MessageArrived) batch.change(i)).message().username();
            byRecipient.computeIfAbsent(username, u -> new ArrayList<>()).add(i);
        }
        List<Future<Done>> started = new ArrayList<>();
        for (List<Integer> records : byRecipient.values()) {
            started.add(pool.submit(() -> {
                Tally own = new Tally();
                int frontPage = -1;
                for (int i : records) {
                    try {
                        if (reaction.apply(batch.change(i), own)) {
                            frontPage = frontPage < 0 ? i : frontPage;
                        }
                    } catch (RuntimeException e) {
                        DynamodbStreamRecord record = batch.record(i);
                        LOG.error("stream record failed", entry("eventId", record.getEventID()),
                                entry("sequenceNumber", BatchOutcome.sequence(record)), e);
                        return new Done(own, i, frontPage); // their later records come again after this one
                    }
                }
                return new Done(own, -1, frontPage);
            }));
        }
        boolean interrupted = false;
        Error fatal = null;
        boolean ok = true;
        for (Future<Done> f : started) {
            while (true) {
                try {
                    Done done = f.get();
                    outcome.tally().add(done.tally());
                    if (done.frontPage() >= 0) {
                        outcome.changedFrontPage(done.frontPage());
                    }
                    if (done.failed() >= 0) {
                        outcome.failed(done.failed()); // the earliest of all wins (BatchOutcome)
                        ok = false;
                    }
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // keep waiting: the pushes are being sent and recorded
                } catch (ExecutionException e) {
                    // Only an Error gets here (a recipient's thread catches every RuntimeException): it fails the
                    // invocation below, so no record of this batch is acknowledged by it.
                    Error error = e.getCause() instanceof Error x ? x : new AssertionError("push run failed", e.getCause());
                    fatal = fatal == null ? error : fatal;
                    ok = false;
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
        return ok;
    }
}
