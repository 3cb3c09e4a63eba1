package com.bigtimedeals.engine.expr;

import static com.bigtimedeals.engine.expr.Fixtures.bool;
import static com.bigtimedeals.engine.expr.Fixtures.context;
import static com.bigtimedeals.engine.expr.Fixtures.fails;
import static com.bigtimedeals.engine.expr.Fixtures.item;
import static com.bigtimedeals.engine.expr.Fixtures.l;
import static com.bigtimedeals.engine.expr.Fixtures.m;
import static com.bigtimedeals.engine.expr.Fixtures.n;
import static com.bigtimedeals.engine.expr.Fixtures.names;
import static com.bigtimedeals.engine.expr.Fixtures.ns;
import static com.bigtimedeals.engine.expr.Fixtures.s;
import static com.bigtimedeals.engine.expr.Fixtures.ss;
import static com.bigtimedeals.engine.expr.Fixtures.values;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.engine.value.Value;

/** How update expressions change items (Developer Guide, "Update expressions"). */
class UpdateApplyTest {
    private static final String INVALID_PATH = "The document path provided in the update expression is invalid for update";
    private static final String MISSING = "The provided expression refers to an attribute that does not exist in the item";
    private static final String WRONG_TYPE = "An operand in the update expression has an incorrect data type";

    private static Update update(String text, Object... values) {
        return context(null, values.length == 0 ? null : values(values)).update(text);
    }

    private static Map<String, Value> apply(Map<String, Value> item, String text, Object... values) {
        return update(text, values).apply(item);
    }

    private static Map<String, Value> product() {
        return item("Id", n("789"), "ProductCategory", s("Home Improvement"), "Price", n("52"), "InStock", bool(true),
                "Brand", s("Acme"));
    }

    @Test
    void setAddsAndOverwritesAttributes() {
        Map<String, Value> after = apply(product(), "SET ProductCategory = :c, Price = :p", ":c", s("Hardware"), ":p",
                n("60"));
        assertEquals(s("Hardware"), after.get("ProductCategory"));
        assertEquals(n("60"), after.get("Price"));
        assertEquals(n("789"), after.get("Id"));
    }

    @Test
    void setBeyondTheEndOfAListAppends() {
        Map<String, Value> item = item("RelatedItems", l(s("Hammer")));
        assertEquals(l(s("Hammer"), s("Nails")), apply(item, "SET RelatedItems[1] = :ri", ":ri", s("Nails"))
                .get("RelatedItems"));
        assertEquals(l(s("a"), s("b"), s("c"), s("inserted")), apply(item("l", l(s("a"), s("b"), s("c"))),
                "SET l[5] = :v", ":v", s("inserted")).get("l"));
        assertEquals(l(s("first")), apply(item("l", l()), "SET l[0] = :v", ":v", s("first")).get("l"));
    }

    @Test
    void severalElementsSetBeyondTheEndAreAppendedInIndexOrder() {
        Map<String, Value> after = apply(item("l", l(s("a"))), "SET l[9] = :z, l[4] = :y, l[0] = :x", ":x", s("x"),
                ":y", s("y"), ":z", s("z"));
        assertEquals(l(s("x"), s("y"), s("z")), after.get("l"));
    }

    @Test
    void setNestedMapAttributesUnderExistingMaps() {
        Map<String, Value> item = item("ProductReviews", m("FiveStar", l(s("Best product ever!"))));
        Map<String, Value> after = context(names("#pr", "ProductReviews", "#5star", "FiveStar", "#3star", "ThreeStar"),
                values(":r5", s("Very happy with my purchase"), ":r3", l(s("Just OK - not that great"))))
                .update("SET #pr.#5star[1] = :r5, #pr.#3star = :r3").apply(item);
        assertEquals(m("FiveStar", l(s("Best product ever!"), s("Very happy with my purchase")), "ThreeStar",
                l(s("Just OK - not that great"))), after.get("ProductReviews"));
    }

