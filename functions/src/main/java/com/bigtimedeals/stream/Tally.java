package com.bigtimedeals.stream;

/** What one batch did, for the summary log line and its metrics. */
final class Tally {
    int records;
    int messagesWritten;
    int handedOn;
    int cacheCopiesWritten;
    int failures;
}
