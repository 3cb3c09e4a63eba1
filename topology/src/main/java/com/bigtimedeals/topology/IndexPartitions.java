package com.bigtimedeals.topology;

import com.bigtimedeals.accounts.AccountKeys;
import com.bigtimedeals.community.CommunityKeys;
import com.bigtimedeals.deals.DealKeys;
import com.bigtimedeals.inbox.InboxKeys;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.TableDefinition;

/**
 * Every family of partition keys of the global secondary indexes that are queried (the values of GSI1PK, GSI2PK and
 * GSI3PK that the stores write), as an IAM {@code StringLike} pattern built by the key chart itself, as
 * {@link PartitionKeys} are for the table: what an index Query grant restricts {@code dynamodb:LeadingKeys} to. On a
 * Query of a global secondary index, DynamoDB matches {@code dynamodb:LeadingKeys} against the value of the index's
 * partition key attribute (the partition the Query reads), not the table's: so a grant of one family of an index lets
 * a function read that family's partitions and no other, and only inbox readers may read GSI1's unread messages.
 */
public enum IndexPartitions {
    /** GSI1: the overall latest deals, a bucket a partition ({@code DEALS#<bucket>}). */
    LATEST_DEALS(TableDefinition.GSI1, DealKeys.bucketPartition(DealKeys.scopeAll(), Keys.ANY)),
    /** GSI1: one user's unread messages (projection ALL: whole messages). */
    UNREAD_MESSAGES(TableDefinition.GSI1, InboxKeys.messagesPk(Keys.ANY)),
    /** GSI1: the moderation queue, one partition. */
    REPORT_QUEUE(TableDefinition.GSI1, CommunityKeys.REPORT_QUEUE),
    /** GSI1: the sweeper's shards of unfinished walks. */
    UNFINISHED_WALKS(TableDefinition.GSI1, Keys.unfinishedWalks(Keys.ANY)),
    /** GSI2: a brand's latest deals, a bucket a partition. */
    BRAND_LATEST_DEALS(TableDefinition.GSI2, DealKeys.bucketPartition(DealKeys.scopeBrand(Keys.ANY), Keys.ANY)),
    /** GSI2: the account deletions every delivery checks, one partition. */
    ACCOUNT_DELETIONS(TableDefinition.GSI2, AccountKeys.DELETIONS),
    /** GSI3: a category's latest deals, a bucket a partition. */
    CATEGORY_LATEST_DEALS(TableDefinition.GSI3, DealKeys.bucketPartition(DealKeys.scopeCategory(Keys.ANY), Keys.ANY));

    private final TableDefinition.Index index;
    private final String pattern;

    IndexPartitions(TableDefinition.Index index, String pattern) {
        this.index = index;
        this.pattern = pattern;
    }

    /** The index whose partition key attribute holds these values. */
    public TableDefinition.Index index() {
        return index;
    }

    /** The IAM {@code StringLike} pattern: {@code *} matches any run of characters. */
    public String pattern() {
        return pattern;
    }

    /** Whether {@code partitionKey} (an index partition key value) is in this family, as IAM's StringLike matches it. */
    public boolean matches(String partitionKey) {
        return PartitionKeys.like(pattern, partitionKey);
    }
}