    @Test
    void setUnderAMissingOrWrongContainerIsInvalid() {
        fails(INVALID_PATH, () -> apply(item("topLevel", s("val")), "SET absent.nested.deep = :v", ":v", s("t")));
        fails(INVALID_PATH, () -> apply(item("body", m("nested", m())), "SET body.nested.elsewhere.datum = :v", ":v", s("t")));
        fails(INVALID_PATH, () -> apply(item("itemstr", s("abc")), "SET itemstr[1] = :v", ":v", s("t")));
        fails(INVALID_PATH, () -> apply(item("m", m()), "SET m[0] = :v", ":v", s("t")));
        fails(INVALID_PATH, () -> apply(item("l", l()), "SET l.a = :v", ":v", s("t")));
        fails(INVALID_PATH, () -> apply(item("l", l(s("a"))), "SET l[3].a = :v", ":v", s("t")));
        assertEquals(m("nested", m("datum", s("t"))), apply(item("body", m("nested", m())), "SET body.nested.datum = :v",
                ":v", s("t")).get("body"));
    }

    @Test
    void arithmeticAddsAndSubtractsNumbers() {
        assertEquals(n("37"), apply(product(), "SET Price = Price - :p", ":p", n("15")).get("Price"));
        assertEquals(n("15"), apply(item("m", m("tally", n("10"))), "SET m.tally = m.tally + :inc", ":inc",
                n("5")).get("m") instanceof Value.M mm ? mm.values().get("tally") : null);
        assertEquals(n("0.2"), apply(item("bal", n("0.3")), "SET bal = bal - :v", ":v", n("0.1")).get("bal"));
        assertEquals(n("99999999999999999999.00000001"), apply(item("x", n("100000000000000000000.00000001")),
                "SET x = x - :v", ":v", n("1")).get("x"));
        assertEquals(n("9999"), apply(item("v", n("10000")), "SET v = (if_not_exists(v, :d) - :amt)", ":d", n("0"),
                ":amt", n("1")).get("v"));
        assertEquals(n("7"), apply(item("c", n("10")), "SET c = (c - :v)", ":v", n("3")).get("c"));
        Map<String, Value> after = apply(item("a", s("OLD")), "SET a = :v, b = a", ":v", s("NEW"));
        assertEquals(s("NEW"), after.get("a"));
        assertEquals(s("OLD"), after.get("b"));
    }

    @Test
    void arithmeticIsExactAndRefusesWhatNeedsMoreThanThirtyEightDigits() {
        assertEquals(n("10000000000000000000001"), apply(item(), "SET b = :v1 + :v2", ":v1", n("1"), ":v2",
                n("10000000000000000000000")).get("b"));
        assertEquals(n("9999999999999999999999"), apply(item(), "SET b = :v2 - :v1", ":v1", n("1"), ":v2",
                n("10000000000000000000000")).get("b"));
        // The service words a sum it cannot hold in 38 digits as an overflow.
        fails("Number overflow. Attempting to store a number with magnitude larger than supported range",
                () -> apply(item(), "SET b = :v1 - :v2", ":v1", n("1e50"), ":v2", n("1")));
        fails("Number overflow. Attempting to store a number with magnitude larger than supported range",
                () -> apply(item(), "SET b = :v1 + :v2", ":v1", n("1e50"), ":v2", n("1")));
        fails("Number overflow. Attempting to store a number with magnitude larger than supported range",
                () -> apply(item(), "SET b = :v1 + :v2", ":v1", n("9e125"), ":v2", n("9e125")));
        fails("Number overflow. Attempting to store a number with magnitude larger than supported range",
                () -> apply(item(), "SET b = :v1 - :v2", ":v1", n("9e125"), ":v2", n("-9e125")));
        fails("Number underflow. Attempting to store a number with magnitude smaller than supported range",
                () -> apply(item("x", n("2E-130")), "SET x = x - :v", ":v", n("1.5E-130")));
        fails("Number overflow. Attempting to store a number with magnitude larger than supported range",
                () -> apply(item("x", n("99999999999999999999999999999999999999")), "ADD x :v", ":v", n("0.5")));
    }

    @Test
    void arithmeticNeedsExistingNumbers() {
        fails(MISSING, () -> apply(item("MyStr", s("1")), "SET MyStr = no_attr + MyStr"));
        fails(WRONG_TYPE, () -> apply(item("MyStr", s("1")), "SET MyStr = MyStr + MyStr"));
        fails(MISSING, () -> apply(item(), "SET a = b"));
    }

