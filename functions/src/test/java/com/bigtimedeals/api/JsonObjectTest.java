package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.accounts.UserProfile;
import com.bigtimedeals.catalogue.Brand;
import com.bigtimedeals.catalogue.BrandSummary;
import com.bigtimedeals.catalogue.Category;
import com.bigtimedeals.catalogue.CategorySummary;
import com.bigtimedeals.community.FollowState;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.inbox.Blast;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.inbox.MessageKind;
import com.bigtimedeals.platform.Page;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * Every response shape written by {@link JsonObject} is byte for byte what Jackson wrote before it
 * ({@link JacksonReferenceShapes}), including the strings Jackson has to escape.
 */
class JsonObjectTest {
    /** Quotes, backslashes, every control character, non-ASCII, surrogate pairs, line separators, DEL. */
    private static final List<String> AWKWARD = awkward();

    private static List<String> awkward() {
        List<String> s = new ArrayList<>(List.of("", "plain", "quote \" and \\ backslash", "/slash/ </script>",
                "tab\tnew\nline\rcr\bbs\fff", "caf\u00e9 \u20ac \u4e2d\u6587", "emoji \ud83d\ude00 pair", "sep \u2028 \u2029",
                "del \u007f nbsp \u00a0", "lone \ud800 surrogate", "{\"looks\":\"like json\"}"));
        StringBuilder controls = new StringBuilder();
        for (char c = 0; c < 0x20; c++) {
            controls.append(c);
        }
        s.add(controls.toString());
        return s;
    }

    private static final Instant AT = Instant.parse("2026-11-20T12:00:00Z");

    private static void same(JsonNode expected, JsonObject actual) {
        assertEquals(JacksonReferenceShapes.write(expected), actual.toJson());
    }

    private static Deal deal(String text, BigDecimal price, boolean optional) {
        return new Deal("2Jx8mQ4pN7rT1vW3yZ5bC6dF9gH", text, "https://example.com/" + text, price, "acme", text,
                "tech", "Tech " + text, optional ? "https://img.example.com/a.png" : null, optional ? text : null, AT,
                optional ? AT.plusSeconds(3600) : null);
    }

