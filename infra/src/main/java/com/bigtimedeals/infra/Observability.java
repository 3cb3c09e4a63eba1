package com.bigtimedeals.infra;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.topology.Metrics;

import software.amazon.awscdk.Duration;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.services.cloudwatch.Alarm;
import software.amazon.awscdk.services.cloudwatch.ComparisonOperator;
import software.amazon.awscdk.services.cloudwatch.Dashboard;
import software.amazon.awscdk.services.cloudwatch.GraphWidget;
import software.amazon.awscdk.services.cloudwatch.IMetric;
import software.amazon.awscdk.services.cloudwatch.LogQueryVisualizationType;
import software.amazon.awscdk.services.cloudwatch.LogQueryWidget;
import software.amazon.awscdk.services.cloudwatch.MathExpression;
import software.amazon.awscdk.services.cloudwatch.Metric;
import software.amazon.awscdk.services.cloudwatch.MetricOptions;
import software.amazon.awscdk.services.cloudwatch.MetricProps;
import software.amazon.awscdk.services.cloudwatch.TreatMissingData;
import software.amazon.awscdk.services.cloudwatch.actions.SnsAction;
import software.amazon.awscdk.services.dynamodb.Operation;
import software.amazon.awscdk.services.dynamodb.OperationsMetricOptions;
import software.amazon.awscdk.services.lambda.Function;
import software.amazon.awscdk.services.sns.Topic;
import software.amazon.awscdk.services.sns.subscriptions.EmailSubscription;

/**
 * What an operator watches: one SNS topic every alarm notifies when it fires and again when it recovers (e-mailed
 * to {@code alarmEmail} when cdk.json names one), the alarms, and one dashboard.
 */
final class Observability {
    final Topic alarmTopic;
    private final Stack stack;
    /** What is watched besides each function: the table, the API and the stream consumer. */
    private final Watched watched;

    /** The parts of the stack an operator watches. */
    record Watched(DataResources data, ApiResources api, StreamResources stream) {
    }

    Observability(Stack stack, StackContext context, Watched watched) {
        this.stack = stack;
        this.watched = watched;
        alarmTopic = Topic.Builder.create(stack, "Alarms").displayName("Big Time Deals alarms").enforceSsl(true).build();
        String alarmEmail = context.settings().value(Setting.ALARM_EMAIL);
        if (alarmEmail != null) {
            alarmTopic.addSubscription(new EmailSubscription(alarmEmail));
        }
    }

    /** Alarms on the on-failure queue, iterator age, the API's 5xx rate, every function made so far, and table throttling. */
    void alarms(Map<String, Function> functions) {
        alarm("StreamFailuresArrived", watched.stream().failures.metricApproximateNumberOfMessagesVisible(
                MetricOptions.builder().period(Duration.minutes(1)).statistic("Maximum").build()), 0,
                "A stream record exhausted its retries and landed in the on-failure queue");
        alarm("StreamIteratorAge", watched.stream().consumer.metric("IteratorAge", MetricOptions.builder().period(Duration.minutes(1))
                .statistic("Maximum").build()), 60_000, "The stream consumer is more than a minute behind");
        MathExpression errorRate = MathExpression.Builder.create()
                .expression("100 * errors / MAX([errors, requests])")
                .usingMetrics(Map.of("errors", watched.api().api.metricServerError(MetricOptions.builder().statistic("Sum").build()),
                        "requests", watched.api().api.metricCount(MetricOptions.builder().statistic("Sum").build())))
                .period(Duration.minutes(5))
                .build();
        alarm("Api5xxRate", errorRate, 1, "More than 1% of API requests answered 5xx");
        for (Map.Entry<String, Function> f : functions.entrySet()) {
            alarm(f.getKey() + "Errors", f.getValue().metricErrors(MetricOptions.builder().period(Duration.minutes(5))
                    .statistic("Sum").build()), 0, f.getKey() + " threw");
            alarm(f.getKey() + "Throttles", f.getValue().metricThrottles(MetricOptions.builder().period(Duration.minutes(5))
                    .statistic("Sum").build()), 0, f.getKey() + " was throttled");
        }
        alarm("TableThrottles", tableThrottles(), 0, "DynamoDB throttled requests");
    }

    /** A math expression takes at most 10 metrics: the operations this product actually uses. */
    private IMetric tableThrottles() {
        return watched.data().table.metricThrottledRequestsForOperations(OperationsMetricOptions.builder()
                .operations(List.of(Operation.GET_ITEM, Operation.BATCH_GET_ITEM, Operation.QUERY, Operation.SCAN,
                        Operation.PUT_ITEM, Operation.UPDATE_ITEM, Operation.DELETE_ITEM, Operation.BATCH_WRITE_ITEM,
                        Operation.TRANSACT_WRITE_ITEMS))
                .period(Duration.minutes(5)).build());
    }

