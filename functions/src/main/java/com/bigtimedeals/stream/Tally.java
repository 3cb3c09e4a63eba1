package com.bigtimedeals.stream;

/** What one batch did, for the summary log line and its metrics. */
final class Tally {
    int records;
    int messagesWritten;
    /** Pages written with BatchWriteItem because this run claimed them first-hand (the rest went create-only). */
    int pagesClaimed;
    int handedOn;
    /** Walk records folded into another record of the same walk in this batch. */
    int coalesced;
    /** Checkpoints another run of the same walk got to first (its page was rewritten, never duplicated). */
    int checkpointsLost;
    int cacheCopiesWritten;
    /** Deals whose counters this batch carried into their copies. */
    int dealsCounted;
    int failures;

    /** Adds what a walk run on its own thread did (each such run counts into its own tally). */
    void add(Tally walk) {
        records += walk.records;
        messagesWritten += walk.messagesWritten;
        pagesClaimed += walk.pagesClaimed;
        handedOn += walk.handedOn;
        coalesced += walk.coalesced;
        checkpointsLost += walk.checkpointsLost;
        cacheCopiesWritten += walk.cacheCopiesWritten;
        dealsCounted += walk.dealsCounted;
        failures += walk.failures;
    }
}