    private static List<Deal> deals(int n) {
        List<Deal> d = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            d.add(deal(AWKWARD.get(i % AWKWARD.size()), new BigDecimal(i % 3 == 0 ? "10000000" : i % 3 == 1 ? "0.01" : "12.5"),
                    i % 2 == 0));
        }
        return d;
    }

    @Test
    void dealsAndPagesOfDeals() {
        for (String text : AWKWARD) {
            for (String price : List.of("0", "19.99", "10000000", "0.5", "1E+3", "123456789.12")) {
                for (boolean optional : new boolean[] {true, false}) {
                    Deal d = deal(text, new BigDecimal(price), optional);
                    same(JacksonReferenceShapes.deal(d), Json.deal(d, JacksonReferenceShapes.ANSWERED_AT));
                }
            }
        }
        for (String cursor : new String[] {null, "eyJjdXJzb3IiOjF9", "a\"b"}) {
            Page<Deal> page = new Page<>(deals(30), cursor);
            same(JacksonReferenceShapes.dealPage(page), Json.dealPage(page, JacksonReferenceShapes.ANSWERED_AT));
        }
        same(JacksonReferenceShapes.dealPage(new Page<>(List.of(), null)), Json.dealPage(new Page<>(List.of(), null), JacksonReferenceShapes.ANSWERED_AT));
        same(JacksonReferenceShapes.featured(deals(10)), Json.featured(deals(10), JacksonReferenceShapes.ANSWERED_AT));
        same(JacksonReferenceShapes.featured(List.of()), Json.featured(List.of(), JacksonReferenceShapes.ANSWERED_AT));
    }

    @Test
    void theFrontPageAsDealsHandlerComposesIt() {
        var expected = JacksonReferenceShapes.featured(deals(10));
        expected.set("latest", JacksonReferenceShapes.deals(deals(25)));
        expected.put("nextCursor", "next");
        same(expected, Json.featured(deals(10), JacksonReferenceShapes.ANSWERED_AT).put("latest", Json.deals(deals(25), JacksonReferenceShapes.ANSWERED_AT)).put("nextCursor", "next"));
    }

    @Test
    void brandsCategoriesAndFollowState() {
        List<BrandSummary> summaries = new ArrayList<>();
        List<CategorySummary> categories = new ArrayList<>();
        for (String text : AWKWARD) {
            for (String logo : new String[] {null, "https://logo.example.com/" + text}) {
                Brand b = new Brand("acme", text, logo, Long.MAX_VALUE, 0);
                same(JacksonReferenceShapes.brand(b), Json.brand(b));
                summaries.add(new BrandSummary("b" + summaries.size(), text, logo));
            }
            Category c = new Category("tech", text, 3, 1_000_000_000_000L, deals(3));
            same(JacksonReferenceShapes.category(c), Json.category(c, JacksonReferenceShapes.ANSWERED_AT));
            categories.add(new CategorySummary("c" + categories.size(), text));
        }
        same(JacksonReferenceShapes.brands(summaries), Json.brands(summaries));
        same(JacksonReferenceShapes.brands(List.of()), Json.brands(List.of()));
        same(JacksonReferenceShapes.categories(categories), Json.categories(categories));
        for (boolean liked : new boolean[] {true, false}) {
            for (boolean watching : new boolean[] {true, false}) {
                FollowState s = new FollowState(liked, watching);
                same(JacksonReferenceShapes.followState(s), Json.followState(s));
            }
        }
    }

    @Test
    void profilesMessagesAndBlasts() {
        List<Message> messages = new ArrayList<>();
        for (String text : AWKWARD) {
            UserProfile withAll = new UserProfile(text, text + "@example.com", LocalDate.of(1990, 2, 28),
                    "https://pic.example.com/" + text, AT);
            UserProfile bare = new UserProfile(text, "ann@example.com", null, null, AT.plusNanos(123_000_000));
            same(JacksonReferenceShapes.user(withAll), Json.user(withAll));
            same(JacksonReferenceShapes.user(bare), Json.user(bare));
            Message m = new Message("2Jx8mQ4pN7rT1vW3yZ5bC6dF9gH", "ann", text, text + "\n" + text,
                    messages.size() % 2 == 0 ? null : "2Jx8mQ4pN7rT1vW3yZ5bC6dF9gH", messages.size() % 3 == 0, AT, MessageKind.WATCH);
            same(JacksonReferenceShapes.message(m), Json.message(m));
            messages.add(m);
        }
        same(JacksonReferenceShapes.messagePage(new Page<>(messages, "c")), Json.messagePage(new Page<>(messages, "c")));
        same(JacksonReferenceShapes.messagePage(new Page<>(List.of(), null)), Json.messagePage(new Page<>(List.of(), null)));
        for (int done : new int[] {0, 3, 64}) {
            Blast b = new Blast("2Jx8mQ4pN7rT1vW3yZ5bC6dF9gH", "2Jx8mQ4pN7rT1vW3yZ5bC6dF9gI", "s", "b", AT, 64, done, 9_999_999L);
            same(JacksonReferenceShapes.blast(b), Json.blast(b));
        }
        var blastId = JacksonReferenceShapes.object();
        blastId.put("blastId", "x");
        same(blastId, Json.object().put("blastId", "x"));
    }

    @Test
    void errorsAndFailures() {
        for (String text : AWKWARD) {
            same(JacksonReferenceShapes.error(text, "INVALID", text, "r-1"), Json.error(text, ErrorCode.INVALID, text, "r-1"));
            same(JacksonReferenceShapes.error(text, "NOT_FOUND", null, text), Json.error(text, ErrorCode.NOT_FOUND, null, text));
            var failure = JacksonReferenceShapes.object();
            failure.put("message", "Internal Server Error");
            failure.put("code", "INTERNAL");
            failure.put("requestId", text);
            same(failure, Json.failure(ErrorCode.INTERNAL, text));
        }
    }

    @Test
    void everyCharacterOfTheBasicPlaneEscapesAsJacksonDoes() {
        StringBuilder all = new StringBuilder();
        for (int c = 0; c <= 0xFFFF; c++) {
            all.append((char) c);
        }
        var expected = JacksonReferenceShapes.object();
        expected.put("s", all.toString());
        same(expected, Json.object().put("s", all.toString()));
        Random random = new Random(13);
        for (int i = 0; i < 500; i++) {
            String s = random.ints(random.nextInt(40), 0, 0x3000).collect(StringBuilder::new,
                    (b, c) -> b.append((char) c), StringBuilder::append).toString();
            var e = JacksonReferenceShapes.object();
            e.put(s, s);
            same(e, Json.object().put(s, s));
        }
    }

    @Test
    void puttingANameAgainReplacesItInPlaceAsObjectNodeDid() {
        var expected = JacksonReferenceShapes.object();
        expected.put("a", 1);
        expected.put("b", "x");
        expected.put("a", "again");
        same(expected, Json.object().put("a", 1).put("b", "x").put("a", "again"));
    }
}
