package com.bigtimedeals.engine.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.engine.json.JsonTree;
import com.bigtimedeals.engine.json.ValueJson;
import com.bigtimedeals.engine.value.Value;
import com.fasterxml.jackson.core.JsonGenerator;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The stored form of items: what goes in comes out, and the direct-to-JSON path writes what the value path writes. */
class ItemCodecProperties {
    @Property(tries = 500)
    void itemsDecodeAsEncoded(@ForAll("items") Map<String, Value> item) {
        byte[] stored = ItemCodec.encode(item, 42);
        assertEquals(item, ItemCodec.decode(stored));
        assertEquals(42, ItemCodec.size(stored));
    }

    @Property(tries = 500)
    void oneAttributeReadsWithoutDecodingTheRest(@ForAll("items") Map<String, Value> item) {
        byte[] stored = ItemCodec.encode(item, 0);
        for (Map.Entry<String, Value> e : item.entrySet()) {
            assertEquals(e.getValue(), ItemCodec.attribute(stored, e.getKey()));
        }
        assertEquals(null, ItemCodec.attribute(stored, "absent-attribute"));
    }

    @Property(tries = 300)
    void storedItemsWriteTheSameJsonAsValues(@ForAll("items") Map<String, Value> item) throws Exception {
        ByteArrayOutputStream direct = new ByteArrayOutputStream();
        try (JsonGenerator g = JsonTree.FACTORY.createGenerator(direct)) {
            ItemCodec.writeJson(ItemCodec.encode(item, 0), g);
        }
        ByteArrayOutputStream viaValues = new ByteArrayOutputStream();
        try (JsonGenerator g = JsonTree.FACTORY.createGenerator(viaValues)) {
            ValueJson.writeItem(g, item);
        }
        assertEquals(viaValues.toString("UTF-8"), direct.toString("UTF-8"));
    }

    @Test
    void numbersComeBackInPlainNotation() {
        Map<String, Value> item = Map.of("n", Value.N.parse("1E+5"));
        assertEquals("100000", ((Value.N) ItemCodec.decode(ItemCodec.encode(item, 0)).get("n")).text());
    }

    @Provide
    Arbitrary<Map<String, Value>> items() {
        // Names of any characters (control characters, quotes, U+2028, pairs that share a cache slot's hash such as
        // "Aa" and "BB"), short and past the cached length, so the direct path's names are checked byte for byte.
        Arbitrary<String> names = Arbitraries.oneOf(
                Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(5),
                Arbitraries.strings().all().excludeChars(surrogates()).ofMinLength(1).ofMaxLength(8),
                Arbitraries.strings().all().excludeChars(surrogates()).ofMinLength(60).ofMaxLength(90),
                Arbitraries.of("Aa", "BB", "AaAa", "BBBB", "AaBB", "BBAa", "\u0001", "\u001f", "\u2028", "\"", "\\"));
        return Arbitraries.maps(names, values(2)).ofMaxSize(6).map(LinkedHashMap::new);
    }

    private Arbitrary<Value> values(int depth) {
        Arbitrary<Value> s = Arbitraries.strings().all().excludeChars(surrogates()).ofMaxLength(8).map(Value.S::new);
        Arbitrary<Value> n = Arbitraries.bigDecimals().between(new BigDecimal("-1e20"), new BigDecimal("1e20")).ofScale(3)
                .map(Value.N::new);
        Arbitrary<Value> b = Arbitraries.bytes().array(byte[].class).ofMaxSize(5).map(Value.B::new);
        Arbitrary<Value> bool = Arbitraries.of(Value.Bool.TRUE, Value.Bool.FALSE);
        Arbitrary<Value> nul = Arbitraries.just(Value.Null.INSTANCE);
        Arbitrary<Value> ss = Arbitraries.strings().alpha().set().ofMinSize(1).ofMaxSize(3).map(x -> (Value) new Value.SS(x));
        Arbitrary<Value> ns = Arbitraries.integers().set().ofMinSize(1).ofMaxSize(3)
                .map(x -> (Value) new Value.NS(x.stream().map(BigDecimal::valueOf).collect(java.util.stream.Collectors.toSet())));
        if (depth == 0) {
            return Arbitraries.oneOf(s, n, b, bool, nul, ss, ns);
        }
        Arbitrary<Value> l = values(depth - 1).list().ofMaxSize(3).map(x -> (Value) new Value.L(x));
        Arbitrary<Value> m = Arbitraries.maps(Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(3), values(depth - 1))
                .ofMaxSize(3).map(x -> (Value) new Value.M(x));
        return Arbitraries.oneOf(s, n, b, bool, nul, ss, ns, l, m);
    }

    /** Lone surrogates are not text: they have no UTF-8 form, and JSON parsers turn them into replacement characters. */
    static char[] surrogates() {
        char[] c = new char[0xE000 - 0xD800];
        for (int i = 0; i < c.length; i++) {
            c[i] = (char) (0xD800 + i);
        }
        return c;
    }
}
