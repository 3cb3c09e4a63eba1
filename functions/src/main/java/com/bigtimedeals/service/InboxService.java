package com.bigtimedeals.service;

import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;

import com.bigtimedeals.accounts.AccountStore;
import com.bigtimedeals.accounts.UserProfile;
import com.bigtimedeals.accounts.UserStore;
import com.bigtimedeals.inbox.InboxStore;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.Table;

/** The caller's profile and inbox. */
public final class InboxService {
    private final UserStore users;
    private final InboxStore inbox;
    private final AccountStore accounts;

    public InboxService(UserStore users, InboxStore inbox, AccountStore accounts) {
        this.users = users;
        this.inbox = inbox;
        this.accounts = accounts;
    }

    public static InboxService of(Table table, Configuration configuration) {
        return new InboxService(new UserStore(table), new InboxStore(table, configuration.inboxRetention()),
                new AccountStore(table));
    }

    /** A user whose account was deleted may sign up again; they start empty and fan-outs reach them again. */
    public UserProfile createProfile(String username, String email, LocalDate birthday, String pictureUrl, Instant now) {
        UserProfile created = users.create(new UserProfile(username, email, birthday, pictureUrl, now.truncatedTo(ChronoUnit.SECONDS)));
        accounts.revive(username);
        return created;
    }

    /**
     * DELETE /me: at once the profile is gone and no later fan-out or blast reaches the user; the follows and
     * the inbox go within the stream delay (AccountStore, AccountDeletionWalk). Idempotent.
     */
    public void deleteAccount(String username) {
        accounts.delete(username);
    }

    public UserProfile profile(String username) {
        return users.get(username);
    }

    public Page<Message> messages(String username, boolean unreadOnly, int limit, String cursor) {
        return inbox.list(username, unreadOnly, limit, cursor);
    }

    public int unreadCount(String username) {
        return inbox.unreadCount(username);
    }

    public void markRead(String username, String messageId) {
        inbox.markRead(username, messageId);
    }
}
