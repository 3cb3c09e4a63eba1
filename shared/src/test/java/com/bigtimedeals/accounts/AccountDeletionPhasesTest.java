package com.bigtimedeals.accounts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Instant;

import org.junit.jupiter.api.Test;

/** The deletion walk's one-string position: follows, votes, alerts, comments, saved deals, messages, then settings. */
class AccountDeletionPhasesTest {
    private static AccountDeletion at(String position) {
        return new AccountDeletion("ann", Instant.EPOCH, position, false);
    }

    @Test
    void eachPhaseHandsOnToTheNextAndTheLastFinishes() {
        assertEquals(AccountDeletion.Phase.FOLLOWS, at(null).phase());
        assertEquals("votes#", AccountDeletion.next(AccountDeletion.Phase.FOLLOWS, null));
        assertEquals(AccountDeletion.Phase.VOTES, at("votes#DEAL#d").phase());
        assertEquals("DEAL#d", at("votes#DEAL#d").after());
        assertEquals("alerts#", AccountDeletion.next(AccountDeletion.Phase.VOTES, null));
        assertEquals(AccountDeletion.Phase.ALERTS, at("alerts#ALERT#a").phase());
        assertEquals("ALERT#a", at("alerts#ALERT#a").after());
        assertEquals("comments#", AccountDeletion.next(AccountDeletion.Phase.ALERTS, null));
        assertEquals(AccountDeletion.Phase.COMMENTS, at("comments#").phase());
        assertNull(at("comments#").after());
        assertEquals("comments#COMMENT#x", AccountDeletion.next(AccountDeletion.Phase.COMMENTS, "COMMENT#x"));
        assertEquals("COMMENT#x", at("comments#COMMENT#x").after());
        assertEquals("saved#", AccountDeletion.next(AccountDeletion.Phase.COMMENTS, null));
        assertEquals(AccountDeletion.Phase.SAVED, at("saved#AT#x").phase());
        assertEquals("messages#", AccountDeletion.next(AccountDeletion.Phase.SAVED, null));
        assertEquals(AccountDeletion.Phase.MESSAGES, at("messages#MESSAGE#m").phase());
        assertEquals("settings#", AccountDeletion.next(AccountDeletion.Phase.MESSAGES, null));
        assertEquals(AccountDeletion.Phase.SETTINGS, at("settings#").phase());
        assertNull(AccountDeletion.next(AccountDeletion.Phase.SETTINGS, null));
    }
}
