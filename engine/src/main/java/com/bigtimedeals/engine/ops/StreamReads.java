package com.bigtimedeals.engine.ops;

import com.bigtimedeals.engine.api.ApiException;

/** Sequence numbers as the DynamoDB Streams operations write and read them. */
final class StreamReads {
    private StreamReads() {
    }

    private static final String ZEROS = "000000000000000000000";

    /**
     * Sequence numbers on the wire: decimal digits, 21 wide, so they also sort as strings. Padded by hand: every
     * record of every GetRecords answer has one, and {@code String.format} (a Formatter parsing its pattern each
     * time) was a seventh of a stream reader's CPU.
     */
    static String sequence(long n) {
        String digits = Long.toString(n);
        return digits.length() >= ZEROS.length() ? digits : ZEROS.substring(digits.length()) + digits;
    }

    static long parseSequence(String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw ApiException.validation("Invalid SequenceNumber: " + text);
        }
    }
}
