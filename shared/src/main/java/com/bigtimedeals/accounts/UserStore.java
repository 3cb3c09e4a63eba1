package com.bigtimedeals.accounts;

import java.util.Map;

import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.ItemReader;
import com.bigtimedeals.platform.ItemWriter;
import com.bigtimedeals.platform.Keys;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.TableDefinition;
import com.bigtimedeals.platform.Transactions;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/** User profiles (access pattern: Create User). The {@code UserIndex} attribute puts each in the sparse index the blast scans. */
public final class UserStore {
    private final Table table;

    public UserStore(Table table) {
        this.table = table;
    }

    public UserProfile create(UserProfile profile) {
        Map<String, AttributeValue> item = new ItemWriter(AccountKeys.user(profile.username()), AccountKeys.USER)
                .index(TableDefinition.USER_INDEX.partitionKey(), AccountKeys.userIndexValue(profile.username()))
                .string("username", profile.username())
                .string("email", profile.email())
                .string("birthday", profile.birthday() == null ? null : profile.birthday().toString())
                .string("pictureUrl", profile.pictureUrl())
                .instant("memberSince", profile.memberSince())
                .build();
        try {
            // An account deletion's transaction may hold the profile: retried (create-only, so a second try changes nothing).
            Transactions.retrying(() -> table.client().putItem(PutItemRequest.builder().tableName(table.name()).item(item)
                    .conditionExpression("attribute_not_exists(PK)").build()));
        } catch (ConditionalCheckFailedException e) {
            throw DomainException.conflict("a profile already exists for this user");
        }
        return profile;
    }

    /**
     * Access pattern: every user, for the hot-deal blast: one segment of a parallel scan of the sparse
     * UserIndex, a page at a time. {@code after} is the last username of the previous page.
     */
    public com.bigtimedeals.accounts.Recipients scanSegment(int segment, int segments, String after, int limit) {
        var request = software.amazon.awssdk.services.dynamodb.model.ScanRequest.builder().tableName(table.name())
                .indexName(TableDefinition.USER_INDEX.name())
                .segment(segment).totalSegments(segments)
                .projectionExpression("username")
                .limit(limit);
        if (after != null) {
            Map<String, AttributeValue> start = new java.util.HashMap<>(AccountKeys.user(after));
            start.put(TableDefinition.USER_INDEX.partitionKey(), AttributeValue.fromS(AccountKeys.userIndexValue(after)));
            request.exclusiveStartKey(start);
        }
        var r = table.client().scan(request.build());
        java.util.List<String> users = new java.util.ArrayList<>(r.items().size());
        r.items().forEach(item -> users.add(new ItemReader(item).string("username")));
        boolean more = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty();
        String next = null;
        if (more) {
            next = users.isEmpty() ? afterOf(r.lastEvaluatedKey()) : users.get(users.size() - 1);
        }
        return new com.bigtimedeals.accounts.Recipients(users, next);
    }

    private static String afterOf(Map<String, AttributeValue> lastKey) {
        // An empty page can still carry a continuation; its key is a user item's key.
        String pk = lastKey.get(Keys.PK).s();
        return pk.substring(AccountKeys.userSk("").length());
    }

    public UserProfile get(String username) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(AccountKeys.user(username)).build()).item();
        if (item == null || item.isEmpty()) {
            throw DomainException.notFound("no profile yet");
        }
        ItemReader r = new ItemReader(item);
        String birthday = r.string("birthday");
        return new UserProfile(r.string("username"), r.string("email"),
                birthday == null ? null : java.time.LocalDate.parse(birthday), r.string("pictureUrl"),
                r.instant("memberSince"));
    }
}
