package com.bigtimedeals.engine.expr;

import static com.bigtimedeals.engine.expr.Fixtures.b;
import static com.bigtimedeals.engine.expr.Fixtures.bool;
import static com.bigtimedeals.engine.expr.Fixtures.bs;
import static com.bigtimedeals.engine.expr.Fixtures.filter;
import static com.bigtimedeals.engine.expr.Fixtures.item;
import static com.bigtimedeals.engine.expr.Fixtures.l;
import static com.bigtimedeals.engine.expr.Fixtures.m;
import static com.bigtimedeals.engine.expr.Fixtures.n;
import static com.bigtimedeals.engine.expr.Fixtures.names;
import static com.bigtimedeals.engine.expr.Fixtures.ns;
import static com.bigtimedeals.engine.expr.Fixtures.nul;
import static com.bigtimedeals.engine.expr.Fixtures.s;
import static com.bigtimedeals.engine.expr.Fixtures.ss;
import static com.bigtimedeals.engine.expr.Fixtures.values;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.engine.value.Value;

/** How conditions and filters evaluate against items (Developer Guide, "Comparison operator and function reference"). */
class ConditionEvaluationTest {
    private static final Map<String, Value> ITEM = item(
            "Id", n("789"),
            "Title", s("Bicycle 123"),
            "Price", n("500"),
            "Brand", s("Acme"),
            "Color", ss("Red", "Black"),
            "Sizes", ns("1", "2"),
            "Bin", b("hello"),
            "Bins", bs("x", "y"),
            "InStock", bool(true),
            "Nothing", nul(),
            "Pictures", m("FrontView", s("http://example.com/front.jpg"), "Angles", l(s("a"), n("1"), m("k", s("v")))),
            "Tags", l(s("new"), n("7")),
            "Utf", s("\u00e9"));

    private static boolean test(String text, Object... valuePairs) {
        return filter(text, null, values(valuePairs)).test(ITEM);
    }

    private static boolean test(String text) {
        return filter(text, null, null).test(ITEM);
    }

    @Test
    void comparisonsOfNumbersAreNumeric() {
        assertTrue(test("Price = :p", ":p", n("500.00")));
        assertTrue(test("Price < :p", ":p", n("1E3")));
        assertTrue(test("Price >= :p", ":p", n("500")));
        assertFalse(test("Price > :p", ":p", n("500")));
        assertTrue(test("Price <> :p", ":p", n("-500")));
    }

    @Test
    void comparisonsOfStringsFollowUtf8Bytes() {
        assertTrue(test("Brand > :b", ":b", s("A")));
        assertTrue(test("Brand < :b", ":b", s("a")));
        assertTrue(test("Utf > :b", ":b", s("z")));
    }

    @Test
    void comparisonsAcrossTypesAreFalseNotErrors() {
        assertFalse(test("Price = :p", ":p", s("500")));
        assertFalse(test("Price < :p", ":p", s("600")));
        assertFalse(test("Price >= :p", ":p", s("500")));
        assertFalse(test("Color < Brand"));
        assertTrue(test("Price <> :p", ":p", s("500")));
    }

    @Test
    void aMissingAttributeEqualsNothingAndDiffersFromEverything() {
        assertFalse(test("Absent = :p", ":p", n("1")));
        assertFalse(test("Absent < :p", ":p", n("1")));
        assertTrue(test("Absent <> :p", ":p", n("1")));
        assertTrue(test(":p <> Absent", ":p", n("1")));
        assertFalse(test("Absent BETWEEN :a AND :b", ":a", n("1"), ":b", n("2")));
        assertFalse(test("Absent IN (:a)", ":a", n("1")));
    }

    @Test
    void setsListsAndMapsCompareByEquality() {
        assertTrue(test("Color = :c", ":c", ss("Black", "Red")));
        assertFalse(test("Color = :c", ":c", ss("Black")));
        assertTrue(test("Tags = :t", ":t", l(s("new"), n("7.0"))));
        assertFalse(test("Tags = :t", ":t", l(n("7"), s("new"))));
        assertTrue(test("Pictures.Angles[2] = :m", ":m", m("k", s("v"))));
        assertTrue(test("Nothing = :n", ":n", nul()));
        assertTrue(test("InStock = :t", ":t", bool(true)));
    }

    @Test
    void betweenIsInclusiveAndTyped() {
        assertTrue(test("Price BETWEEN :a AND :b", ":a", n("500"), ":b", n("600")));
        assertTrue(test("Price BETWEEN :a AND :b", ":a", n("400"), ":b", n("500")));
        assertFalse(test("Price BETWEEN :a AND :b", ":a", n("501"), ":b", n("600")));
        assertFalse(test("Brand BETWEEN :a AND :b", ":a", n("1"), ":b", n("2")));
        assertTrue(test("Brand BETWEEN :a AND :b", ":a", s("A"), ":b", s("B")));
    }

    @Test
    void inMatchesAnyCandidate() {
        assertTrue(test("Brand IN (:a, :b)", ":a", s("x"), ":b", s("Acme")));
        assertFalse(test("Brand IN (:a, :b)", ":a", s("x"), ":b", s("y")));
        assertTrue(test("Color IN (:c)", ":c", ss("Red", "Black")));
    }

