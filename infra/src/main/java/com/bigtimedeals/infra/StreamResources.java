package com.bigtimedeals.infra;

import java.util.List;

import com.bigtimedeals.platform.Setting;
import com.bigtimedeals.topology.LambdaFunction;
import com.bigtimedeals.topology.StreamMapping;
import com.bigtimedeals.topology.TableAccess;

import io.github.cdklabs.cdknag.NagPackSuppression;
import io.github.cdklabs.cdknag.NagSuppressions;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.services.events.Rule;
import software.amazon.awscdk.services.events.Schedule;
import software.amazon.awscdk.services.lambda.FilterCriteria;
import software.amazon.awscdk.services.lambda.Function;
import software.amazon.awscdk.services.lambda.StartingPosition;
import software.amazon.awscdk.services.lambda.eventsources.DynamoEventSource;
import software.amazon.awscdk.services.lambda.eventsources.SqsDlq;
import software.amazon.awscdk.services.sqs.Queue;
import software.amazon.awscdk.services.sqs.QueueEncryption;

/**
 * The stream consumer: its function, the event source mapping exactly as {@link StreamMapping#DEPLOYED} describes it
 * (filters, partial batch failures, bisect, retries, maximum record age) with the on-failure queue, and the
 * stalled-work sweeper on its schedule. The mapping calls the published alias, so the consumer starts from its
 * SnapStart snapshot too.
 */
final class StreamResources {
    final Queue failures;
    final Function consumer;

    StreamResources(Stack stack, StackContext context, DataResources data, Functions functions) {
        failures = Queue.Builder.create(stack, "StreamFailures")
                .encryption(QueueEncryption.SQS_MANAGED)
                .enforceSsl(true)
                .retentionPeriod(Duration.days(14))
                .build();
        NagSuppressions.addResourceSuppressions(failures, List.of(NagPackSuppression.builder().id("AwsSolutions-SQS3")
                .reason("This queue is itself the stream consumer's on-failure destination; records land here for an operator.")
                .build()));
        consumer = functions.create(LambdaFunction.STREAM_CONSUMER.id(), LambdaFunction.STREAM_CONSUMER,
                context.settings().number(Setting.CONSUMER_RESERVED_CONCURRENCY));
        data.grant(consumer, TableAccess.of(LambdaFunction.STREAM_CONSUMER, true));
        StreamMapping mapping = StreamMapping.DEPLOYED;
        Functions.live(consumer).addEventSource(DynamoEventSource.Builder.create(data.table)
                .startingPosition(StartingPosition.valueOf(StreamMapping.STARTING_POSITION))
                .batchSize(mapping.batchSize())
                .maxBatchingWindow(Duration.millis(mapping.batchingWindowMillis()))
                .parallelizationFactor(mapping.parallelizationFactor())
                .reportBatchItemFailures(StreamMapping.REPORT_BATCH_ITEM_FAILURES)
                .bisectBatchOnError(mapping.bisectOnError())
                .retryAttempts(mapping.retryAttempts())
                .maxRecordAge(Duration.seconds(mapping.maxRecordAgeSeconds()))
                .onFailure(new SqsDlq(failures))
                .filters(StreamMapping.FILTERS.stream().map(FilterCriteria::filter).toList())
                .build());
    }

    /**
     * The stalled-work sweeper (docs/fan-out.md): on a schedule, it touches resumable walks (blast segments,
     * handed-on fan-outs, account clean-ups) that made no progress for two consumer timeouts, so their stream records
     * come again.
     */
    static void sweeper(Stack stack, StackContext context, DataResources data, Functions functions) {
        Function sweep = functions.create(LambdaFunction.SWEEPER.id(), LambdaFunction.SWEEPER,
                context.settings().number(Setting.SWEEPER_RESERVED_CONCURRENCY));
        data.grant(sweep, TableAccess.of(LambdaFunction.SWEEPER, true));
        Rule.Builder.create(stack, "SweepSchedule")
                .schedule(Schedule.rate(Duration.minutes(LambdaFunction.SWEEP_EVERY_MINUTES)))
                .targets(List.of(new software.amazon.awscdk.services.events.targets.LambdaFunction(Functions.live(sweep))))
                .build();
    }
}
