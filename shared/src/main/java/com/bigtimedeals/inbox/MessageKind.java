package com.bigtimedeals.inbox;

import java.util.Locale;

/**
 * Why an inbox message was sent, as {@code Message.kind} answers it: a watched brand or category's new deal, an
 * alert's match, an editors' blast or a saved deal's reminder. A user's notification settings allow or hold each
 * kind's push. The contract may add kinds later, so readers of the wire value must accept ones they do not know.
 */
public enum MessageKind {
    WATCH, ALERT, BLAST, REMINDER;

    /** As the contract writes it: {@code "watch"}, {@code "alert"}, {@code "blast"} or {@code "reminder"}. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind a stored wire value names; {@code null} (an item written before kinds existed) reads as a watch. */
    public static MessageKind fromWire(String value) {
        if (value == null) {
            return WATCH;
        }
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
