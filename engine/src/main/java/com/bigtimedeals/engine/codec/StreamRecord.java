package com.bigtimedeals.engine.codec;

/**
 * One change as the stream holds it: its sequence number, when it happened, what kind of change, and the stored
 * item arrays it needs for its view type (shared with the table, never copied).
 */
public record StreamRecord(long sequence, long timeMillis, byte event, boolean byTtl, byte[] oldImage, byte[] newImage) {
    public static final byte INSERT = 0;
    public static final byte MODIFY = 1;
    public static final byte REMOVE = 2;

    public String eventName() {
        return switch (event) {
            case INSERT -> "INSERT";
            case MODIFY -> "MODIFY";
            default -> "REMOVE";
        };
    }
}
