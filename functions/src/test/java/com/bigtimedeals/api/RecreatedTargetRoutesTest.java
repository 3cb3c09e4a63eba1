package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A brand or category deleted while users like and watch it, then made again with the same name (so the same id):
 * the old likes and watches end with it. The one made again starts with 0 likes, 0 watchers and no followers, and
 * like, unlike, watch and unwatch answer as for any brand or category (before: "like again" was 200 with 0 likes, an
 * unlike a 404 for a brand that exists, an unwatch took the watchers to -1).
 */
class RecreatedTargetRoutesTest extends ApiTest {

    private static String path(String kind) {
        return kind.equals("brand") ? "/brands/" : "/categories/";
    }

    private static String body(String kind, String name) {
        return "{\"name\":\"" + name + "\"}";
    }

    /** Ann likes and watches it, Bob likes it, Cat watches it; then the editor deletes and makes it again. */
    private void followedThenRecreated(String kind, String id, String name) {
        String cms = kind.equals("brand") ? "/cms/brands" : "/cms/categories";
        expect(201, post(cms).editor().body(body(kind, name)));
        expect(201, post(path(kind) + id + "/likes").user("ann"));
        expect(201, post(path(kind) + id + "/watches").user("ann"));
        expect(201, post(path(kind) + id + "/likes").user("bob"));
        expect(201, post(path(kind) + id + "/watches").user("cat"));
        expect(204, delete(cms + "/" + id).editor());
        expect(204, delete(cms + "/" + id).editor());
        JsonNode again = expect(201, post(cms).editor().body(body(kind, name)));
        assertEquals(id, again.get("id").asText());
        assertEquals(0, again.get("likes").asLong());
        assertEquals(0, again.get("watchers").asLong());
    }

    private void theOldFollowsAreGone(String kind, String id) {
        String key = kind.equals("brand") ? "brands" : "categories";
        for (String user : new String[] {"ann", "bob", "cat"}) {
            JsonNode state = expect(200, get("/me/" + key + "/" + id).user(user));
            assertFalse(state.get("liked").asBoolean(), user + " still likes the " + kind + " made again");
            assertFalse(state.get("watching").asBoolean(), user + " still watches the " + kind + " made again");
            assertEquals(0, expect(200, get("/me/follows").user(user)).get(key).size(), user + "'s follows");
        }
        JsonNode target = expect(200, get(path(kind) + id));
        assertEquals(0, target.get("likes").asLong());
        assertEquals(0, target.get("watchers").asLong());
    }

    private void likesAndWatchesAnswerAsForAnyTarget(String kind, String id) {
        String key = kind.equals("brand") ? "brands" : "categories";
        // An unlike and an unwatch of a relation that ended with the old one: 200, the counts untouched.
        JsonNode unliked = expect(200, delete(path(kind) + id + "/likes").user("bob"));
        assertEquals(0, unliked.get("likes").asLong());
        JsonNode unwatched = expect(200, delete(path(kind) + id + "/watches").user("cat"));
        assertEquals(0, unwatched.get("watchers").asLong(), "never below zero");
        // Liking and watching again counts, as a first like does.
        JsonNode liked = expect(201, post(path(kind) + id + "/likes").user("ann"));
        assertEquals(1, liked.get("likes").asLong());
        JsonNode watched = expect(201, post(path(kind) + id + "/watches").user("ann"));
        assertEquals(1, watched.get("watchers").asLong());
        assertEquals(1, expect(200, post(path(kind) + id + "/likes").user("ann")).get("likes").asLong());
        JsonNode follows = expect(200, get("/me/follows").user("ann")).get(key);
        assertEquals(1, follows.size());
        assertEquals(true, follows.get(0).get("liked").asBoolean());
        assertEquals(true, follows.get(0).get("watching").asBoolean());
        assertEquals(2, expect(201, post(path(kind) + id + "/likes").user("bob")).get("likes").asLong());
        assertEquals(2, expect(200, get(path(kind) + id)).get("likes").asLong());
        assertEquals(1, expect(200, delete(path(kind) + id + "/likes").user("bob")).get("likes").asLong());
        assertEquals(0, expect(200, delete(path(kind) + id + "/watches").user("ann")).get("watchers").asLong());
        assertEquals(0, expect(200, delete(path(kind) + id + "/watches").user("ann")).get("watchers").asLong());
        JsonNode target = expect(200, get(path(kind) + id));
        assertEquals(1, target.get("likes").asLong());
        assertEquals(0, target.get("watchers").asLong());
    }

