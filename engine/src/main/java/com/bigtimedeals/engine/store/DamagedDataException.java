package com.bigtimedeals.engine.store;

import java.nio.file.Path;

/**
 * The data directory is damaged (or not one this engine can read), so the engine refuses to start. The message names
 * the file, the byte offset and what the user can do; nothing in the directory was changed.
 */
public final class DamagedDataException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    private DamagedDataException(String message) {
        super(message);
    }

    /** A refusal over {@code file}, whose problem is {@code what}; the advice names the recovery setting. */
    static DamagedDataException refuse(Path file, String what) {
        Path dir = file.toAbsolutePath().getParent();
        return new DamagedDataException("The engine's data directory " + dir + " is damaged, so the engine did not start "
                + "(it changed nothing there): " + file.getFileName() + ": " + what + ". What you can do: restore the "
                + "directory from a backup; or start with --recover, which starts with every intact record, before and "
                + "after the damage, moves the damaged files into " + dir.resolve("damaged-<time>")
                + " (nothing is deleted) and reports exactly what it dropped.");
    }

    /** A directory this engine does not read at all (its format); recovery cannot help there. */
    static DamagedDataException unreadable(Path dir, String what) {
        return new DamagedDataException("The engine's data directory " + dir.toAbsolutePath() + " " + what);
    }

    /** Says what a damaged stretch of a log or snapshot is, with its byte offsets. */
    static String describe(Frame.Damage d) {
        Frame.Found f = d.first();
        String where = "from byte " + d.offset() + " to byte " + d.end() + ", no record is intact: ";
        String held = d.headerKnown() ? " (its header, intact, says it held " + (isLog(d.file())
                ? "sequence numbers " + f.a() + " to " + f.b() : "frame " + f.a()) + ")" : "";
        return where + switch (f.status()) {
            case PAYLOAD_DAMAGED -> "the record at byte " + d.offset() + " fails its checksum" + held;
            case PAYLOAD_CUT -> "the record at byte " + d.offset() + " is cut short by the end of the file" + held;
            case NO_HEADER -> "at byte " + d.offset() + " no intact record header begins (damaged, overwritten or zeros)";
            case HEADER_CUT -> "the file ends " + (d.end() - d.offset()) + " bytes into a record header";
            case INTACT -> "an intact record";
        };
    }

    static boolean isLog(Path file) {
        return file.getFileName().toString().startsWith("log-");
    }
}