    @Test
    void everyValueIsReadFromTheItemBeforeTheUpdate() {
        Map<String, Value> after = apply(item("a", n("1"), "b", n("2")), "SET a = b, b = a");
        assertEquals(n("2"), after.get("a"));
        assertEquals(n("1"), after.get("b"));
    }

    @Test
    void ifNotExistsKeepsAnExistingAttribute() {
        assertEquals(n("52"), apply(product(), "SET Price = if_not_exists(Price, :p)", ":p", n("100")).get("Price"));
        assertEquals(n("100"), apply(item(), "SET Price = if_not_exists(Price, :p)", ":p", n("100")).get("Price"));
        assertEquals(n("100"), apply(item("a", s("x")), "SET b = if_not_exists(a.b, :p)", ":p", n("100")).get("b"));
    }

    @Test
    void listAppendJoinsTwoListsInOrder() {
        Map<String, Value> item = item("RelatedItems", l(s("Hammer"), s("Nails")));
        Map<String, Value> appended = context(names("#ri", "RelatedItems"), values(":vals", l(s("Screwdriver"),
                s("Hacksaw")))).update("SET #ri = list_append(#ri, :vals)").apply(item);
        Map<String, Value> prepended = context(names("#ri", "RelatedItems"), values(":vals", l(s("Chisel"))))
                .update("SET #ri = list_append(:vals, #ri)").apply(appended);
        assertEquals(l(s("Chisel"), s("Hammer"), s("Nails"), s("Screwdriver"), s("Hacksaw")),
                prepended.get("RelatedItems"));
        fails(MISSING, () -> apply(item(), "SET uk = list_append(uk, :i)", ":i", l(s("x"))));
        fails(WRONG_TYPE, () -> apply(item("uk", s("x")), "SET uk = list_append(uk, :i)", ":i", l(s("x"))));
    }

    @Test
    void removeDropsAttributesAndIgnoresMissingOnes() {
        Map<String, Value> after = apply(product(), "REMOVE Brand, InStock, QuantityOnHand");
        assertEquals(item("Id", n("789"), "ProductCategory", s("Home Improvement"), "Price", n("52")), after);
        assertEquals(item("m", m("keep", s("stay"))), apply(item("m", m("nested", s("gone"), "keep", s("stay"))),
                "REMOVE m.nested"));
        assertEquals(item("m", m()), apply(item("m", m()), "REMOVE m.nested"));
    }

    @Test
    void removeOfListElementsReadsIndexesBeforeTheUpdateAndShiftsTheRest() {
        Map<String, Value> item = item("RelatedItems", l(s("Chisel"), s("Hammer"), s("Nails"), s("Screwdriver"),
                s("Hacksaw")));
        assertEquals(l(s("Chisel"), s("Screwdriver"), s("Hacksaw")),
                apply(item, "REMOVE RelatedItems[1], RelatedItems[2]").get("RelatedItems"));
        assertEquals(l(s("a"), s("c"), s("d")), apply(item("l", l(s("a"), s("b"), s("c"), s("d"))), "REMOVE l[1]")
                .get("l"));
        assertEquals(l(s("a")), apply(item("l", l(s("a"))), "REMOVE l[5]").get("l"));
        assertEquals(l(s("x")), apply(item("l", l(s("a"))), "SET l[0] = :x REMOVE l[5]", ":x", s("x")).get("l"));
    }

    @Test
    void removeUnderAMissingOrWrongContainerIsInvalid() {
        fails(INVALID_PATH, () -> apply(item("pk", s("k")), "REMOVE a.b"));
        fails(INVALID_PATH, () -> apply(item("a", s("x")), "REMOVE a[0]"));
        fails(INVALID_PATH, () -> apply(item("a", s("hello"), "b", l(s("hi"))), "REMOVE b.c"));
        fails(INVALID_PATH, () -> apply(item("pk", s("k")), "DELETE a.b :s", ":s", ss("x")));
    }

