package com.bigtimedeals.stream;

/** {@link CommentCountStreamTest}'s tests while other transactions hold what the consumer writes (issue 43). */
class CommentCountStreamHeldTest extends CommentCountStreamTest {
    @Override
    boolean held() {
        return true;
    }
}
