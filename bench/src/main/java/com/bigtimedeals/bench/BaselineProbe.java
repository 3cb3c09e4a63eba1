package com.bigtimedeals.bench;

import java.lang.management.ManagementFactory;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/**
 * The cold-start baseline: the plainest SDK v2 Java function, a default {@code DynamoDbClient.create()}
 * (default HTTP client, credential and region chains; endpoint from AWS_ENDPOINT_URL_DYNAMODB) and one
 * GetItem, no logging library. Run in a fresh JVM with only the SDK on the classpath.
 */
public final class BaselineProbe {
    private BaselineProbe() {
    }

    public static void main(String[] args) {
        var threads = ManagementFactory.getThreadMXBean();
        var process = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long processCpuStart = process.getProcessCpuTime();
        long cpuStart = threads.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        DynamoDbClient client = DynamoDbClient.create();
        long constructed = System.nanoTime();
        var item = client.getItem(GetItemRequest.builder().tableName(args[0])
                .key(Map.of("PK", AttributeValue.fromS(args[1]), "SK", AttributeValue.fromS(args[2]))).build()).item();
        long answered = System.nanoTime();
        long cpu = threads.getCurrentThreadCpuTime() - cpuStart;
        long processCpu = process.getProcessCpuTime() - processCpuStart;
        System.out.printf("{\"constructMs\":%.1f,\"firstInvokeMs\":%.1f,\"cpuMs\":%.1f,\"processCpuMs\":%.1f,\"classes\":%d,\"status\":%d}%n",
                (constructed - start) / 1e6, (answered - constructed) / 1e6, cpu / 1e6, processCpu / 1e6,
                ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount(), item == null || item.isEmpty() ? 404 : 200);
    }
}
