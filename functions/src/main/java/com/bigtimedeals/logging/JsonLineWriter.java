package com.bigtimedeals.logging;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.regex.Pattern;

import software.amazon.lambda.powertools.logging.internal.JsonSerializer;

/**
 * Powertools' JSON writer (the one its structured arguments write themselves to), made to write valid JSON for
 * any value. Powertools' own escapes only quote, backslash and six named controls in strings, writes NaN and
 * infinities bare, and writes nothing at all for a number type it does not know: any of those would make the line
 * something CloudWatch Logs Insights can no longer parse.
 */
final class JsonLineWriter extends JsonSerializer {
    static final Pattern JSON_NUMBER = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private final StringBuilder out;

    JsonLineWriter(StringBuilder out) {
        super(out);
        this.out = out;
    }

    @Override
    public void writeString(String text) {
        if (text == null) {
            writeNull();
            return;
        }
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f || c == '\u2028' || c == '\u2029') {
                        // Line and paragraph separators too: some log viewers split lines on them.
                        escape(c);
                    } else if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                        out.append(c).append(text.charAt(++i));
                    } else if (Character.isSurrogate(c)) {
                        // Half a pair: UTF-8 cannot carry it, and would write '?' in its place.
                        escape(c);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    @Override
    public void writeNumber(double value) {
        if (Double.isFinite(value)) {
            super.writeNumber(value);
        } else {
            writeString(Double.toString(value));
        }
    }

    @Override
    public void writeNumber(float value) {
        writeNumber((double) value);
    }

    @Override
    public void writeObject(Object value) {
        if (value instanceof Number n && !(n instanceof Integer || n instanceof Long || n instanceof Double
                || n instanceof Float || n instanceof Short || n instanceof Byte || n instanceof BigInteger
                || n instanceof BigDecimal)) {
            String text = n.toString();
            if (JSON_NUMBER.matcher(text).matches()) {
                writeRaw(text);
            } else {
                writeString(text);
            }
            return;
        }
        int before = out.length();
        super.writeObject(value);
        if (out.length() == before) {
            writeNull();
        }
    }

    private void escape(char c) {
        out.append("\\u").append(HEX[c >> 12]).append(HEX[(c >> 8) & 0xf]).append(HEX[(c >> 4) & 0xf]).append(HEX[c & 0xf]);
    }
}
