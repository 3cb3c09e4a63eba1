package com.bigtimedeals.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Quiet hours ending by the clock, over HTTP against the local stack (its sweeper every few seconds, as EventBridge
 * runs the deployed one every minute): the stack has no clock a test may set, so the window is the real one, ending at
 * the next minute in the user's zone (Asia/Kolkata, UTC+05:30: not UTC's minutes' hours), and the test waits for it,
 * up to about 95 seconds. The held push never arrives; one summary per device does, after the window's end and within
 * the contract's 2 minutes of it. The cases the clock would have to be set for (across midnight, daylight-saving
 * nights) are QuietHoursTest's and QuietHoursPushTest's, on fixed clocks.
 */
@Tag("stack")
@Tag("long") // waits for a real minute boundary
class QuietHoursEndToEndTest {
    static LocalStack stack;

    @BeforeAll
    static void start() throws Exception {
        stack = LocalStack.start(LocalStack.Options.inMemory());
        PushEndToEndTest.stack = stack;
        PushEndToEndTest.http = java.net.http.HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        PushEndToEndTest.base = "http://127.0.0.1:" + stack.port();
    }

    @AfterAll
    static void stop() {
        stack.close();
    }

    @Test
    void whenQuietHoursEndTheDevicesGetOneSummaryWithinTwoMinutes() throws Exception {
        PushEndToEndTest.call(201, "POST", "/cms/brands", "erin", "{\"name\":\"Nightco\"}");
        PushEndToEndTest.call(201, "POST", "/cms/categories", "erin", "{\"name\":\"Nightables\"}");
        PushEndToEndTest.call(201, "POST", "/me/devices", "sol", "{\"platform\":\"fcm\",\"token\":\"" + "s".repeat(40) + "\"}");
        PushEndToEndTest.call(201, "POST", "/me/devices", "sol", "{\"platform\":\"apns\",\"token\":\"" + "ef".repeat(32) + "\"}");
        PushEndToEndTest.call(201, "POST", "/brands/nightco/watches", "sol", null);
        ZoneId zone = ZoneId.of("Asia/Kolkata");
        // The window ends at the next minute there, or the one after when this one is nearly over (the deal must be
        // posted and held before it ends).
        ZonedDateTime now = ZonedDateTime.now(zone);
        ZonedDateTime end = now.truncatedTo(ChronoUnit.MINUTES).plusMinutes(now.getSecond() < 30 ? 1 : 2);
        DateTimeFormatter hhmm = DateTimeFormatter.ofPattern("HH:mm");
        PushEndToEndTest.call(200, "PUT", "/me/notifications", "sol", "{\"push\":{\"watches\":true,\"alerts\":true,"
                + "\"blasts\":true,\"reminders\":true},\"quietHours\":{\"start\":\"" + end.minusMinutes(30).format(hhmm)
                + "\",\"end\":\"" + end.format(hhmm) + "\",\"timeZone\":\"Asia/Kolkata\"}}");
        PushEndToEndTest.call(201, "POST", "/cms/deals", "erin", "{\"title\":\"Night kettle\",\"link\":\"https://shop.example.com/nk\","
                + "\"price\":19,\"brandId\":\"nightco\",\"categoryId\":\"nightables\"}");
        assertTrue(stack.awaitStreamQuiet(1_000, 20_000));
        assertEquals(1, PushEndToEndTest.call(200, "GET", "/me/messages", "sol", null).get("messages").size());
        assertTrue(Instant.now().isBefore(end.toInstant()), "the deal was handled inside the window");
        assertEquals(0, PushEndToEndTest.pushes("sol", 0).size(), "held in quiet hours");

        Instant deadline = end.toInstant().plus(Duration.ofMinutes(2));
        List<JsonNode> got = List.of();
        while (Instant.now().isBefore(deadline)) {
            got = PushEndToEndTest.pushes("sol", 0);
            if (got.size() >= 2) {
                break;
            }
            Thread.sleep(500);
        }
        assertEquals(2, got.size(), "one summary per device within 2 minutes of the end: " + got);
        for (JsonNode p : got) {
            assertEquals("summary", p.get("kind").asText());
            assertEquals("1 new deal arrived in your quiet hours", p.get("body").asText());
            assertFalse(Instant.parse(p.get("sentAt").asText()).isBefore(end.toInstant()), "not before the end: " + p);
        }
        assertTrue(stack.awaitStreamQuiet(1_000, 20_000));
        Thread.sleep(6_000); // a sweep or more later
        assertEquals(2, PushEndToEndTest.pushes("sol", 0).size(), "one summary, and never the held push itself");
    }
}
