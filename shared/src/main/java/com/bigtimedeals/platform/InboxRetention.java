package com.bigtimedeals.platform;

import java.time.Duration;

/**
 * How long an inbox message is kept, as a value that can only hold a valid one. The rule is
 * {@link Setting#INBOX_RETENTION_DAYS}'s range, and this constructor is the one place it is checked: the settings are
 * read into one ({@link Configuration#from}), and every consumer (the configuration, the inbox's reads and message
 * items) takes one rather than a bare {@code Duration} it would have to check again.
 *
 * @param duration whole days within the setting's range (a part day is not counted toward the least)
 */
public record InboxRetention(Duration duration) {
    public InboxRetention {
        Setting.INBOX_RETENTION_DAYS.checked(duration.toDays());
    }

    public static InboxRetention ofDays(long days) {
        return new InboxRetention(Duration.ofDays(days));
    }
}
