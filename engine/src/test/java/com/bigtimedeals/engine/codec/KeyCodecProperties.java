package com.bigtimedeals.engine.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;

import com.bigtimedeals.engine.value.Numbers;
import com.bigtimedeals.engine.value.Ordering;
import com.bigtimedeals.engine.value.Value;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Encoded keys sort exactly as the service orders key values, so that every Query is one contiguous range. */
class KeyCodecProperties {
    private static byte[] encode(Value v) {
        Bytes b = new Bytes();
        KeyCodec.append(b, v);
        return b.toArray();
    }

    @Property(tries = 2000)
    void numbersEncodeInNumericOrder(@ForAll("numbers") BigDecimal a, @ForAll("numbers") BigDecimal b) {
        Value.N x = new Value.N(a);
        Value.N y = new Value.N(b);
        assertEquals(Integer.signum(Ordering.compare(x, y)), Integer.signum(KeyCodec.compare(encode(x), encode(y))));
    }

    @Property(tries = 2000)
    void stringsEncodeInUtf8ByteOrder(@ForAll("strings") String a, @ForAll("strings") String b) {
        Value.S x = new Value.S(a);
        Value.S y = new Value.S(b);
        assertEquals(Integer.signum(Ordering.compare(x, y)), Integer.signum(KeyCodec.compare(encode(x), encode(y))));
    }

    @Property(tries = 2000)
    void binariesEncodeInUnsignedByteOrder(@ForAll("binaries") byte[] a, @ForAll("binaries") byte[] b) {
        Value.B x = new Value.B(a);
        Value.B y = new Value.B(b);
        assertEquals(Integer.signum(Ordering.compare(x, y)), Integer.signum(KeyCodec.compare(encode(x), encode(y))));
    }

    @net.jqwik.api.Example
    void supplementaryCharactersSortAfterTheLastBmpCharacterAsUtf8Does() {
        assertTrue(KeyCodec.compare(encode(new Value.S("\uD83D\uDE00")), encode(new Value.S("\uFFFF"))) > 0);
    }

    /** A composite key orders by its first component, then its second: components never bleed into each other. */
    @Property(tries = 2000)
    void compositeKeysOrderComponentByComponent(@ForAll("strings") String a1, @ForAll("numbers") BigDecimal a2,
                                                @ForAll("strings") String b1, @ForAll("numbers") BigDecimal b2) {
        Bytes x = new Bytes();
        KeyCodec.append(x, new Value.S(a1));
        KeyCodec.append(x, new Value.N(a2));
        Bytes y = new Bytes();
        KeyCodec.append(y, new Value.S(b1));
        KeyCodec.append(y, new Value.N(b2));
        int first = Ordering.compare(new Value.S(a1), new Value.S(b1));
        int expected = first != 0 ? first : Ordering.compare(new Value.N(a2), new Value.N(b2));
        assertEquals(Integer.signum(expected), Integer.signum(KeyCodec.compare(x.toArray(), y.toArray())));
    }

    /** begins_with ranges: every string with a prefix encodes within [prefix, prefixEnd(prefix)). */
    @Property(tries = 2000)
    void prefixRangesHoldEveryLongerString(@ForAll("strings") String prefix, @ForAll("strings") String rest) {
        Bytes p = new Bytes();
        KeyCodec.appendPrefix(p, new Value.S(prefix));
        byte[] from = p.toArray();
        byte[] to = KeyCodec.prefixEnd(from);
        byte[] key = encode(new Value.S(prefix + rest));
        assertTrue(KeyCodec.compare(key, from) >= 0);
        assertTrue(to == null || KeyCodec.compare(key, to) < 0);
    }

    @Provide
    Arbitrary<BigDecimal> numbers() {
        Arbitrary<BigInteger> unscaled = Arbitraries.bigIntegers()
                .between(new BigInteger("-99999999999999999999999999999999999999"), new BigInteger("99999999999999999999999999999999999999"));
        Arbitrary<Integer> scale = Arbitraries.integers().between(-80, 80);
        Arbitrary<BigDecimal> wide = Combinators.combine(unscaled, scale).as(BigDecimal::new);
        Arbitrary<BigDecimal> small = Arbitraries.integers().between(-1000, 1000).map(BigDecimal::valueOf);
        return Arbitraries.oneOf(wide, small).map(Numbers::normalise);
    }

    @Provide
    Arbitrary<String> strings() {
        return Arbitraries.oneOf(
                Arbitraries.strings().withChars("ab\u0000\u00e9\uffff").ofMaxLength(5),
                Arbitraries.strings().all().excludeChars(surrogates()).ofMaxLength(6));
    }

    @Provide
    Arbitrary<byte[]> binaries() {
        return Arbitraries.bytes().array(byte[].class).ofMaxSize(6);
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
