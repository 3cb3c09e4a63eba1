package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.catalogue.DealPosting;
import com.bigtimedeals.deals.DealStore;
import com.bigtimedeals.deals.NewDeal;
import com.bigtimedeals.platform.Configuration;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.WalkStore;
import com.bigtimedeals.saved.SavedStore;
import com.bigtimedeals.stream.SavedReminders;
import com.bigtimedeals.stream.SweepHandler;
import com.fasterxml.jackson.databind.JsonNode;

/** PUT/DELETE /me/saved/{dealId}, GET /me/saved over API Gateway events, and the reminders the sweeper sends. */
class SavedDealRoutesTest extends ApiTest {

    /** The handlers and the table at {@code at}, as a later request would meet them. */
    private void at(Instant at) {
        table = new Table(client, table.name(), Clock.fixed(at, ZoneOffset.UTC), table.cursors());
        handlers = handlers(table, Clock.fixed(at, ZoneOffset.UTC));
    }

    private String deal(String title, Instant expiresAt) {
        return new DealPosting(new DealStore(table)).create(new NewDeal(title, "https://shop.example.com/" + title.replace(' ', '-'),
                new BigDecimal("19.99"), "acme", "tech", null, null, null, expiresAt)).id();
    }

    /** One sweep of the sweeper at {@code at}: the same code the deployed one and the local stack's run. */
    private void sweepAt(Instant at) {
        Table later = new Table(client, table.name(), Clock.fixed(at, ZoneOffset.UTC), table.cursors());
        new SweepHandler(new WalkStore(later), Duration.ofMinutes(10))
                .withReminders(SavedReminders.of(later, Configuration.defaults())).sweep();
    }

    private List<JsonNode> reminders(String user) {
        List<JsonNode> out = new ArrayList<>();
        expect(200, get("/me/messages").user(user)).get("messages").forEach(m -> {
            if ("reminder".equals(m.get("kind").asText())) {
                out.add(m);
            }
        });
        return out;
    }

    @Test
    void aSaveAnswersItsFirstMomentListsMostRecentFirstAndUnsavesRepeatably() {
        seedCatalog();
        String a = deal("Steel kettle", null);
        String b = deal("Desk lamp", null);
        JsonNode saved = expect(200, put("/me/saved/" + a).user("ann"));
        assertBudget(2);
        assertEquals(a, saved.get("dealId").asText());
        assertEquals(NOW.toString(), saved.get("savedAt").asText());
        at(NOW.plusSeconds(60));
        assertEquals(NOW.toString(), expect(200, put("/me/saved/" + a).user("ann")).get("savedAt").asText(), "the first savedAt");
        assertBudget(2);
        expect(200, put("/me/saved/" + b).user("ann"));
        JsonNode list = expect(200, get("/me/saved").user("ann"));
        assertBudget(2);
        assertEquals(List.of(b, a), ids(list.get("deals")));
        assertEquals(NOW.plusSeconds(60).toString(), list.get("deals").get(0).get("savedAt").asText());
        assertEquals("Desk lamp", list.get("deals").get(0).get("title").asText());
        assertTrue(list.get("nextCursor").isNull());
        assertEquals(0, expect(200, get("/me/saved").user("bob")).get("deals").size(), "another user's list is their own");

        expect(204, delete("/me/saved/" + a).user("ann"));
        assertBudget(2);
        int items = itemCount();
        expect(204, delete("/me/saved/" + a).user("ann"));
        assertEquals(items, itemCount());
        expect(204, delete("/me/saved/" + a).user("bob"));
        assertEquals(List.of(b), ids(expect(200, get("/me/saved").user("ann")).get("deals")));
        expect(401, get("/me/saved"));
    }

    @Test
    void unknownAndTakenDownDealsAre404AndWriteNothingTakenDownLaterLeavesExpiredStaysFlagged() {
        seedCatalog();
        String gone = deal("Gone kettle", null);
        new DealStore(table).takeDown(gone);
        int items = itemCount();
        expect(404, put("/me/saved/" + gone).user("ann"));
        expect(404, put("/me/saved/2Ob8ZQ1mW4Xj7dZp0TqYb3VnKcA").user("ann"));
        expect(404, put("/me/saved/not-a-deal").user("ann"));
        assertEquals(items, itemCount(), "a refused save writes nothing");

        String later = deal("Later gone", null);
        String expiring = deal("Expiring lamp", NOW.plusSeconds(1200));
        expect(200, put("/me/saved/" + later).user("ann"));
        expect(200, put("/me/saved/" + expiring).user("ann"));
        new DealStore(table).takeDown(later);
        at(NOW.plusSeconds(1800));
        JsonNode list = expect(200, get("/me/saved").user("ann"));
        assertEquals(List.of(expiring), ids(list.get("deals")));
        assertTrue(list.get("deals").get(0).get("expired").asBoolean());
    }

