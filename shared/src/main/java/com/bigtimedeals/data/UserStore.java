package com.bigtimedeals.data;

import java.util.Map;

import com.bigtimedeals.domain.DomainException;
import com.bigtimedeals.domain.UserProfile;

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
        Map<String, AttributeValue> item = new ItemWriter(Keys.user(profile.username()), Keys.USER)
                .index(TableDefinition.USER_INDEX.partitionKey(), Keys.userIndexValue(profile.username()))
                .string("username", profile.username())
                .string("email", profile.email())
                .string("birthday", profile.birthday() == null ? null : profile.birthday().toString())
                .string("pictureUrl", profile.pictureUrl())
                .instant("memberSince", profile.memberSince())
                .build();
        try {
            table.client().putItem(PutItemRequest.builder().tableName(table.name()).item(item)
                    .conditionExpression("attribute_not_exists(PK)").build());
        } catch (ConditionalCheckFailedException e) {
            throw DomainException.conflict("a profile already exists for this user");
        }
        return profile;
    }

    public UserProfile get(String username) {
        Map<String, AttributeValue> item = table.client().getItem(GetItemRequest.builder().tableName(table.name())
                .key(Keys.user(username)).build()).item();
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