    @Test
    void removeAndDeleteFromAMissingItemDoNothing() {
        assertEquals(item(), apply(item(), "REMOVE x.y, z[0]"));
        assertEquals(item(), apply(item(), "DELETE x.y :s", ":s", ss("x")));
        fails(INVALID_PATH, () -> apply(item(), "SET c.c = :v", ":v", n("7")));
    }

    @Test
    void removeOfAMissingLeafDoesNothing() {
        Map<String, Value> item = item("a", m("x", n("3")), "b", l(s("hi")));
        assertEquals(item, apply(item, "REMOVE a.y, b[7], c"));
    }

    @Test
    void indexesOfRemovedAndSetElementsBothMeanTheOriginalPositions() {
        Map<String, Value> item = item("a", l(n("2"), n("3"), n("4"), n("5"), n("6"), n("7")));
        assertEquals(l(n("2"), n("4"), n("17"), n("6"), n("7")), apply(item, "REMOVE a[1] SET a[3] = :val", ":val",
                n("17")).get("a"));
        assertEquals(l(n("2"), n("4"), n("17"), n("6"), n("7")), apply(item, "SET a[3] = :val REMOVE a[1]", ":val",
                n("17")).get("a"));
        assertEquals(l(s("one"), s("two"), s("three"), s("a3"), s("a2"), s("a4"), s("a1")),
                apply(item("a", l(s("one"), s("two"), s("three"))),
                        "SET a[84] = :v1, a[37] = :v2, a[17] = :v3, a[50] = :v4", ":v1", s("a1"), ":v2", s("a2"),
                        ":v3", s("a3"), ":v4", s("a4")).get("a"));
    }

    @Test
    void functionsNestInsideIfNotExistsAndListAppend() {
        assertEquals(l(s("a"), s("b"), s("cat")), apply(item(), "SET a = list_append(if_not_exists(a, :v1), :v2)",
                ":v1", l(s("a"), s("b")), ":v2", l(s("cat"))).get("a"));
        assertEquals(n("3"), apply(item(), "SET a = if_not_exists(b, if_not_exists(c, :v1))", ":v1", n("3")).get("a"));
        assertEquals(n("5"), apply(item(), "SET b = if_not_exists(b, :v1)+:v2", ":v1", n("2"), ":v2", n("3")).get("b"));
    }

    @Test
    void addIncrementsNumbersAndCreatesMissingOnes() {
        assertEquals(n("5"), apply(product(), "ADD QuantityOnHand :q", ":q", n("5")).get("QuantityOnHand"));
        assertEquals(n("10"), apply(item("QuantityOnHand", n("5")), "ADD QuantityOnHand :q", ":q", n("5"))
                .get("QuantityOnHand"));
        assertEquals(n("-2"), apply(item("c", n("3")), "ADD c :q", ":q", n("-5")).get("c"));
        assertEquals(item("m", m("c", n("1"))), apply(item("m", m()), "ADD m.c :q", ":q", n("1")));
    }

    @Test
    void addUnitesSetsOfTheSameType() {
        assertEquals(ss("Orange", "Purple"), apply(product(), "ADD Color :c", ":c", ss("Orange", "Purple")).get("Color"));
        assertEquals(ss("a", "b", "c"), apply(item("s", ss("a", "b")), "ADD s :c", ":c", ss("b", "c")).get("s"));
        assertEquals(ns("1", "2"), apply(item("s", ns("1")), "ADD s :c", ":c", ns("2", "1.0")).get("s"));
    }

    @Test
    void addToAnAttributeOfAnotherTypeIsRefused() {
        fails(WRONG_TYPE, () -> apply(item("s", ss("a")), "ADD s :v", ":v", n("1")));
        fails(WRONG_TYPE, () -> apply(item("s", ss("a")), "ADD s :v", ":v", ns("1")));
        fails(WRONG_TYPE, () -> apply(item("s", s("a")), "ADD s :v", ":v", ss("1")));
        fails(WRONG_TYPE, () -> apply(item("n", n("1")), "ADD n :v", ":v", ss("1")));
    }

