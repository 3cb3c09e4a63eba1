package com.bigtimedeals.infra;

import java.util.List;
import java.util.Map;

import com.bigtimedeals.platform.TableDefinition;
import com.bigtimedeals.topology.TableAccess;

import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.services.dynamodb.Attribute;
import software.amazon.awscdk.services.dynamodb.AttributeType;
import software.amazon.awscdk.services.dynamodb.BillingMode;
import software.amazon.awscdk.services.dynamodb.GlobalSecondaryIndexProps;
import software.amazon.awscdk.services.dynamodb.PointInTimeRecoverySpecification;
import software.amazon.awscdk.services.dynamodb.ProjectionType;
import software.amazon.awscdk.services.dynamodb.StreamViewType;
import software.amazon.awscdk.services.dynamodb.Table;
import software.amazon.awscdk.services.iam.Effect;
import software.amazon.awscdk.services.iam.PolicyStatement;
import software.amazon.awscdk.services.lambda.Function;
import software.amazon.awscdk.services.secretsmanager.Secret;
import software.amazon.awscdk.services.secretsmanager.SecretStringGenerator;

/**
 * The data: the table from the one table definition (on demand, point-in-time recovery, deletion protection,
 * retained, TTL, its stream), and the cursor-signing key every function reads. Built in the stack's own scope, like
 * every part of it but the CMS, so each resource keeps the logical id it was first deployed with: a table whose id
 * changed would be replaced.
 */
final class DataResources {
    final Table table;
    final Secret cursorKey;

    DataResources(Stack stack) {
        table = Table.Builder.create(stack, "Table")
                .partitionKey(Attribute.builder().name(TableDefinition.PARTITION_KEY).type(AttributeType.STRING).build())
                .sortKey(Attribute.builder().name(TableDefinition.SORT_KEY).type(AttributeType.STRING).build())
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .stream(StreamViewType.valueOf(TableDefinition.streamView().name()))
                .timeToLiveAttribute(TableDefinition.TTL_ATTRIBUTE)
                .pointInTimeRecoverySpecification(PointInTimeRecoverySpecification.builder().pointInTimeRecoveryEnabled(true).build())
                .deletionProtection(true)
                .removalPolicy(RemovalPolicy.RETAIN)
                .build();
        for (TableDefinition.Index index : TableDefinition.INDEXES) {
            GlobalSecondaryIndexProps.Builder gsi = GlobalSecondaryIndexProps.builder()
                    .indexName(index.name())
                    .partitionKey(Attribute.builder().name(index.partitionKey()).type(AttributeType.STRING).build())
                    .projectionType(ProjectionType.valueOf(index.projection().name()));
            if (index.sortKey() != null) {
                gsi.sortKey(Attribute.builder().name(index.sortKey()).type(AttributeType.STRING).build());
            }
            if (!index.nonKeyAttributes().isEmpty()) {
                gsi.nonKeyAttributes(index.nonKeyAttributes());
            }
            table.addGlobalSecondaryIndex(gsi.build());
        }
        // Generated at deploy time, never in source: every function that signs cursors reads it once per container.
        cursorKey = Secret.Builder.create(stack, "CursorSigningKey")
                .description("Signs Big Time Deals page cursors (HMAC-SHA256); read once per Lambda container")
                .generateSecretString(SecretStringGenerator.builder().passwordLength(64).excludePunctuation(true).build())
                .build();
    }

    /**
     * Gives {@code fn} exactly its grants on the table ({@link TableAccess}): one statement per grant, on the table or
     * on one index, with the key families it names as {@code dynamodb:LeadingKeys} (every key a request touches must be
     * one of them: for an index Query, the index's partition key value, which is what DynamoDB matches there). A Scan
     * of an index names none (it has no leading key).
     */
    void grant(Function fn, List<TableAccess.Grant> grants) {
        for (TableAccess.Grant g : grants) {
            String resource = g.index() == null ? table.getTableArn() : table.getTableArn() + "/index/" + g.index().name();
            PolicyStatement.Builder s = PolicyStatement.Builder.create()
                    .actions(g.actions().stream().sorted().map(a -> "dynamodb:" + a).toList())
                    .resources(List.of(resource));
            if (!g.leadingKeys().isEmpty()) {
                s.conditions(Map.of("ForAllValues:StringLike", Map.of("dynamodb:LeadingKeys", g.leadingKeys())));
            }
            fn.addToRolePolicy(s.build());
            if (g.actions().contains(TableAccess.PARTIQL_SELECT)) {
                // ForAllValues holds when the request has no leading key at all (IAM User Guide, "Multivalued context
                // key examples"), and a SELECT that names no partition key is a full scan with none: the grant above
                // would let it read every partition of the table or index (GSI1: every user's unread messages). The
                // Developer Guide's own guard (PartiQL IAM policies, "deny full table scan statements") refuses those.
                fn.addToRolePolicy(PolicyStatement.Builder.create()
                        .effect(Effect.DENY)
                        .actions(List.of("dynamodb:" + TableAccess.PARTIQL_SELECT))
                        .resources(List.of(resource))
                        .conditions(Map.of("Bool", Map.of("dynamodb:FullTableScan", "true")))
                        .build());
            }
        }
    }
}
