package com.bigtimedeals.engine.value;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * DynamoDB numbers: up to 38 significant digits, magnitudes from 1E-130 to 9.9999999999999999999999999999999999999E+125
 * (positive or negative) or zero, returned in plain notation with leading and trailing zeros removed.
 */
public final class Numbers {
    public static final int MAX_PRECISION = 38;
    /** The largest magnitude the service stores: 38 nines, times 10^88. */
    public static final BigDecimal MAX_MAGNITUDE = new BigDecimal("9.9999999999999999999999999999999999999E+125");
    public static final BigDecimal MIN_MAGNITUDE = new BigDecimal("1E-130");
    /** Arithmetic in update expressions works at the service's precision. */
    public static final MathContext CONTEXT = new MathContext(MAX_PRECISION, RoundingMode.HALF_EVEN);

    private Numbers() {
    }

    /** Parses a number as written on the wire, refusing what the service refuses. */
    public static BigDecimal parse(String text) {
        BigDecimal parsed;
        try {
            if (text.isEmpty() || !isNumberSyntax(text)) {
                throw new NumberFormatException();
            }
            parsed = new BigDecimal(text);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new NumberFormatError("The parameter cannot be converted to a numeric value: " + text);
        }
        return checkRange(normalise(parsed));
    }

    /** BigDecimal accepts forms the service does not (for example its own exponent overflow); keep to digits. */
    private static boolean isNumberSyntax(String text) {
        int i = 0;
        int n = text.length();
        if (text.charAt(0) == '+' || text.charAt(0) == '-') {
            i++;
        }
        boolean digits = false;
        while (i < n && Character.isDigit(text.charAt(i)) && text.charAt(i) < 128) {
            i++;
            digits = true;
        }
        if (i < n && text.charAt(i) == '.') {
            i++;
            while (i < n && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
                i++;
                digits = true;
            }
        }
        if (!digits) {
            return false;
        }
        if (i < n && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
            i++;
            if (i < n && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
                i++;
            }
            boolean exponent = false;
            while (i < n && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
                i++;
                exponent = true;
            }
            if (!exponent) {
                return false;
            }
        }
        return i == n;
    }

    /** Refuses a normalised number outside the service's precision or range. */
    public static BigDecimal checkRange(BigDecimal normal) {
        if (normal.signum() == 0) {
            return normal;
        }
        if (normal.precision() > MAX_PRECISION) {
            throw new NumberFormatError("Attempting to store more than 38 significant digits in a Number");
        }
        BigDecimal magnitude = normal.abs();
        if (magnitude.compareTo(MAX_MAGNITUDE) > 0) {
            throw new NumberFormatError("Number overflow. Attempting to store a number with magnitude larger than supported range");
        }
        if (magnitude.compareTo(MIN_MAGNITUDE) < 0) {
            throw new NumberFormatError("Number underflow. Attempting to store a number with magnitude smaller than supported range");
        }
        return normal;
    }

    /** The one form every number is held in: trailing zeros stripped; zero as {@code 0}. */
    public static BigDecimal normalise(BigDecimal value) {
        if (value.signum() == 0) {
            return BigDecimal.ZERO;
        }
        return value.stripTrailingZeros();
    }

    /** The wire form of a normalised number: plain notation, as the service returns numbers. */
    public static String text(BigDecimal normal) {
        return normal.toPlainString();
    }
}
