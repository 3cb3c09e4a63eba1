package com.bigtimedeals.stream;

/** {@link TakedownStreamTest}'s tests while other transactions hold what the consumer writes (issue 43). */
class TakedownStreamHeldTest extends TakedownStreamTest {
    @Override
    boolean held() {
        return true;
    }
}
