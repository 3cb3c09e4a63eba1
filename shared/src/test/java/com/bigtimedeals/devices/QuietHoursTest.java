package com.bigtimedeals.devices;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.devices.NotificationSettings.QuietHours;
import com.bigtimedeals.platform.DomainException;

/**
 * When quiet hours hold a push and when they end, in the user's own zone: windows across midnight and the two
 * daylight-saving nights (Europe/London: 2027-03-28 01:00 GMT jumps to 02:00 BST; 2026-10-25 02:00 BST falls back to
 * 01:00 GMT, so 01:00 to 02:00 happens twice). Every instant is fixed: nothing here reads a clock.
 */
class QuietHoursTest {
    private static Instant at(String instant) {
        return Instant.parse(instant);
    }

    @Test
    void aWindowAcrossMidnightHoldsFromItsStartToItsEndTheNextMorning() {
        QuietHours q = new QuietHours("22:30", "07:00", "Europe/Berlin"); // CET, UTC+1, in December
        Instant end = at("2026-12-04T06:00:00Z");
        assertNull(q.endOfWindowHolding(at("2026-12-03T21:29:59Z")), "before 22:30 in Berlin");
        assertEquals(end, q.endOfWindowHolding(at("2026-12-03T21:30:00Z")), "22:30 in Berlin: quiet, start inclusive");
        assertEquals(end, q.endOfWindowHolding(at("2026-12-03T23:00:00Z")), "00:00 in Berlin, the next date");
        assertEquals(end, q.endOfWindowHolding(at("2026-12-04T05:59:59Z")), "06:59:59 in Berlin");
        assertNull(q.endOfWindowHolding(at("2026-12-04T06:00:00Z")), "07:00 in Berlin: over, end exclusive");
        assertNull(q.endOfWindowHolding(at("2026-12-04T12:00:00Z")));
    }

    @Test
    void aWindowWithinOneDayHoldsOnlyBetweenItsTimes() {
        QuietHours q = new QuietHours("13:00", "14:30", "America/New_York"); // EST, UTC-5
        assertNull(q.endOfWindowHolding(at("2026-12-03T17:59:00Z")));
        assertEquals(at("2026-12-03T19:30:00Z"), q.endOfWindowHolding(at("2026-12-03T18:00:00Z")));
        assertNull(q.endOfWindowHolding(at("2026-12-03T19:30:00Z")));
        assertNull(q.endOfWindowHolding(at("2026-12-04T04:00:00Z")), "23:00 the evening before: not across midnight");
    }

    @Test
    void theZoneDecidesNotUtc() {
        QuietHours tokyo = new QuietHours("22:00", "06:00", "Asia/Tokyo"); // UTC+9, no daylight saving
        assertEquals(at("2026-12-03T21:00:00Z"), tokyo.endOfWindowHolding(at("2026-12-03T14:00:00Z")), "23:00 in Tokyo");
        assertNull(tokyo.endOfWindowHolding(at("2026-12-03T22:00:00Z")), "07:00 in Tokyo, 22:00 UTC");
    }

    @Test
    void anEndInTheSpringForwardGapIsTheEndOfTheGap() {
        // 01:30 does not exist in London on 2027-03-28: at 01:00 GMT the clocks show 02:00 BST. The window ends when
        // the clock first shows 01:30 or later: 02:00 BST, 01:00 UTC (java.time's gap rule would say 02:30 BST).
        QuietHours q = new QuietHours("23:00", "01:30", "Europe/London");
        Instant end = at("2027-03-28T01:00:00Z");
        assertEquals(end, q.endOfWindowHolding(at("2027-03-27T23:00:00Z")), "23:00 GMT");
        assertEquals(end, q.endOfWindowHolding(at("2027-03-28T00:59:59Z")), "00:59:59 GMT");
        assertNull(q.endOfWindowHolding(at("2027-03-28T01:00:00Z")), "02:00 BST: over");
        assertNull(q.endOfWindowHolding(at("2027-03-28T01:20:00Z")), "02:20 BST");
        // The night after is an ordinary one, an hour ahead in UTC.
        assertEquals(at("2027-03-29T00:30:00Z"), q.endOfWindowHolding(at("2027-03-28T22:00:00Z")), "23:00 BST");
    }

