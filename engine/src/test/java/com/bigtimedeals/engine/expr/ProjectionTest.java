package com.bigtimedeals.engine.expr;

import static com.bigtimedeals.engine.expr.Fixtures.context;
import static com.bigtimedeals.engine.expr.Fixtures.fails;
import static com.bigtimedeals.engine.expr.Fixtures.item;
import static com.bigtimedeals.engine.expr.Fixtures.l;
import static com.bigtimedeals.engine.expr.Fixtures.m;
import static com.bigtimedeals.engine.expr.Fixtures.n;
import static com.bigtimedeals.engine.expr.Fixtures.names;
import static com.bigtimedeals.engine.expr.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.engine.value.Value;

/** Projection expressions (Developer Guide, "Projection expressions"), shaped as the service returns them. */
class ProjectionTest {
    private static final Map<String, Value> ITEM = item(
            "Id", n("123"),
            "Title", s("Bicycle 123"),
            "RelatedItems", l(n("341"), n("472"), n("649")),
            "Pictures", m("FrontView", s("front.jpg"), "RearView", s("rear.jpg"), "SideView", s("side.jpg")),
            "ProductReviews", m("FiveStar", l(s("Excellent!"), s("Do yourself a favor and buy this.")),
                    "OneStar", l(s("Terrible product!"), s("No good."))),
            "Nested", l(m("a", n("1"), "b", n("2")), m("a", n("3"), "b", n("4"))));

    private static Map<String, Value> project(String text, Map<String, String> names) {
        return context(names, null).projection(text).apply(ITEM);
    }

    @Test
    void topLevelAttributesAreCopied() {
        assertEquals(item("Title", s("Bicycle 123"), "Id", n("123")), project("Title, Id", null));
        assertEquals(item(), project("Missing1, Absent2", null));
    }

    @Test
    void nestedPathsKeepOnlyTheProjectedParts() {
        assertEquals(item("Pictures", m("RearView", s("rear.jpg"))), project("Pictures.RearView", null));
        assertEquals(item("Pictures", m("RearView", s("rear.jpg"), "SideView", s("side.jpg"))),
                project("Pictures.SideView, Pictures.RearView", null));
        assertEquals(item("ProductReviews", m("FiveStar", l(s("Excellent!")))), project("ProductReviews.FiveStar[0]", null));
    }

    @Test
    void projectedListElementsKeepTheirOrderAndCloseUp() {
        assertEquals(item("RelatedItems", l(n("341"), n("649"))), project("RelatedItems[2], RelatedItems[0]", null));
        assertEquals(item("RelatedItems", l(n("472"))), project("RelatedItems[1], RelatedItems[7]", null));
        assertEquals(item("Nested", l(m("a", n("1")), m("b", n("4")))), project("Nested[0].a, Nested[1].b", null));
        assertEquals(item("Nested", l(m("a", n("1"), "b", n("2")))), project("Nested[0].a, Nested[0].b", null));
    }

    @Test
    void pathsThatStepIntoTheWrongKindFindNothing() {
        assertEquals(item(), project("Title.x, RelatedItems.x, Pictures[0]", null));
    }

    @Test
    void namesAreSubstituted() {
        assertEquals(item("Pictures", m("FrontView", s("front.jpg"))), project("#p.#f", names("#p", "Pictures", "#f",
                "FrontView")));
    }

    @Test
    void topLevelNamesAreThePathHeads() {
        assertEquals(Set.of("Pictures", "Id"), context().projection("Pictures.FrontView, Id, Pictures.RearView")
                .topLevelNames());
    }

    @Test
    void reservedWordsNeedANamePlaceholder() {
        fails("Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: status",
                () -> context().projection("pk, status"));
        fails("Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: Path",
                () -> context().projection("Path"));
    }

    @Test
    void undefinedNamesAreRefused() {
        fails("Invalid ProjectionExpression: An expression attribute name used in the document path is not defined; "
                + "attribute name: #a", () -> context().projection("#a"));
    }

    @Test
    void overlappingAndConflictingPathsAreRefused() {
        fails("Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of "
                + "these paths; path one: [a, b], path two: [a]", () -> context().projection("a.b, a"));
        fails("Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of "
                + "these paths; path one: [a], path two: [a]", () -> context().projection("a, a"));
        fails("Invalid ProjectionExpression: Two document paths conflict with each other; must remove or rewrite one "
                + "of these paths; path one: [a, b], path two: [a, [0]]", () -> context().projection("a.b, a[0]"));
        fails("Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of "
                + "these paths; path one: [a, b], path two: [a]", () -> context().projection("x, a.b, a"));
        fails("Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of "
                + "these paths; path one: [alist, [0]], path two: [alist]", () -> context().projection("alist[0], alist"));
        fails("Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of "
                + "these paths; path one: [a], path two: [a, b]", () -> context(Fixtures.names("#p", "a", "#q", "b"),
                        null).projection("#p, #p.#q"));
        context().projection("a.b, a.c");
    }

    @Test
    void projectionSyntaxIsPathsSeparatedByCommas() {
        fails("Invalid ProjectionExpression: Syntax error; token: \"<EOF>\", near: \",\"", () -> context().projection("a,"));
        fails("Invalid ProjectionExpression: Syntax error; token: \"b\", near: \"a b\"", () -> context().projection("a b"));
        fails("Invalid ProjectionExpression: Syntax error; token: \"(\", near: \"(a\"", () -> context().projection("(a)"));
    }

    /** Cases captured from the service by others (ExtendDB's nested projection tests). */
    @Test
    void listElementsCloseUpInIndexOrderAndKeepOnlyTheirProjectedParts() {
        Map<String, Value> stored = item("mylist", l(s("zero"), s("one"), s("two"), s("three")),
                "listOfMaps", l(m("val", s("a0"), "x", s("x0")), m("val", s("a1"), "x", s("x1")),
                        m("val", s("a2"), "x", s("x2"))),
                "listWithNull", l(s("keep0"), Fixtures.nul(), s("keep2")),
                "deep", m("l1", m("l2", m("l3", s("bottom"), "sib", s("s")))),
                "nestedList", l(m("inner", l(s("i0"), s("i1")))));
        assertEquals(item("mylist", l(s("zero"), s("two"))), context().projection("mylist[2], mylist[0]").apply(stored));
        assertEquals(item("mylist", l(s("one"), s("three"))), context().projection("mylist[1], mylist[3]").apply(stored));
        assertEquals(item("listOfMaps", l(m("val", s("a0")), m("val", s("a2")))),
                context().projection("listOfMaps[0].val, listOfMaps[2].val").apply(stored));
        assertEquals(item("listWithNull", l(Fixtures.nul())), context().projection("listWithNull[1]").apply(stored));
        assertEquals(item("listWithNull", l(s("keep0"), s("keep2"))),
                context().projection("listWithNull[0], listWithNull[2]").apply(stored));
        assertEquals(item("deep", m("l1", m("l2", m("l3", s("bottom"))))),
                context().projection("deep.l1.l2.l3").apply(stored));
        assertEquals(item("nestedList", l(m("inner", l(s("i1"))))),
                context(names("#i", "inner"), null).projection("nestedList[0].#i[1]").apply(stored));
    }
}
