package com.bigtimedeals.stream;

/** {@link HotAndHottestTest}'s tests while other transactions hold what the consumer writes (issue 43). */
class HotAndHottestHeldTest extends HotAndHottestTest {
    @Override
    boolean held() {
        return true;
    }
}
