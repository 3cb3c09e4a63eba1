package com.bigtimedeals.api;

import java.util.List;

import com.bigtimedeals.accounts.UserProfile;
import com.bigtimedeals.catalogue.Brand;
import com.bigtimedeals.catalogue.BrandSummary;
import com.bigtimedeals.catalogue.Category;
import com.bigtimedeals.catalogue.CategorySummary;
import com.bigtimedeals.community.FollowState;
import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.inbox.Blast;
import com.bigtimedeals.inbox.Message;
import com.bigtimedeals.platform.Page;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The response writer as it was before {@link JsonObject} (commit 167f040), kept verbatim as the oracle:
 * JsonObjectTest holds every shape to byte-for-byte the same text. A new field goes into both; so does a change of
 * the contract (instants are whole seconds, through {@link WireTime}).
 */
final class JacksonReferenceShapes {
    static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
            // "{...}}" or "{...} junk" is not one JSON object: refuse it rather than read the first value.
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            // Prices are decimals: 1e400 must stay a (too large) decimal, not become a double Infinity.
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    static {
        // Bounded parsing: a hostile body cannot make the parser allocate without limit.
        MAPPER.getFactory().setStreamReadConstraints(StreamReadConstraints.builder()
                .maxNestingDepth(32).maxNumberLength(40).maxStringLength(16_384).build());
    }

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JacksonReferenceShapes() {
    }

    static ObjectNode object() {
        return NODES.objectNode();
    }

    static String write(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of plain nodes always serializes", e);
        }
    }

    static ObjectNode deal(Deal d) {
        ObjectNode o = object();
        o.put("id", d.id());
        o.put("title", d.title());
        o.put("link", d.link());
        o.put("price", d.price());
        o.put("brandId", d.brandId());
        o.put("brandName", d.brandName());
        o.put("categoryId", d.categoryId());
        o.put("categoryName", d.categoryName());
        putIfPresent(o, "imageUrl", d.imageUrl());
        putIfPresent(o, "description", d.description());
        o.put("createdAt", WireTime.format(d.createdAt()));
        putIfPresent(o, "expiresAt", d.expiresAt() == null ? null : WireTime.format(d.expiresAt()));
        o.put("expired", d.expiresAt() != null && !d.expiresAt().isAfter(ANSWERED_AT));
        o.put("temperature", d.counts().hot() - d.counts().cold());
        o.put("commentCount", d.counts().comments());
        o.put("lowestEver", d.lowestEver());
        return o;
    }

    /** The moment every reference answer is written at ({@code expired} is derived from it). */
    static final java.time.Instant ANSWERED_AT = java.time.Instant.parse("2026-11-20T14:00:00Z");

    private static List<Deal> showing(List<Deal> deals) {
        return deals.stream().filter(d -> d.expiresAt() == null || d.expiresAt().isAfter(ANSWERED_AT)).toList();
    }

    static ArrayNode deals(List<Deal> deals) {
        ArrayNode a = NODES.arrayNode();
        deals.forEach(d -> a.add(deal(d)));
        return a;
    }

    static ObjectNode dealPage(Page<Deal> page) {
        ObjectNode o = object();
        o.set("deals", deals(page.items()));
        o.put("nextCursor", page.nextCursor());
        return o;
    }

    static ObjectNode featured(List<Deal> deals) {
        ObjectNode o = object();
        o.set("featured", deals(showing(deals)));
        return o;
    }

    static ObjectNode brand(Brand b) {
        ObjectNode o = object();
        o.put("id", b.id());
        o.put("name", b.name());
        putIfPresent(o, "logoUrl", b.logoUrl());
        o.put("likes", b.likes());
        o.put("watchers", b.watchers());
        return o;
    }

    static ObjectNode brands(List<BrandSummary> brands) {
        ArrayNode a = NODES.arrayNode();
        for (BrandSummary b : brands) {
            ObjectNode o = a.addObject();
            o.put("id", b.id());
            o.put("name", b.name());
            putIfPresent(o, "logoUrl", b.logoUrl());
        }
        ObjectNode root = object();
        root.set("brands", a);
        return root;
    }

    static ObjectNode category(Category c) {
        ObjectNode o = object();
        o.put("id", c.id());
        o.put("name", c.name());
        o.put("likes", c.likes());
        o.put("watchers", c.watchers());
        o.set("featured", deals(showing(c.featured())));
        return o;
    }

    static ObjectNode categories(List<CategorySummary> categories) {
        ArrayNode a = NODES.arrayNode();
        for (CategorySummary c : categories) {
            ObjectNode o = a.addObject();
            o.put("id", c.id());
            o.put("name", c.name());
        }
        ObjectNode root = object();
        root.set("categories", a);
        return root;
    }

    static ObjectNode user(UserProfile u) {
        ObjectNode o = object();
        o.put("username", u.username());
        o.put("email", u.email());
        putIfPresent(o, "birthday", u.birthday() == null ? null : u.birthday().toString());
        putIfPresent(o, "pictureUrl", u.pictureUrl());
        o.put("memberSince", WireTime.format(u.memberSince()));
        return o;
    }

    static ObjectNode message(Message m) {
        ObjectNode o = object();
        o.put("id", m.id());
        o.put("subject", m.subject());
        o.put("body", m.body());
        putIfPresent(o, "dealId", m.dealId());
        o.put("unread", m.unread());
        o.put("createdAt", WireTime.format(m.createdAt()));
        o.put("kind", m.kind().wire());
        return o;
    }

    static ObjectNode messagePage(Page<Message> page) {
        ArrayNode a = NODES.arrayNode();
        page.items().forEach(m -> a.add(message(m)));
        ObjectNode o = object();
        o.set("messages", a);
        o.put("nextCursor", page.nextCursor());
        return o;
    }

    static ObjectNode followState(FollowState s) {
        ObjectNode o = object();
        o.put("liked", s.liked());
        o.put("watching", s.watching());
        return o;
    }

    static ObjectNode blast(Blast b) {
        ObjectNode o = object();
        o.put("blastId", b.id());
        o.put("dealId", b.dealId());
        o.put("requestedAt", WireTime.format(b.requestedAt()));
        o.put("segments", b.segments());
        o.put("segmentsDone", b.segmentsDone());
        o.put("usersReached", b.usersReached());
        o.put("done", b.done());
        return o;
    }

    static ObjectNode error(String message, String code, String field, String requestId) {
        ObjectNode o = object();
        o.put("message", message);
        o.put("code", code);
        putIfPresent(o, "field", field);
        o.put("requestId", requestId);
        return o;
    }

    private static void putIfPresent(ObjectNode o, String name, String value) {
        if (value != null) {
            o.put(name, value);
        }
    }
}
