package com.bigtimedeals.engine.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import com.bigtimedeals.engine.value.Numbers;
import com.bigtimedeals.engine.value.Value;

/** Update arithmetic and number comparisons in expressions, against exact decimal arithmetic. */
class NumberProperties {
    /** Numbers the service stores: up to 38 significant digits, exponents within its range. */
    @Provide
    Arbitrary<BigDecimal> numbers() {
        Arbitrary<BigInteger> unscaled = Arbitraries.strings().withCharRange('0', '9').ofMinLength(1).ofMaxLength(38)
                .map(BigInteger::new);
        Arbitrary<Integer> scale = Arbitraries.integers().between(-80, 80);
        Arbitrary<Boolean> negative = Arbitraries.of(true, false);
        return Combinators.combine(unscaled, scale, negative).as((u, s, neg) -> {
            BigDecimal d = new BigDecimal(neg ? u.negate() : u, s);
            return Numbers.normalise(d);
        });
    }

    @Property(tries = 500)
    void additionIsTheExactSumOrRefused(@ForAll("numbers") BigDecimal a, @ForAll("numbers") BigDecimal b) {
        BigDecimal exact = Numbers.normalise(a.add(b));
        BigDecimal magnitude = exact.abs();
        boolean fits = exact.signum() == 0 || (exact.precision() <= Numbers.MAX_PRECISION
                && magnitude.compareTo(Numbers.MAX_MAGNITUDE) <= 0 && magnitude.compareTo(Numbers.MIN_MAGNITUDE) >= 0);
        try {
            Value.N sum = UpdateValues.add(a, b);
            assertTrue(fits);
            assertEquals(0, exact.compareTo(sum.value()));
        } catch (ExpressionException e) {
            assertTrue(!fits, e.getMessage());
        }
    }

    @Property(tries = 300)
    void additionCommutesAndSubtractionUndoesIt(@ForAll("numbers") BigDecimal a, @ForAll("numbers") BigDecimal b) {
        BigDecimal exact = Numbers.normalise(a.add(b));
        if (exact.signum() == 0 || exact.precision() > 38 || exact.abs().compareTo(Numbers.MAX_MAGNITUDE) > 0
                || exact.abs().compareTo(Numbers.MIN_MAGNITUDE) < 0) {
            return;
        }
        Value.N ab = UpdateValues.add(a, b);
        assertEquals(ab, UpdateValues.add(b, a));
        assertEquals(Numbers.normalise(a), UpdateValues.add(ab.value(), b.negate()).value());
    }

    @Property(tries = 500)
    void comparisonsInConditionsFollowNumericOrder(@ForAll("numbers") BigDecimal a, @ForAll("numbers") BigDecimal b) {
        Map<String, Value> item = Map.of("x", new Value.N(a));
        Map<String, Value> values = Map.of(":b", new Value.N(b));
        int order = a.compareTo(b);
        assertEquals(order < 0, Fixtures.filter("x < :b", null, values).test(item));
        assertEquals(order <= 0, Fixtures.filter("x <= :b", null, values).test(item));
        assertEquals(order == 0, Fixtures.filter("x = :b", null, values).test(item));
        assertEquals(order != 0, Fixtures.filter("x <> :b", null, values).test(item));
        assertEquals(order >= 0, Fixtures.filter("x >= :b", null, values).test(item));
        assertEquals(order > 0, Fixtures.filter("x > :b", null, values).test(item));
    }
}