    @Test
    void existenceFunctionsLookAtThePath() {
        assertTrue(test("attribute_exists(Pictures.FrontView)"));
        assertFalse(test("attribute_exists(Pictures.SideView)"));
        assertTrue(test("attribute_not_exists(Manufacturer)"));
        assertTrue(test("attribute_exists(Nothing)"));
        assertTrue(test("attribute_exists(Pictures.Angles[2].k)"));
        assertFalse(test("attribute_exists(Pictures.Angles[3])"));
        assertFalse(test("attribute_exists(Brand.x)"));
        assertFalse(test("attribute_exists(Tags.x)"));
        assertFalse(test("attribute_exists(Pictures[0])"));
    }

    @Test
    void attributeTypeMatchesTheTypeDescriptor() {
        assertTrue(test("attribute_type(Color, :t)", ":t", s("SS")));
        assertTrue(test("attribute_type(Nothing, :t)", ":t", s("NULL")));
        assertTrue(test("attribute_type(InStock, :t)", ":t", s("BOOL")));
        assertTrue(test("attribute_type(Pictures, :t)", ":t", s("M")));
        assertFalse(test("attribute_type(Price, :t)", ":t", s("S")));
        assertFalse(test("attribute_type(Absent, :t)", ":t", s("S")));
        assertTrue(test("attribute_type(:v, :t)", ":v", n("0"), ":t", s("N")));
    }

    @Test
    void beginsWithTakesStringsAndBinaries() {
        assertTrue(test("begins_with(Pictures.FrontView, :p)", ":p", s("http://")));
        assertFalse(test("begins_with(Brand, :p)", ":p", s("acme")));
        assertTrue(test("begins_with(Bin, :p)", ":p", b("he")));
        assertFalse(test("begins_with(Bin, :p)", ":p", s("he")));
        assertFalse(test("begins_with(Absent, :p)", ":p", s("")));
        assertTrue(test("begins_with(Brand, :p)", ":p", s("")));
    }

    @Test
    void containsSearchesStringsSetsListsAndBinaries() {
        assertTrue(test("contains(Title, :s)", ":s", s("cycle")));
        assertFalse(test("contains(Title, :s)", ":s", s("Cycle")));
        assertTrue(test("contains(Color, :s)", ":s", s("Red")));
        assertFalse(test("contains(Color, :s)", ":s", s("Re")));
        assertTrue(test("contains(Sizes, :n)", ":n", n("2.0")));
        assertFalse(test("contains(Sizes, :n)", ":n", s("2")));
        assertTrue(test("contains(Bins, :b)", ":b", b("y")));
        assertTrue(test("contains(Bin, :b)", ":b", b("ell")));
        assertTrue(test("contains(Tags, :n)", ":n", n("7")));
        assertTrue(test("contains(Pictures.Angles, :m)", ":m", m("k", s("v"))));
        assertFalse(test("contains(Price, :n)", ":n", n("5")));
        assertFalse(test("contains(Absent, :n)", ":n", n("5")));
    }

    @Test
    void sizeMeasuresEachType() {
        assertTrue(test("size(Brand) = :n", ":n", n("4")));
        assertTrue(test("size(Bin) = :n", ":n", n("5")));
        assertTrue(test("size(Color) = :n", ":n", n("2")));
        assertTrue(test("size(Tags) = :n", ":n", n("2")));
        assertTrue(test("size(Pictures) = :n", ":n", n("2")));
        assertTrue(test("size(Pictures.Angles) > :n", ":n", n("2")));
        assertFalse(test("size(Price) > :n", ":n", n("-1")));
        assertFalse(test("size(InStock) > :n", ":n", n("-1")));
        assertFalse(test("size(Absent) > :n", ":n", n("-1")));
        assertTrue(test("size(Price) <> :n", ":n", n("0")));
        assertFalse(test("size(Absent) = size(Absent2)"));
        assertTrue(test(":n < size(Title)", ":n", n("3")));
    }

    @Test
    void logicalOperatorsFollowPrecedence() {
        // a OR b AND c is a OR (b AND c): true when a is true and c is false.
        assertTrue(test("Price = :p OR Brand = :b AND InStock = :f", ":p", n("500"), ":b", s("Acme"), ":f", bool(false)));
        assertFalse(test("(Price = :p OR Brand = :b) AND InStock = :f", ":p", n("500"), ":b", s("Acme"), ":f",
                bool(false)));
        assertTrue(test("NOT Price = :p AND Brand = :b", ":p", n("1"), ":b", s("Acme")));
        assertFalse(test("NOT (Price = :p OR Brand = :b)", ":p", n("1"), ":b", s("Acme")));
        assertTrue(test("NOT NOT Brand = :b", ":b", s("Acme")));
    }

    @Test
    void namesInPathsAreSubstituted() {
        Condition c = filter("#p.#f = :v", names("#p", "Pictures", "#f", "FrontView"),
                values(":v", s("http://example.com/front.jpg")));
        assertTrue(c.test(ITEM));
        Condition dotted = filter("#d = :v", names("#d", "a.b"), values(":v", n("1")));
        assertTrue(dotted.test(item("a.b", n("1"))));
        assertFalse(dotted.test(item("a", m("b", n("1")))));
    }

    @Test
    void aMissingItemHasNoAttributes() {
        Condition c = filter("attribute_not_exists(Id)", null, null);
        assertTrue(c.test(Map.of()));
    }
}