    @Test
    void deleteRemovesSetMembersAndAnEmptiedSet() {
        assertEquals(ss("a", "c"), apply(item("s", ss("a", "b", "c")), "DELETE s :v", ":v", ss("b", "x")).get("s"));
        assertEquals(item("pk", s("name")), apply(item("pk", s("name"), "people", ss("karl")), "DELETE people :v", ":v",
                ss("karl")));
        assertEquals(item("pk", s("k")), apply(item("pk", s("k")), "DELETE people :v", ":v", ss("karl")));
        fails(WRONG_TYPE, () -> apply(item("s", ss("1")), "DELETE s :v", ":v", ns("1")));
        fails(WRONG_TYPE, () -> apply(item("s", n("1")), "DELETE s :v", ":v", ns("1")));
    }

    @Test
    void clausesMayComeInAnyOrder() {
        Map<String, Value> after = apply(item("a", n("1"), "b", n("2"), "s", ss("x", "y")),
                "DELETE s :d ADD a :one REMOVE b SET c = :c", ":d", ss("x"), ":one", n("1"), ":c", s("c"));
        assertEquals(item("a", n("2"), "s", ss("y"), "c", s("c")), after);
    }

    @Test
    void theItemGivenIsNeverChanged() {
        Map<String, Value> item = new HashMap<>(item("l", l(s("a"), s("b")), "m", m("x", n("1"))));
        Map<String, Value> copy = new HashMap<>(item);
        apply(item, "REMOVE l[0] SET m.y = :v, m.x = :v ADD n :v", ":v", n("2"));
        assertEquals(copy, item);
    }

    @Test
    void aMissingItemIsUpdatedFromNothing() {
        assertEquals(item("a", s("x"), "c", n("1")), apply(Map.of(), "SET a = :a ADD c :c REMOVE b", ":a", s("x"),
                ":c", n("1")));
    }

    @Test
    void updatedAttributesAreTheUpdatedPathsOfEitherVersion() {
        Map<String, Value> before = item("pk", s("k"), "a", n("1"), "m", m("x", n("1"), "y", n("2")), "l",
                l(s("a"), s("b"), s("c")), "gone", s("g"), "keep", s("k"));
        Update update = update("SET a = a + :one, m.x = :one, l[1] = :z REMOVE gone ADD fresh :one", ":one", n("1"),
                ":z", s("z"));
        Map<String, Value> after = update.apply(before);
        assertEquals(item("a", n("1"), "m", m("x", n("1")), "l", l(s("b")), "gone", s("g")),
                update.updatedAttributes(before));
        assertEquals(item("a", n("2"), "m", m("x", n("1")), "l", l(s("z")), "fresh", n("1")),
                update.updatedAttributes(after));
        assertEquals(java.util.Set.of("a", "m", "l", "gone", "fresh"), update.topLevelNames());
    }

    private static Map<String, Value> updatedOld(Map<String, Value> before, String text, Object... values) {
        return update(text, values).updatedAttributes(before);
    }

    private static Map<String, Value> updatedNew(Map<String, Value> before, String text, Object... values) {
        Update u = update(text, values);
        return u.updatedAttributes(u.apply(before));
    }

    @Test
    void updatedOldHoldsWhatExistedBeforeAtTheUpdatedPaths() {
        Map<String, Value> item = item("p", s("k"), "a", s("hi"), "b", s("dog"));
        assertEquals(item("b", s("dog")), updatedOld(item, "SET b = :val, c = :val2", ":val", s("cat"), ":val2",
                s("hello")));
        assertEquals(item("b", s("dog")), updatedOld(item, "SET b = :val", ":val", s("dog")));
        assertEquals(item("b", s("dog")), updatedOld(item, "REMOVE b"));
        assertEquals(item(), updatedOld(item, "SET z = :val", ":val", s("x")));
    }

    @Test
    void updatedNewHoldsWhatExistsAfterAtTheUpdatedPaths() {
        Map<String, Value> item = item("p", s("k"), "a", s("hi"), "b", s("dog"));
        assertEquals(item("b", s("cat"), "c", s("hello")), updatedNew(item, "SET b = :val, c = :val2", ":val",
                s("cat"), ":val2", s("hello")));
        assertEquals(item(), updatedNew(item, "REMOVE b"));
        assertEquals(item("a", s("dog"), "b", s("tiger")), updatedNew(item, "SET a = :val, b = :val2 REMOVE c",
                ":val", s("dog"), ":val2", s("tiger")));
    }