    @Test
    void aBrandMadeAgainHasNoneOfTheDeletedOnesFollowers() {
        followedThenRecreated("brand", "acme", "Acme");
        theOldFollowsAreGone("brand", "acme");
        likesAndWatchesAnswerAsForAnyTarget("brand", "acme");
    }

    @Test
    void aCategoryMadeAgainHasNoneOfTheDeletedOnesFollowers() {
        followedThenRecreated("category", "tech", "Tech");
        theOldFollowsAreGone("category", "tech");
        likesAndWatchesAnswerAsForAnyTarget("category", "tech");
    }

    @Test
    void keyedLikesOfABrandMadeAgainCountAsFirstLikes() {
        followedThenRecreated("brand", "acme", "Acme");
        JsonNode liked = expect(201, post("/brands/acme/likes").user("bob").header("Idempotency-Key", "again-1"));
        assertEquals(1, liked.get("likes").asLong());
        JsonNode replay = expect(201, post("/brands/acme/likes").user("bob").header("Idempotency-Key", "again-1"));
        assertEquals(1, replay.get("likes").asLong());
        JsonNode watched = expect(201, post("/brands/acme/watches").user("cat").header("Idempotency-Key", "again-2"));
        assertEquals(1, watched.get("watchers").asLong());
    }

    /** Removes the incarnation stamp from every item of the table: what a table written before stamps holds. */
    private void asBeforeStamps() {
        for (var item : table.client().scan(b -> b.tableName(table.name())).items()) {
            if (item.containsKey(com.bigtimedeals.catalogue.CatalogStore.INCARNATION)) {
                table.client().updateItem(b -> b.tableName(table.name())
                        .key(java.util.Map.of("PK", item.get("PK"), "SK", item.get("SK")))
                        .updateExpression("REMOVE #inc").expressionAttributeNames(java.util.Map.of("#inc",
                                com.bigtimedeals.catalogue.CatalogStore.INCARNATION)));
            }
        }
    }

    /**
     * Brands and relations written before the stamp have none, and keep working: an absent stamp matches an absent
     * one. A like that a count of 0 does not hold (a brand deleted and made again before stamps) is unliked with a 200,
     * the count staying at 0, and a like after it counts.
     */
    @Test
    void brandsAndRelationsFromBeforeTheStampKeepWorking() {
        expect(201, post("/cms/brands").editor().body("{\"name\":\"Acme\"}"));
        expect(201, post("/brands/acme/likes").user("ann"));
        expect(201, post("/brands/acme/watches").user("ann"));
        expect(201, post("/brands/acme/likes").user("bob"));
        asBeforeStamps();
        JsonNode state = expect(200, get("/me/brands/acme").user("ann"));
        assertEquals(true, state.get("liked").asBoolean());
        assertEquals(true, state.get("watching").asBoolean());
        assertEquals(1, expect(200, get("/me/follows").user("ann")).get("brands").size());
        assertEquals(2, expect(200, post("/brands/acme/likes").user("ann")).get("likes").asLong());
        assertEquals(1, expect(200, delete("/brands/acme/likes").user("ann")).get("likes").asLong());
        assertEquals(0, expect(200, delete("/brands/acme/watches").user("ann")).get("watchers").asLong());
        assertEquals(1, expect(201, post("/brands/acme/watches").user("cat")).get("watchers").asLong());

        // Bob's like, left over by a deletion and re-creation from before stamps: the count does not hold it.
        table.client().updateItem(b -> b.tableName(table.name()).key(com.bigtimedeals.catalogue.CatalogKeys.brand("acme"))
                .updateExpression("SET likes = :zero").expressionAttributeValues(java.util.Map.of(":zero",
                        software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN("0"))));
        assertEquals(0, expect(200, delete("/brands/acme/likes").user("bob")).get("likes").asLong());
        assertFalse(expect(200, get("/me/brands/acme").user("bob")).get("liked").asBoolean());
        assertEquals(1, expect(201, post("/brands/acme/likes").user("bob")).get("likes").asLong());
    }
}