    /**
     * One dashboard for the operator. Per-route requests, 4xx, 5xx and latency come from the access log (a Logs
     * Insights table), not from the stage's detailed metrics, which would be billed as a custom metric per
     * route and statistic; SnapStart restore duration exists only in each function's REPORT log line.
     */
    void dashboard(Map<String, Function> functions) {
        Dashboard d = Dashboard.Builder.create(stack, "Dashboard").defaultInterval(Duration.hours(3)).build();
        MetricOptions sum = MetricOptions.builder().statistic("Sum").period(Duration.minutes(1)).build();
        d.addWidgets(
                graph("API requests, 4xx, 5xx", List.of(watched.api().api.metricCount(sum), watched.api().api.metricClientError(sum), watched.api().api.metricServerError(sum))),
                graph("API latency p50 / p99 (ms)", List.of(
                        watched.api().api.metricLatency(MetricOptions.builder().statistic("p50").period(Duration.minutes(1)).build()),
                        watched.api().api.metricLatency(MetricOptions.builder().statistic("p99").period(Duration.minutes(1)).build()))));
        d.addWidgets(LogQueryWidget.Builder.create()
                .title("Per route: requests, 4xx, 5xx, latency p50 / p99 (ms)")
                .logGroupNames(List.of(watched.api().accessLogs.getLogGroupName()))
                .view(LogQueryVisualizationType.TABLE)
                .queryLines(List.of(
                        "parse status /^(?<clientError>4)/",
                        "| parse status /^(?<serverError>5)/",
                        "| stats count(*) as requests, count(clientError) as r4xx, count(serverError) as r5xx, "
                                + "pct(responseLatency, 50) as p50, pct(responseLatency, 99) as p99 by routeKey",
                        "| sort requests desc"))
                .width(24).height(8)
                .build());
        List<IMetric> durations = new ArrayList<>();
        List<IMetric> errors = new ArrayList<>();
        List<IMetric> throttles = new ArrayList<>();
        for (Map.Entry<String, Function> f : functions.entrySet()) {
            durations.add(f.getValue().metricDuration(MetricOptions.builder().statistic("p99").label(f.getKey()).build()));
            errors.add(f.getValue().metricErrors(MetricOptions.builder().statistic("Sum").label(f.getKey()).build()));
            throttles.add(f.getValue().metricThrottles(MetricOptions.builder().statistic("Sum").label(f.getKey()).build()));
        }
        d.addWidgets(graph("Lambda duration p99 (ms)", durations), graph("Lambda errors", errors), graph("Lambda throttles", throttles));
        d.addWidgets(LogQueryWidget.Builder.create()
                .title("SnapStart restores: count and restore duration p50 / p99 (ms), per function")
                .logGroupNames(functions.values().stream().map(fn -> fn.getLogGroup().getLogGroupName()).toList())
                .view(LogQueryVisualizationType.TABLE)
                .queryLines(List.of(
                        "filter @type = \"REPORT\"",
                        "| parse @message /Restore Duration: (?<restoreMs>[0-9.]+) ms/",
                        "| filter ispresent(restoreMs)",
                        "| stats count(*) as restores, pct(restoreMs, 50) as p50, pct(restoreMs, 99) as p99 by @log"))
                .width(24).height(6)
                .build());
        d.addWidgets(
                graph("Stream iterator age, max (ms)", List.of(watched.stream().consumer.metric("IteratorAge",
                        MetricOptions.builder().statistic("Maximum").period(Duration.minutes(1)).build()))),
                graph("Messages written and record failures", List.of(
                        productMetric(Metrics.MESSAGES_WRITTEN), productMetric(Metrics.RECORD_FAILURES))),
                graph("On-failure queue depth", List.of(watched.stream().failures.metricApproximateNumberOfMessagesVisible(
                        MetricOptions.builder().statistic("Maximum").period(Duration.minutes(1)).build()))));
        d.addWidgets(
                graph("Table consumed read / write units", List.of(
                        watched.data().table.metricConsumedReadCapacityUnits(sum), watched.data().table.metricConsumedWriteCapacityUnits(sum))),
                graph("Table throttled requests", List.of(tableThrottles())));
    }

    /** One of the consumer's own metrics ({@link Metrics}), summed a minute at a time. */
    private static Metric productMetric(String name) {
        return new Metric(MetricProps.builder().namespace(Metrics.NAMESPACE).metricName(name).statistic("Sum")
                .period(Duration.minutes(1)).dimensionsMap(Map.of(Metrics.DIMENSION, Metrics.SERVICE_NAME)).build());
    }

    private static GraphWidget graph(String title, List<IMetric> metrics) {
        return GraphWidget.Builder.create().title(title).left(metrics).width(metrics.size() > 3 ? 8 : 12).height(6).build();
    }

    /** Every alarm notifies the topic when it fires and again when it recovers, so a person knows both. */
    private void alarm(String id, IMetric metric, double threshold, String description) {
        Alarm alarm = Alarm.Builder.create(stack, id + "Alarm")
                .metric(metric)
                .threshold(threshold)
                .evaluationPeriods(1)
                .comparisonOperator(ComparisonOperator.GREATER_THAN_THRESHOLD)
                .treatMissingData(TreatMissingData.NOT_BREACHING)
                .alarmDescription(description)
                .build();
        alarm.addAlarmAction(new SnsAction(alarmTopic));
        alarm.addOkAction(new SnsAction(alarmTopic));
    }
}
