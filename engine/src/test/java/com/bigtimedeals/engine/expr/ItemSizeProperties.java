package com.bigtimedeals.engine.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import com.bigtimedeals.engine.value.ItemSize;
import com.bigtimedeals.engine.value.Numbers;
import com.bigtimedeals.engine.value.Value;

/** ItemSize against independent counts: encoded UTF-8 bytes, digit pairs counted on the written number. */
class ItemSizeProperties {
    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.strings().all().ofMaxLength(40).filter(ItemSizeProperties::wellFormed);
    }

    private static boolean wellFormed(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1))) {
                    return false;
                }
                i++;
            } else if (Character.isLowSurrogate(c)) {
                return false;
            }
        }
        return true;
    }

    @Property(tries = 500)
    void stringsCostTheirEncodedUtf8Bytes(@ForAll("texts") String text) {
        assertEquals(text.getBytes(StandardCharsets.UTF_8).length, ItemSize.of(new Value.S(text)));
    }

    @Provide
    Arbitrary<BigDecimal> numbers() {
        Arbitrary<BigInteger> unscaled = Arbitraries.strings().withCharRange('0', '9').ofMinLength(1).ofMaxLength(38)
                .map(BigInteger::new);
        return Combinators.combine(unscaled, Arbitraries.integers().between(-90, 90), Arbitraries.of(true, false))
                .as((u, s, neg) -> Numbers.normalise(new BigDecimal(neg ? u.negate() : u, s)));
    }

    /**
     * Counted on the plain digits: pad the integer part on the left and the fraction on the right to whole pairs,
     * drop pairs that are all zeros at either end, count the rest.
     */
    private static long pairsCost(BigDecimal n) {
        if (n.signum() == 0) {
            return 1;
        }
        String plain = n.abs().toPlainString();
        int point = plain.indexOf('.');
        String integer = point < 0 ? plain : plain.substring(0, point);
        String fraction = point < 0 ? "" : plain.substring(point + 1);
        if (integer.equals("0")) {
            integer = "";
        }
        if (integer.length() % 2 == 1) {
            integer = "0" + integer;
        }
        if (fraction.length() % 2 == 1) {
            fraction = fraction + "0";
        }
        List<String> pairs = new ArrayList<>();
        String digits = integer + fraction;
        for (int i = 0; i < digits.length(); i += 2) {
            pairs.add(digits.substring(i, i + 2));
        }
        while (!pairs.isEmpty() && pairs.get(0).equals("00")) {
            pairs.remove(0);
        }
        while (!pairs.isEmpty() && pairs.get(pairs.size() - 1).equals("00")) {
            pairs.remove(pairs.size() - 1);
        }
        return 1 + pairs.size() + (n.signum() < 0 ? 1 : 0);
    }

    @Property(tries = 1000)
    void numbersCostTheirBase100DigitPairs(@ForAll("numbers") BigDecimal n) {
        assertEquals(pairsCost(n), ItemSize.numberSize(n), n.toPlainString());
    }

    @Property(tries = 300)
    void anItemCostsItsNamesAndValues(@ForAll("texts") String name1, @ForAll("texts") String name2,
            @ForAll("texts") String value, @ForAll("numbers") BigDecimal number) {
        Map<String, Value> item = new LinkedHashMap<>();
        item.put(name1, new Value.S(value));
        item.put(name2 + "\u0001", new Value.L(List.of(new Value.N(number), new Value.S(value))));
        long expected = 0;
        for (Map.Entry<String, Value> e : item.entrySet()) {
            expected += e.getKey().getBytes(StandardCharsets.UTF_8).length + ItemSize.of(e.getValue());
        }
        assertEquals(expected, ItemSize.of(item));
        long list = 3 + (1 + ItemSize.numberSize(number)) + (1 + value.getBytes(StandardCharsets.UTF_8).length);
        assertEquals(list, ItemSize.of(item.get(name2 + "\u0001")));
        Value.M asMap = new Value.M(item);
        assertEquals(3 + item.size() + ItemSize.of(item), ItemSize.of(asMap));
    }
}
