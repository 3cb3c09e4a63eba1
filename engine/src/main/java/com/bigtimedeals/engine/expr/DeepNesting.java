package com.bigtimedeals.engine.expr;

import java.util.function.Supplier;

/**
 * Parsing and checking recurse once or more per level of nesting, and a 4 KB expression can nest some two thousand
 * levels deep ({@code ((((...a < b...))))}, {@code NOT NOT ... a < b}, {@code a < f(f(f(...)))}); the service answers
 * those with its ordinary messages (redundant parentheses, too many operators, an unknown function, a syntax error).
 * Such texts are parsed and checked on a thread of their own with a stack deep enough for any 4 KB expression, so the
 * caller's stack size does not matter; ordinary expressions stay on the caller's thread.
 */
final class DeepNesting {
    /** Openings (parentheses, NOTs) up to which the caller's stack is certainly enough. */
    private static final int SHALLOW = 64;
    /** 4096 nested parentheses need under 8 MB; reserved, not committed, by the JVM. */
    private static final long DEEP_STACK_BYTES = 64L << 20;

    private DeepNesting() {
    }

    static <T> T call(String text, Supplier<T> work) {
        return call(openings(text), work);
    }

    /** {@code openings}: an upper bound on the nesting, for a tree that came as no text (PartiQL's). */
    static <T> T call(int openings, Supplier<T> work) {
        if (openings <= SHALLOW) {
            try {
                return work.get();
            } catch (StackOverflowError e) {
                // Deeper than the estimate says (a small caller stack): redo it where the stack is deep enough.
            }
        }
        return onDeepStack(work);
    }

    /** An upper bound on the nesting: every opening parenthesis and every word NOT. */
    static int openings(String text) {
        int count = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(') {
                count++;
            } else if ((c == 'n' || c == 'N') && text.regionMatches(true, i, "not", 0, 3)
                    && (i == 0 || !Lexer.isNameChar(text.charAt(i - 1)))
                    && (i + 3 == text.length() || !Lexer.isNameChar(text.charAt(i + 3)))) {
                count++;
            }
        }
        return count;
    }

    private static <T> T onDeepStack(Supplier<T> work) {
        Object[] outcome = new Object[1];
        Throwable[] failure = new Throwable[1];
        Thread thread = new Thread(null, () -> {
            try {
                outcome[0] = work.get();
            } catch (Throwable t) {
                failure[0] = t;
            }
        }, "expression-deep-nesting", DEEP_STACK_BYTES);
        thread.setDaemon(true);
        thread.start();
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                // The work is short and bounded; finish waiting, then let the caller see the interrupt.
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (failure[0] instanceof RuntimeException e) {
            throw e;
        }
        if (failure[0] instanceof Error e) {
            throw e;
        }
        @SuppressWarnings("unchecked")
        T result = (T) outcome[0];
        return result;
    }
}
