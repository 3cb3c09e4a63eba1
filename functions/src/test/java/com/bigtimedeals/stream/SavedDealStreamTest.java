package com.bigtimedeals.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.DealCorrection;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.NewDeal;
import com.bigtimedeals.saved.SavedDeal;
import com.bigtimedeals.saved.SavedStore;

/** Saved deals on the real stream: a takedown leaves every saver's list; a moved expiresAt moves the reminders. */
class SavedDealStreamTest extends StreamTest {

    private Deal deal(String title, Instant expiresAt) {
        return new DealPosting(new DealStore(table)).create(new NewDeal(title, "https://s.example.com/" + title.replace(' ', '-'),
                new BigDecimal("5"), "acme", "tech", null, null, null, expiresAt));
    }

    /** Every reminder in the table, as "user dealId due". */
    private List<String> reminders() {
        List<String> out = new ArrayList<>();
        for (var item : client.scan(b -> b.tableName(table.name())).items()) {
            if ("Reminder".equals(item.get("Type").s())) {
                out.add(item.get("username").s() + " " + item.get("dealId").s() + " " + item.get("plannedFor").s());
            }
        }
        return out.stream().sorted().toList();
    }

    @Test
    void aTakedownLeavesEverySaversListAndAMovedExpiryPlansTheRemindersAnew() {
        SavedStore saved = new SavedStore(table);
        Deal kept = deal("Kept kettle", NOW.plus(Duration.ofHours(30)));
        Deal gone = deal("Gone lamp", null);
        for (String user : List.of("ann", "bob")) {
            saved.save(user, kept.id());
            saved.save(user, gone.id());
        }
        pump(60_000);
        new DealStore(table).takeDown(gone.id());
        Instant later = NOW.plus(Duration.ofHours(54));
        new DealStore(table).correct(kept.id(), new DealCorrection(null, null, null, null, null, later, false));
        pump(60_000);
        for (String user : List.of("ann", "bob")) {
            assertEquals(List.of(kept.id()), saved.page(user, 10, null).items().stream().map(SavedDeal::dealId).toList());
        }
        assertEquals(List.of("ann " + kept.id() + " " + NOW.plus(Duration.ofHours(30)), "ann " + kept.id() + " " + later,
                "bob " + kept.id() + " " + NOW.plus(Duration.ofHours(30)), "bob " + kept.id() + " " + later), reminders(),
                "the old reminders stay until due (then find another expiresAt), the new ones are planned");
        for (var item : client.scan(b -> b.tableName(table.name())).items()) {
            if ("SavedCount".equals(item.get("Type").s())) {
                assertEquals("1", item.get("count").n(), "the takedown counted down " + item.get("PK").s());
            }
        }
    }
}
