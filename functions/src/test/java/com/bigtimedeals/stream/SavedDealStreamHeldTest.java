package com.bigtimedeals.stream;

/** {@link SavedDealStreamTest}'s tests while other transactions hold what the consumer writes (issue 43). */
class SavedDealStreamHeldTest extends SavedDealStreamTest {
    @Override
    boolean held() {
        return true;
    }
}
