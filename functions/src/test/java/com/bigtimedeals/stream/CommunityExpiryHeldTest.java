package com.bigtimedeals.stream;

/** {@link CommunityExpiryTest}'s tests while other transactions hold what the consumer writes (issue 43). */
class CommunityExpiryHeldTest extends CommunityExpiryTest {
    @Override
    boolean held() {
        return true;
    }
}
