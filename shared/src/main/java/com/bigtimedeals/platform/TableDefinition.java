package com.bigtimedeals.platform;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveSpecification;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;

/**
 * The one definition of the table: key schema, indexes, projections and stream. The tests, the local stack
 * and the CDK stack all build the table from this class.
 */
public final class TableDefinition {
    public static final String DEFAULT_TABLE_NAME = "BigTimeDeals";
    public static final String PARTITION_KEY = "PK";
    public static final String SORT_KEY = "SK";
    /**
     * What the stream carries: the consumer compares an item's old and new images (a correction, a takedown). A
     * method, not a constant: a function reads only the table's name from this class, and loads no more at init.
     */
    public static StreamViewType streamView() {
        return StreamViewType.NEW_AND_OLD_IMAGES;
    }
    /** DynamoDB TTL is enabled on this attribute (epoch seconds): inbox messages, fan-out claims and idempotency records carry it. */
    public static final String TTL_ATTRIBUTE = "ttl";

    /** TTL on {@link #TTL_ATTRIBUTE}, as the CDK stack deploys it: what a local table is given after it is created. */
    public static UpdateTimeToLiveRequest timeToLive(String tableName) {
        return UpdateTimeToLiveRequest.builder().tableName(tableName)
                .timeToLiveSpecification(TimeToLiveSpecification.builder().attributeName(TTL_ATTRIBUTE).enabled(true).build())
                .build();
    }

    /** A global secondary index; {@code sortKey} is null for a partition-key-only index. */
    public record Index(String name, String partitionKey, String sortKey, ProjectionType projection,
                        List<String> nonKeyAttributes) {
    }

    /** Overall latest deals (by bucket) and unread messages: pages need the whole item. */
    public static final Index GSI1 = new Index("GSI1", "GSI1PK", "GSI1SK", ProjectionType.ALL, List.of());
    /** Latest deals per brand (by bucket). */
    public static final Index GSI2 = new Index("GSI2", "GSI2PK", "GSI2SK", ProjectionType.ALL, List.of());
    /** Latest deals per category (by bucket). */
    public static final Index GSI3 = new Index("GSI3", "GSI3PK", "GSI3SK", ProjectionType.ALL, List.of());
    /** Sparse index of user profiles: the hot-deal blast scans it in parallel segments and needs only the username. */
    public static final Index USER_INDEX = new Index("UserIndex", "UserIndex", null, ProjectionType.INCLUDE,
            List.of("username"));

    public static final List<Index> INDEXES = List.of(GSI1, GSI2, GSI3, USER_INDEX);

    private TableDefinition() {
    }

    /** The table name from {@code TABLE_NAME}, as Lambda and the local stack set it. */
    public static String tableName(Settings settings) {
        String name = settings.get("TABLE_NAME");
        return name == null ? DEFAULT_TABLE_NAME : name;
    }

    /** Every key attribute, base table and indexes; all are strings. */
    public static Set<String> keyAttributes() {
        Set<String> names = new LinkedHashSet<>(List.of(PARTITION_KEY, SORT_KEY));
        for (Index index : INDEXES) {
            names.add(index.partitionKey());
            if (index.sortKey() != null) {
                names.add(index.sortKey());
            }
        }
        return names;
    }

    public static CreateTableRequest createTableRequest(String tableName) {
        List<AttributeDefinition> attributes = new ArrayList<>();
        for (String name : keyAttributes()) {
            attributes.add(AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build());
        }
        List<GlobalSecondaryIndex> indexes = new ArrayList<>();
        for (Index index : INDEXES) {
            List<KeySchemaElement> schema = new ArrayList<>();
            schema.add(KeySchemaElement.builder().attributeName(index.partitionKey()).keyType(KeyType.HASH).build());
            if (index.sortKey() != null) {
                schema.add(KeySchemaElement.builder().attributeName(index.sortKey()).keyType(KeyType.RANGE).build());
            }
            Projection.Builder projection = Projection.builder().projectionType(index.projection());
            if (!index.nonKeyAttributes().isEmpty()) {
                projection.nonKeyAttributes(index.nonKeyAttributes());
            }
            indexes.add(GlobalSecondaryIndex.builder().indexName(index.name()).keySchema(schema)
                    .projection(projection.build()).build());
        }
        return CreateTableRequest.builder()
                .tableName(tableName)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(attributes)
                .keySchema(KeySchemaElement.builder().attributeName(PARTITION_KEY).keyType(KeyType.HASH).build(),
                        KeySchemaElement.builder().attributeName(SORT_KEY).keyType(KeyType.RANGE).build())
                .globalSecondaryIndexes(indexes)
                .streamSpecification(StreamSpecification.builder().streamEnabled(true)
                        .streamViewType(streamView()).build())
                .build();
    }
}
