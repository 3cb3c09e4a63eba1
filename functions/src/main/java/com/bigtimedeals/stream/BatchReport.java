package com.bigtimedeals.stream;

import static software.amazon.lambda.powertools.logging.argument.StructuredArguments.entry;

import java.util.List;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.bigtimedeals.topology.Metrics;

/**
 * The consumer's one log line per batch, whose embedded-metric-format fields CloudWatch turns into the product's
 * metrics ({@link Metrics}). Written by hand rather than with powertools-metrics: the line is logged anyway, so three
 * counters cost no extra dependency, classes at init or log line, and nothing tries to reach a CloudWatch agent when
 * the same handler runs in the local stack.
 */
final class BatchReport {
    private static final Logger LOG = LoggerFactory.getLogger(StreamHandler.class);

    private BatchReport() {
    }

    static void log(Tally tally) {
        LOG.info("batch", entry("records", tally.records), entry("messagesWritten", tally.messagesWritten),
                entry("pagesClaimed", tally.pagesClaimed),
                entry("handedOn", tally.handedOn), entry("coalesced", tally.coalesced),
                entry("checkpointsLost", tally.checkpointsLost), entry("cacheCopiesWritten", tally.cacheCopiesWritten),
                entry("dealsCounted", tally.dealsCounted),
                entry("failures", tally.failures), entry("_aws", emf()),
                entry(Metrics.MESSAGES_WRITTEN, tally.messagesWritten), entry(Metrics.RECORD_FAILURES, tally.failures),
                entry(Metrics.WORK_HANDED_ON, tally.handedOn));
    }

    /** The CloudWatch embedded-metric-format directive: Lambda's log group turns these fields into metrics. */
    private static Map<String, Object> emf() {
        return Map.of("Timestamp", System.currentTimeMillis(),
                "CloudWatchMetrics", List.of(Map.of("Namespace", Metrics.NAMESPACE,
                        "Dimensions", List.of(List.of(Metrics.DIMENSION)),
                        "Metrics", List.of(Map.of("Name", Metrics.MESSAGES_WRITTEN, "Unit", "Count"),
                                Map.of("Name", Metrics.RECORD_FAILURES, "Unit", "Count"),
                                Map.of("Name", Metrics.WORK_HANDED_ON, "Unit", "Count")))));
    }
}
