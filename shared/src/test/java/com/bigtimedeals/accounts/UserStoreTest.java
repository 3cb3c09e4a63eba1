package com.bigtimedeals.accounts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.LocalDate;

import org.junit.jupiter.api.Test;

import com.bigtimedeals.platform.DomainException;
import com.bigtimedeals.platform.DynamoDbTest;
import com.bigtimedeals.platform.Fixtures;

class UserStoreTest extends DynamoDbTest {

    @Test
    void createUserAndReadItBack() {
        UserStore users = new UserStore(newTable(Fixtures.NOW));
        UserProfile ann = new UserProfile("ann", "ann@example.com", LocalDate.of(1990, 2, 3), null, Fixtures.NOW);
        users.create(ann);
        assertEquals(ann, users.get("ann"));
    }

    @Test
    void duplicateUserIsAConflictAndKeepsTheFirstProfile() {
        UserStore users = new UserStore(newTable(Fixtures.NOW));
        users.create(new UserProfile("ann", "ann@example.com", null, null, Fixtures.NOW));
        assertEquals(DomainException.Kind.CONFLICT, assertThrows(DomainException.class,
                () -> users.create(new UserProfile("ann", "other@example.com", null, null, Fixtures.NOW))).kind());
        assertEquals("ann@example.com", users.get("ann").email());
    }

    @Test
    void missingProfileIsNotFound() {
        UserStore users = new UserStore(newTable(Fixtures.NOW));
        assertEquals(DomainException.Kind.NOT_FOUND, assertThrows(DomainException.class, () -> users.get("nobody")).kind());
    }
}
