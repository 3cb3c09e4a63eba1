package com.bigtimedeals.stream;

import com.bigtimedeals.deals.DealCountsStore;
import com.bigtimedeals.inbox.AlertStore;
import com.bigtimedeals.inbox.InboxDelivery;
import com.bigtimedeals.platform.Words;

/**
 * Alerts with a {@code minTemperature}: matched when a deal's temperature first reaches the threshold. The counter
 * aggregation reads each deal's exact temperature and its stored peak (the highest temperature ever read for it);
 * when the temperature is above the peak, the thresholds in between were reached for the first time, and the alerts
 * filed under the title's words with those thresholds ({@link AlertStore#crossing}, one key range per word shard) get
 * their message. Then the peak is raised, only upward ({@link DealCountsStore#raisePeak}).
 *
 * <p>Never twice: a threshold at or below the peak is never in a later range, however the temperature falls and rises
 * again; racing lanes raise the peak conditionally, and whatever ranges they both deliver write the same message ids
 * ({@link NewDealMessage}: one per user and deal, whichever of watches, plain and temperature alerts comes first), so
 * a replay, a redelivery after kill -9 between the messages and the peak, or two lanes at once leave one message.
 * The aggregation runs before the counts reach the deal item, so a failure redelivers the batch and the crossing runs
 * again.
 */
final class TemperatureCrossings {
    private final AlertStore alerts;
    private final InboxDelivery inbox;
    private final DealCountsStore counts;

    TemperatureCrossings(AlertStore alerts, InboxDelivery inbox, DealCountsStore counts) {
        this.alerts = alerts;
        this.inbox = inbox;
        this.counts = counts;
    }

    /**
     * Delivers what the reading's rise above the deal's peak reached, then raises the peak; how many users it matched.
     * An expired deal's crossing raises the peak and sends nothing: an alert is for a deal one can still take.
     */
    int reach(DealCountsStore.Reading reading, java.time.Instant now) {
        long temperature = reading.exact().temperature();
        if (temperature <= reading.peak()) {
            return 0;
        }
        var deal = reading.counted();
        int matched = deal.expiredAt(now) ? 0 : alerts.crossing(deal, Words.indexable(deal.title()), reading.peak(), temperature,
                users -> inbox.deliver(AlertsFanOut.messages(deal, users, reading.postedAt())));
        counts.raisePeak(deal.id(), temperature);
        return matched;
    }
}
