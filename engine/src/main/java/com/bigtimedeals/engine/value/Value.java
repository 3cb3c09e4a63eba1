package com.bigtimedeals.engine.value;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One DynamoDB attribute value, of exactly one of the service's ten data types. Instances are immutable, and
 * two values are {@code equals} exactly when DynamoDB would call them equal: numbers by numeric value (they are
 * held normalised), binaries by content, sets regardless of order.
 */
public sealed interface Value permits Value.S, Value.N, Value.B, Value.Bool, Value.Null, Value.SS, Value.NS,
        Value.BS, Value.L, Value.M {

    /** The service's data type descriptors, as they appear on the wire and in {@code attribute_type}. */
    enum Type {
        S, N, B, BOOL, NULL, SS, NS, BS, L, M
    }

    Type type();

    record S(String value) implements Value {
        public S {
            if (value == null) {
                throw new NullPointerException("value");
            }
        }

        @Override
        public Type type() {
            return Type.S;
        }
    }

    /** A number, always held in the normal form {@link Numbers#normalise} gives: no trailing zeros, no sign on zero. */
    record N(BigDecimal value) implements Value {
        public N {
            value = Numbers.normalise(value);
        }

        /** Parses and validates a number as the service does (precision and range); throws {@link NumberFormatError}. */
        public static N parse(String text) {
            return new N(Numbers.parse(text));
        }

        /** The service's wire form: plain notation, no exponent, no trailing zeros. */
        public String text() {
            return Numbers.text(value);
        }

        @Override
        public Type type() {
            return Type.N;
        }
    }

    /** A binary; the array is copied in and never handed out, so the value stays immutable. */
    final class B implements Value {
        private final byte[] bytes;

        public B(byte[] bytes) {
            this.bytes = bytes.clone();
        }

        public int length() {
            return bytes.length;
        }

        public byte[] toByteArray() {
            return bytes.clone();
        }

        public byte byteAt(int i) {
            return bytes[i];
        }

        @Override
        public Type type() {
            return Type.B;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof B b && Arrays.equals(bytes, b.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return "B[" + java.util.Base64.getEncoder().encodeToString(bytes) + "]";
        }
    }

    record Bool(boolean value) implements Value {
        public static final Bool TRUE = new Bool(true);
        public static final Bool FALSE = new Bool(false);

        @Override
        public Type type() {
            return Type.BOOL;
        }
    }

    record Null() implements Value {
        public static final Null INSTANCE = new Null();

        @Override
        public Type type() {
            return Type.NULL;
        }
    }

    /** A string set: its members in insertion order (the service promises no order), without duplicates. */
    record SS(Set<String> values) implements Value {
        public SS {
            values = Collections.unmodifiableSet(new LinkedHashSet<>(values));
        }

        @Override
        public Type type() {
            return Type.SS;
        }
    }

    /** A number set; members are normalised numbers, so {@code 1.0} and {@code 1} are one member. */
    record NS(Set<BigDecimal> values) implements Value {
        public NS {
            LinkedHashSet<BigDecimal> normal = new LinkedHashSet<>();
            for (BigDecimal v : values) {
                normal.add(Numbers.normalise(v));
            }
            values = Collections.unmodifiableSet(normal);
        }

        @Override
        public Type type() {
            return Type.NS;
        }
    }

    record BS(Set<B> values) implements Value {
        public BS {
            values = Collections.unmodifiableSet(new LinkedHashSet<>(values));
        }

        @Override
        public Type type() {
            return Type.BS;
        }
    }

    record L(List<Value> values) implements Value {
        public L {
            values = List.copyOf(values);
        }

        @Override
        public Type type() {
            return Type.L;
        }
    }

    /** A map; attribute order is kept as given (the service promises none). */
    record M(Map<String, Value> values) implements Value {
        public M {
            values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        }

        @Override
        public Type type() {
            return Type.M;
        }
    }

    /** Whether this is one of the three types a key attribute may have. */
    default boolean isScalarKeyType() {
        Type t = type();
        return t == Type.S || t == Type.N || t == Type.B;
    }
}