    @Test
    void pagesHoldEveryDealOnceMostRecentFirstWithinTwoRequests() {
        seedCatalog();
        List<String> saved = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            at(NOW.plusSeconds(i));
            String id = deal("Deal " + i, null);
            expect(200, put("/me/saved/" + id).user("ann"));
            saved.add(0, id);
        }
        List<String> paged = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = expect(200, get("/me/saved").user("ann").query("limit=3" + (cursor == null ? "" : "&cursor=" + cursor)));
            assertBudget(2);
            assertTrue(page.get("deals").size() == 3 || page.get("nextCursor").isNull());
            paged.addAll(ids(page.get("deals")));
            cursor = page.get("nextCursor").isNull() ? null : page.get("nextCursor").asText();
        } while (cursor != null);
        assertEquals(saved, paged);
        // Another user's cursor is one the server could not have produced for this caller's list, as in the inbox.
        String annsCursor = expect(200, get("/me/saved").user("ann").query("limit=3")).get("nextCursor").asText();
        expect(400, get("/me/saved").user("bob").query("limit=3&cursor=" + annsCursor));
        expect(400, get("/me/saved").user("ann").query("cursor=nonsense"));
        expect(400, get("/me/saved").user("ann").query("limit=0"));
    }

    @Test
    void the501stSaveIsA400AndWritesNothing() {
        seedCatalog();
        SavedStore store = new SavedStore(table);
        for (int i = 0; i < SavedStore.MAX_PER_USER - 1; i++) {
            store.save("ann", deal("Deal " + i, null));
        }
        expect(200, put("/me/saved/" + deal("Deal 499", null)).user("ann"));
        String extra = deal("Deal 500", null);
        int items = itemCount();
        JsonNode error = expect(400, put("/me/saved/" + extra).user("ann"));
        assertFalse(error.get("message").asText().isBlank());
        assertEquals(items, itemCount());
        expect(200, put("/me/saved/" + extra).user("bob"));
    }

    @Test
    void aReminderGoesOnceWhen24HoursRemainNotBeforeAndUnsavingCancelsIt() {
        seedCatalog();
        Instant ends = NOW.plus(Duration.ofHours(30));
        String kettle = deal("Steel kettle", ends);
        expect(200, put("/me/saved/" + kettle).user("ann"));
        expect(200, put("/me/saved/" + kettle).user("bob"));
        expect(204, delete("/me/saved/" + kettle).user("bob"));
        sweepAt(NOW.plusSeconds(30));
        sweepAt(ends.minus(Duration.ofHours(24)).minusSeconds(60));
        assertEquals(List.of(), reminders("ann"), "not before 24 hours remain");
        sweepAt(ends.minus(Duration.ofHours(24)).plusSeconds(30));
        sweepAt(ends.minus(Duration.ofHours(24)).plusSeconds(90));
        sweepAt(ends.minus(Duration.ofHours(23)));
        List<JsonNode> sent = reminders("ann");
        assertEquals(1, sent.size(), "exactly once");
        assertEquals(kettle, sent.get(0).get("dealId").asText());
        assertEquals(List.of(), reminders("bob"), "unsaved: cancelled");
    }

    @Test
    void savedWithLessThanADayLeftIsRemindedAtOnceWithLessThanAnHourNeverAndAMovedExpiryMovesIt() {
        seedCatalog();
        String soon = deal("Soon kettle", NOW.plus(Duration.ofHours(10)));
        String tooSoon = deal("Too soon lamp", NOW.plus(Duration.ofMinutes(50)));
        String moved = deal("Moved toaster", NOW.plus(Duration.ofHours(30)));
        String taken = deal("Taken toaster", NOW.plus(Duration.ofHours(10)));
        for (String id : List.of(soon, tooSoon, moved, taken)) {
            expect(200, put("/me/saved/" + id).user("ann"));
        }
        new DealStore(table).takeDown(taken);
        sweepAt(NOW.plusSeconds(40));
        assertEquals(List.of(soon), reminders("ann").stream().map(m -> m.get("dealId").asText()).toList());

        // An editor moves the toaster's end two days on: its reminder moves with it (the stream's reaction to the correction).
        Instant newEnd = NOW.plus(Duration.ofHours(54));
        new DealStore(table).correct(moved, new com.bigtimedeals.deals.DealCorrection(null, null, null, null, null, newEnd, false));
        new SavedStore(table).replan(moved, newEnd);
        sweepAt(NOW.plus(Duration.ofHours(6)).plusSeconds(30));
        assertEquals(1, reminders("ann").size(), "not at the old moment");
        sweepAt(NOW.plus(Duration.ofHours(30)).plusSeconds(30));
        assertEquals(List.of(moved, soon), reminders("ann").stream().map(m -> m.get("dealId").asText()).toList());
    }
}
