package com.bigtimedeals.accounts;

import java.util.Map;

import com.bigtimedeals.platform.Keys;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The accounts feature's slice of the key chart (docs/data-model.md): users, and account deletions' walks. */
public final class AccountKeys {
    private AccountKeys() {
    }

    /** Entity types, stored in every item's {@code Type} attribute. */
    public static final String USER = "User";
    public static final String ACCOUNT_DELETION = "AccountDeletion";

    public static String userSk(String username) {
        return "USER#" + username;
    }

    public static Map<String, AttributeValue> user(String username) {
        return Keys.key(userSk(username), userSk(username));
    }

    public static String userIndexValue(String username) {
        return "USER#" + username;
    }

    /** GSI2 partition of every account deletion, sorted by its moment: the recent ones are one Query. */
    public static final String DELETIONS = "DELETIONS";

    /** Own partition key per user, so deletions walk in parallel. */
    public static Map<String, AttributeValue> accountDeletion(String username) {
        String pk = "DELETION#" + username;
        return Keys.key(pk, pk);
    }
}
