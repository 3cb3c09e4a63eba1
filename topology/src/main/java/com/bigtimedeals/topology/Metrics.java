package com.bigtimedeals.topology;

/**
 * The product's own CloudWatch metrics, named once: the stream consumer writes them as embedded-metric-format fields
 * of its one log line per batch, and the CDK stack's dashboard and alarms read them.
 */
public final class Metrics {
    /** Powertools' {@code service} on every log line, and so the value of the metrics' dimension. */
    public static final String SERVICE_NAME = "bigtimedeals";
    public static final String NAMESPACE = "BigTimeDeals";
    public static final String DIMENSION = "service";
    public static final String MESSAGES_WRITTEN = "MessagesWritten";
    public static final String RECORD_FAILURES = "RecordFailures";
    public static final String WORK_HANDED_ON = "WorkHandedOn";

    private Metrics() {
    }
}
