package com.bigtimedeals.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalCursorKeyTest {
    @Test
    void oneKeyPerDataDirectoryKeptOwnerOnlyAndOnePerRunInMemory(@TempDir Path home) throws Exception {
        Path a = home.resolve("a");
        Path b = home.resolve("b");
        String first = LocalStack.cursorKey(a);
        assertEquals(first, LocalStack.cursorKey(a), "a restart on the same data keeps its cursors valid");
        assertNotEquals(first, LocalStack.cursorKey(b));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(a.resolve(LocalStack.CURSOR_KEY_FILE))));
        assertNotEquals(LocalStack.cursorKey(null), LocalStack.cursorKey(null));
    }
}
