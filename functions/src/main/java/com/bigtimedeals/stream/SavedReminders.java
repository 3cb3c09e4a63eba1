package com.bigtimedeals.stream;

import java.util.List;

import com.bigtimedeals.inbox.InboxDelivery;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.inbox.MessageKind;
import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.platform.ContractRules;
import com.bigtimedeals.platform.Ids;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.saved.SavedStore;

/**
 * The saved deals' reminders, sent by the sweeper each minute ({@link SavedStore#sweepDue}: the minute buckets due
 * since the last sweep, each reminder checked against the saver and the deal as they stand). Each is an inbox message
 * of kind {@code reminder}, written create-only with an id fixed by the saver, the deal and the moment it was due: a
 * sweep that dies between the message and the saver's reminded mark writes the same message again, and the mark keeps
 * a moved reminder from being sent a second time. The push helper pushes it like every inbox message.
 */
public final class SavedReminders {
    private final SavedStore saved;
    private final InboxDelivery inbox;

    SavedReminders(SavedStore saved, InboxDelivery inbox) {
        this.saved = saved;
        this.inbox = inbox;
    }

    public static SavedReminders of(Table table, Configuration configuration) {
        return new SavedReminders(new SavedStore(table),
                new InboxDelivery(table, configuration.deliveryThreads(), configuration.inboxRetention()));
    }

    /** One sweep; how many reminders it sent. */
    public int send() {
        return saved.sweepDue(due -> inbox.deliver(List.of(message(due))));
    }

    static Message message(SavedStore.DueReminder due) {
        String title = due.deal().title();
        String subject = ContractRules.shorten("Ending soon: " + title, ContractRules.SUBJECT_MAX);
        String body = ContractRules.shorten(ContractRules.dealLine(title, due.deal().price(), due.deal().brandName())
                + " Ends " + due.deal().expiresAt() + ".", ContractRules.BODY_MAX);
        return new Message(Ids.messageId(due.due(), due.username(), "reminder#" + due.dealId()), due.username(), subject, body,
                due.dealId(), true, due.due(), MessageKind.REMINDER);
    }
}
