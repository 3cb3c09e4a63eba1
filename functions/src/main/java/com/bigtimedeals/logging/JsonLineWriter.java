package com.bigtimedeals.logging;

import software.amazon.lambda.powertools.logging.internal.JsonSerializer;

/**
 * Powertools' JSON writer (the one its structured arguments write themselves to), with strings escaped as RFC 8259
 * requires. Powertools' own {@code writeString} escapes only quote, backslash and six named controls, so a message
 * carrying any other control character (an exception quoting a client's bytes, say) would make the line invalid
 * JSON, and CloudWatch Logs Insights would stop parsing it.
 */
final class JsonLineWriter extends JsonSerializer {
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
                    // Line and paragraph separators too: some log viewers split lines on them.
                    if (c < 0x20 || c == 0x7f || c == '\u2028' || c == '\u2029') {
                        out.append("\\u").append(HEX[c >> 12]).append(HEX[(c >> 8) & 0xf])
                                .append(HEX[(c >> 4) & 0xf]).append(HEX[c & 0xf]);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
