package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.contract.ResponseContract;
import com.bigtimedeals.deals.DealCorrection;
import com.bigtimedeals.deals.NewDeal;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.inbox.MessageKind;
import com.bigtimedeals.platform.ContractRules;
import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.Ids;
import com.fasterxml.jackson.databind.JsonNode;

/** The contract's conventions for times, bodies and ids (../shared/design/api.md), over the handlers as API Gateway invokes them. */
class ContractConventionsTest extends ApiTest {
    private static final String BRAND = "{\"name\":\"Initech\"}";

    @Test
    void aBodyThatIsNotJsonByItsContentTypeIs415AndWritesNothing() {
        int before = itemCount();
        for (String type : new String[] {"text/plain", "application/x-www-form-urlencoded", "application/jsonx",
                "application/json-patch+json", "multipart/form-data; boundary=x", null}) {
            JsonNode error = expect(415, post("/cms/brands").editor().contentType(type).body(BRAND));
            assertEquals("UNSUPPORTED_MEDIA_TYPE", error.get("code").asText());
        }
        expect(415, get("/deals").contentType("text/plain").body("hello"));
        expect(415, post("/brands/acme/likes").user("ann").contentType("text/plain").body("x"));
        assertEquals(before, itemCount());
        expect(201, post("/cms/brands").editor().contentType("Application/JSON; charset=utf-8").body(BRAND));
        expect(200, get("/deals").contentType(null));
    }

    @Test
    void aKeyTwiceOrBytesThatAreNotUtf8Are400AndWriteNothing() {
        seedCatalog();
        int before = itemCount();
        JsonNode twice = expect(400, post("/cms/deals").editor().body("{\"title\":\"T\",\"link\":\"https://s.example.com/t\","
                + "\"price\":-5,\"price\":5,\"brandId\":\"acme\",\"categoryId\":\"tech\"}"));
        assertTrue(twice.get("message").asText().contains("price"), twice.toString());
        expect(400, post("/cms/brands").editor().body("{\"name\":\"A\",\"logoUrl\":null,\"name\":\"B\"}"));
        expect(400, post("/cms/brands").editor().body("{\"name\":\"A\",\"x\":{\"k\":1,\"k\":2}}"));
        byte[] latin1 = "{\"name\":\"Caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1);
        JsonNode notUtf8 = expect(400, post("/cms/brands").editor().bytes(latin1));
        assertTrue(notUtf8.get("message").asText().contains("UTF-8"), notUtf8.toString());
        expect(400, post("/cms/brands").editor().bytes(new byte[] {'{', '"', 'n', '"', ':', '"', (byte) 0xed, (byte) 0xa0, (byte) 0x80, '"', '}'}));
        assertEquals(before, itemCount());
        JsonNode cafe = expect(201, post("/cms/brands").editor().bytes("{\"name\":\"Caf\u00e9\"}".getBytes(StandardCharsets.UTF_8)));
        assertEquals("Caf\u00e9", cafe.get("name").asText());
    }

    @Test
    void everyInstantIsAnsweredInWholeSecondsWithAZ() {
        seedCatalog();
        handlers = handlers(table, Clock.fixed(NOW.plusNanos(123_456_789), ZoneOffset.UTC));
        JsonNode deal = expect(201, post("/cms/deals").editor().body("{\"title\":\"T\",\"link\":\"https://s.example.com/t\","
                + "\"price\":5,\"brandId\":\"acme\",\"categoryId\":\"tech\",\"createdAt\":\"2026-11-20T11:00:00.987654321Z\"}"));
        assertEquals("2026-11-20T11:00:00Z", deal.get("createdAt").asText());
        JsonNode blast = expect(202, post("/cms/hot-deals").editor().body("{\"dealId\":\"" + deal.get("id").asText() + "\"}"));
        assertEquals(NOW.toString(), expect(200, get("/cms/hot-deals/" + blast.get("blastId").asText()).editor())
                .get("requestedAt").asText());
        assertEquals(NOW.toString(), expect(201, post("/me").user("ann").body("{\"email\":\"ann@example.com\"}"))
                .get("memberSince").asText());
        delivery(table).deliver(List.of(new Message(Ids.messageId(NOW, "ann", "x"), "ann", "Hot deal: T", "b",
                deal.get("id").asText(), true, NOW.plusNanos(5), MessageKind.WATCH)));
        assertEquals("2026-11-20T12:00:00Z", expect(200, get("/me/messages").user("ann")).get("messages").get(0)
                .get("createdAt").asText());
    }