    @Test
    void updatedAttributesOfNestedPathsKeepOnlyThosePaths() {
        Map<String, Value> item = item("p", s("k"), "a", m("b", s("dog"), "c", l(n("1"), n("2"), n("3"))), "d",
                s("cat"));
        assertEquals(item("a", m("b", s("dog"))), updatedOld(item, "SET a.b = :val", ":val", s("hi")));
        assertEquals(item("a", m("c", l(n("2")))), updatedOld(item, "SET a.c[1] = :val", ":val", n("7")));
        assertEquals(item("a", m("c", l(n("2")), "b", s("dog"))), updatedOld(item, "SET a.c[1] = :val, a.b = :val2",
                ":val", n("8"), ":val2", s("x")));
        assertEquals(item("a", m("c", l(n("4")))), updatedNew(item, "SET a.c[1] = :val", ":val", n("4")));
        assertEquals(item("a", m("c", l(n("2")))), updatedOld(item, "REMOVE a.c[1], a.c[3]"));
        assertEquals(item(), updatedOld(item, "SET a.x1 = :val", ":val", n("8")));
        assertEquals(item("a", m("x2", n("8"))), updatedNew(item, "SET a.x2 = :val", ":val", n("8")));
        // An element set beyond the end lands elsewhere, so the path named finds nothing afterwards.
        assertEquals(item(), updatedNew(item, "SET a.c[100] = :val", ":val", n("70")));
        // After removing a.c[1], the element that moved into a.c[1] is what the path names.
        assertEquals(item("a", m("c", l(n("3")))), updatedNew(item, "REMOVE a.c[1]"));
    }

    @Test
    void errorsCarryTheServicesBareMessage() {
        ExpressionException missing = org.junit.jupiter.api.Assertions.assertThrows(ExpressionException.class,
                () -> apply(item(), "SET a = b"));
        assertEquals(MISSING, missing.getMessage());
        ExpressionException syntax = org.junit.jupiter.api.Assertions.assertThrows(ExpressionException.class,
                () -> update("SET a ="));
        assertEquals("Invalid UpdateExpression: Syntax error; token: \"<EOF>\", near: \"=\"", syntax.getMessage());
    }

    @Test
    void updatesThatOnlyTakeAwayDoNotCreateAMissingItem() {
        org.junit.jupiter.api.Assertions.assertTrue(update("REMOVE a").removesOnly());
        org.junit.jupiter.api.Assertions.assertTrue(update("REMOVE a DELETE b :s", ":s", ss("x")).removesOnly());
        org.junit.jupiter.api.Assertions.assertFalse(update("REMOVE a SET b = :v", ":v", n("1")).removesOnly());
        org.junit.jupiter.api.Assertions.assertFalse(update("ADD b :v", ":v", n("1")).removesOnly());
        org.junit.jupiter.api.Assertions.assertTrue(Legacy.attributeUpdates(Map.of("a",
                new Legacy.AttributeUpdate(null, "DELETE")), java.util.Set.of("p")).removesOnly());
        org.junit.jupiter.api.Assertions.assertFalse(Legacy.attributeUpdates(Map.of(), java.util.Set.of("p"))
                .removesOnly());
        org.junit.jupiter.api.Assertions.assertFalse(Legacy.attributeUpdates(Map.of("a",
                new Legacy.AttributeUpdate(s("x"), "PUT")), java.util.Set.of("p")).removesOnly());
    }

    @Test
    void aMissingItemIsUpdatedFromItsKeyAndHasNothingToRemove() {
        Map<String, Value> key = item("p", s("k"));
        assertEquals(key, update("REMOVE x.y").applyToMissing(key));
        assertEquals(key, update("REMOVE x[0]").applyToMissing(key));
        assertEquals(key, update("DELETE x.y :s", ":s", ss("a")).applyToMissing(key));
        assertEquals(item("p", s("k"), "a", n("1")), update("SET a = :v REMOVE x.y", ":v", n("1")).applyToMissing(key));
        fails(INVALID_PATH, () -> update("SET x.y = :v", ":v", n("1")).applyToMissing(key));
        fails(INVALID_PATH, () -> update("REMOVE x.y").apply(key));
    }
}