    @Test
    void aStartInTheSpringForwardGapBeginsAtTheEndOfTheGap() {
        QuietHours q = new QuietHours("01:15", "06:00", "Europe/London");
        assertNull(q.endOfWindowHolding(at("2027-03-28T00:59:59Z")), "00:59:59 GMT: not quiet yet");
        assertEquals(at("2027-03-28T05:00:00Z"), q.endOfWindowHolding(at("2027-03-28T01:00:00Z")), "02:00 BST: quiet");
    }

    @Test
    void aWindowWhollyInTheGapHoldsNothingThatNight() {
        QuietHours q = new QuietHours("01:10", "01:50", "Europe/London");
        assertNull(q.endOfWindowHolding(at("2027-03-28T00:59:59Z")));
        assertNull(q.endOfWindowHolding(at("2027-03-28T01:00:00Z")));
        assertEquals(at("2027-03-29T00:50:00Z"), q.endOfWindowHolding(at("2027-03-29T00:10:00Z")), "the next night as usual");
    }

    @Test
    void anEndInTheFallBackOverlapIsItsFirstOccurrenceAndTheRepeatIsNotQuietAgain() {
        // 2026-10-25 in London: 01:30 BST is 00:30 UTC, 01:30 GMT is 01:30 UTC. The window ends at the first.
        QuietHours q = new QuietHours("22:00", "01:30", "Europe/London");
        Instant end = at("2026-10-25T00:30:00Z");
        assertEquals(end, q.endOfWindowHolding(at("2026-10-24T21:00:00Z")), "22:00 BST");
        assertEquals(end, q.endOfWindowHolding(at("2026-10-25T00:29:59Z")), "01:29:59 BST");
        assertNull(q.endOfWindowHolding(at("2026-10-25T00:30:00Z")), "01:30 BST: over");
        assertNull(q.endOfWindowHolding(at("2026-10-25T01:15:00Z")), "01:15 GMT, the clock's second 01:15: one window a night");
        assertEquals(at("2026-10-26T01:30:00Z"), q.endOfWindowHolding(at("2026-10-25T22:00:00Z")), "the next night, in GMT");
    }

    @Test
    void aWindowAcrossTheFallBackNightIsAnHourLonger() {
        QuietHours q = new QuietHours("23:00", "07:00", "Europe/London");
        Instant begins = at("2026-10-24T22:00:00Z"); // 23:00 BST
        Instant end = at("2026-10-25T07:00:00Z"); // 07:00 GMT: nine hours later, not eight
        assertNull(q.endOfWindowHolding(begins.minusSeconds(1)));
        assertEquals(end, q.endOfWindowHolding(begins));
        assertEquals(end, q.endOfWindowHolding(at("2026-10-25T01:30:00Z")), "01:30 GMT, the repeated hour: inside the window");
        assertNull(q.endOfWindowHolding(end));
    }

    @Test
    void aStartInTheFallBackOverlapIsItsFirstOccurrence() {
        QuietHours q = new QuietHours("01:30", "03:00", "Europe/London");
        assertNull(q.endOfWindowHolding(at("2026-10-25T00:29:59Z")), "01:29:59 BST");
        assertEquals(at("2026-10-25T03:00:00Z"), q.endOfWindowHolding(at("2026-10-25T00:30:00Z")), "01:30 BST: quiet");
        assertEquals(at("2026-10-25T03:00:00Z"), q.endOfWindowHolding(at("2026-10-25T01:10:00Z")), "01:10 GMT: still");
    }

    @Test
    void equalStartAndEndAreRefused() {
        DomainException e = assertThrows(DomainException.class, () -> new QuietHours("22:00", "22:00", "UTC"));
        assertEquals("quietHours", e.field());
    }
}
