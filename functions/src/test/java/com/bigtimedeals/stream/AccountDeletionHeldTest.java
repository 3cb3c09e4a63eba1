package com.bigtimedeals.stream;

/** {@link AccountDeletionTest}'s tests while other transactions hold what the consumer writes (issue 43). */
class AccountDeletionHeldTest extends AccountDeletionTest {
    @Override
    boolean held() {
        return true;
    }
}