    @Test
    void followStateOfAnUnknownBrandOrCategoryIs404InOneRequest() {
        seedCatalog();
        expect(404, get("/me/brands/nope").user("ann"));
        assertBudget(1);
        expect(404, get("/me/categories/nope").user("ann"));
        assertBudget(1);
        expect(201, post("/categories/tech/watches").user("ann"));
        JsonNode state = expect(200, get("/me/categories/tech").user("ann"));
        assertBudget(1);
        assertTrue(state.get("watching").asBoolean());
        expect(200, get("/me/brands/acme").user("ann"));
        assertBudget(1);
    }

    @Test
    void domainRecordsRefuseWhatTheContractRefusesWhoeverBuildsThem() {
        assertThrows(DomainException.class, () -> new NewDeal("T", "https://s.example.com", new BigDecimal("-5"), "acme", "tech", null, null, null));
        assertThrows(DomainException.class, () -> new NewDeal("T", "https://s.example.com", new BigDecimal("1.999"), "acme", "tech", null, null, null));
        assertThrows(DomainException.class, () -> new NewDeal("x".repeat(ContractRules.TITLE_MAX + 1), "https://s.example.com", BigDecimal.ONE, "acme", "tech", null, null, null));
        assertThrows(DomainException.class, () -> new NewDeal("T", "ftp://s.example.com", BigDecimal.ONE, "acme", "tech", null, null, null));
        assertThrows(DomainException.class, () -> new NewDeal("T", "https://s.example.com", BigDecimal.ONE, "Acme", "tech", null, null, null));
        assertThrows(DomainException.class, () -> new DealCorrection(null, null, new BigDecimal("10000000.01"), null, null));
        assertThrows(DomainException.class, () -> new DealCorrection(" ", null, null, null, null));
        assertEquals(new BigDecimal("5"), new NewDeal("T", "https://s.example.com", new BigDecimal("5.00"), "acme", "tech", null, null, null).price());
        // A subject built from a title of the longest allowed length still fits the contract.
        Message m = new Message("id", "ann", "Hot deal: " + "t".repeat(ContractRules.TITLE_MAX), "b", null, true, NOW, MessageKind.WATCH);
        assertEquals(ContractRules.SUBJECT_MAX, m.subject().codePointCount(0, m.subject().length()));
    }

    @Test
    void theResponseCheckRefusesAnUndeclaredStatusAndAFieldTooManyOrTooFew() {
        Map<String, String> json = Map.of("content-type", "application/json", "X-Request-Id", "r-1",
                "Cache-Control", "public, max-age=30", "ETag", "W/\"x\"", "Vary", "Accept-Encoding");
        String page = "{\"deals\":[],\"nextCursor\":null}";
        ResponseContract.check("GET", "/deals", 200, json, page);
        assertThrows(AssertionError.class, () -> ResponseContract.check("GET", "/deals", 200,
                Map.of("content-type", "application/json"), page), "the headers every answer carries are required");
        assertThrows(AssertionError.class, () -> ResponseContract.check("GET", "/deals", 418, json, "{\"message\":\"x\"}"));
        assertThrows(AssertionError.class, () -> ResponseContract.check("GET", "/deals", 200, json, "{\"deals\":[],\"nextCursor\":null,\"x\":1}"));
        assertThrows(AssertionError.class, () -> ResponseContract.check("GET", "/deals", 200, json, "{\"deals\":[]}"));
        assertThrows(AssertionError.class, () -> ResponseContract.check("GET", "/deals/" + Ids.dealId(NOW), 404, json,
                "{\"message\":\"x\",\"code\":\"NOT_A_CODE\"}"));
        Map<String, String> signedIn = Map.of("content-type", "application/json", "X-Request-Id", "r-1", "Cache-Control", "no-store");
        ResponseContract.check("GET", "/me", 200, signedIn, "{\"username\":\"a\",\"email\":\"a@b.c\",\"memberSince\":\"2026-11-20T12:00:00Z\"}");
        assertThrows(AssertionError.class, () -> ResponseContract.check("GET", "/me", 200, signedIn,
                "{\"username\":\"a\",\"email\":\"a@b.c\",\"memberSince\":\"2026-11-20T12:00:00.5Z\"}"));
    }
}
