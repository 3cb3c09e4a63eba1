package com.bigtimedeals.stream;

/** {@link HotDealBlastTest}'s tests while other transactions hold what the consumer writes (issue 43). */
class HotDealBlastHeldTest extends HotDealBlastTest {
    @Override
    boolean held() {
        return true;
    }
}
