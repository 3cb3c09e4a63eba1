package com.bigtimedeals.engine.fault;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Faults injected on purpose, so that code which must survive them can be tested against a real engine rather
 * than a wrapped client: throttling, transaction conflicts, unprocessed batch items and added latency. Each rule
 * names an operation ({@code *} for any) and a table ({@code *} for any), and fires either with a probability or
 * for the next N matching requests. Off unless a rule is added.
 */
public final class Faults {
    public enum Kind {
        /** ProvisionedThroughputExceededException (provisioned tables) or ThrottlingException (on demand). */
        THROTTLE,
        /** TransactionConflictException, or a TransactionCanceledException with a TransactionConflict reason. */
        CONFLICT,
        /** Batch items left unprocessed, as under throttling. */
        UNPROCESSED,
        /** Added latency before the request is served. */
        LATENCY,
        /** InternalServerError (HTTP 500). */
        ERROR
    }

    /** One rule; built fluently: {@code Faults.rule(Kind.THROTTLE).operation("PutItem").probability(0.2)}. */
    public static final class Rule {
        final Kind kind;
        String operation = "*";
        String table = "*";
        double probability = 1.0;
        final AtomicLong remaining = new AtomicLong(-1);
        private final AtomicLong fired = new AtomicLong();
        long latencyMillis;

        Rule(Kind kind) {
            this.kind = kind;
        }

        public Rule operation(String op) {
            this.operation = op;
            return this;
        }

        public Rule table(String t) {
            this.table = t;
            return this;
        }

        public Rule probability(double p) {
            this.probability = p;
            return this;
        }

        /** Fires for the next {@code n} matching requests only. */
        public Rule times(long n) {
            this.remaining.set(n);
            return this;
        }

        public Rule latencyMillis(long millis) {
            this.latencyMillis = millis;
            return this;
        }

        /** How many requests this rule has struck so far. */
        public long fired() {
            return fired.get();
        }

        /** A rule naming a table strikes only requests on that table (a request that names none is not on it). */
        boolean matches(Kind k, String op, String t) {
            return kind == k && ("*".equals(operation) || operation.equals(op))
                    && ("*".equals(table) || table.equals(t));
        }

        boolean fire() {
            long left = remaining.get();
            if (left == 0) {
                return false;
            }
            if (probability < 1.0 && ThreadLocalRandom.current().nextDouble() >= probability) {
                return false;
            }
            if (left > 0 && remaining.getAndUpdate(n -> n > 0 ? n - 1 : n) <= 0) {
                return false;
            }
            fired.incrementAndGet();
            return true;
        }
    }

    private final List<Rule> rules = new CopyOnWriteArrayList<>();

    public static Rule rule(Kind kind) {
        return new Rule(kind);
    }

    public Faults add(Rule r) {
        rules.add(r);
        return this;
    }

    public void clear() {
        rules.clear();
    }

    public boolean isEmpty() {
        return rules.isEmpty();
    }

    /** Whether a fault of this kind fires for this request. */
    public boolean fires(Kind kind, String operation, String table) {
        for (Rule r : rules) {
            if (r.matches(kind, operation, table) && r.fire()) {
                return true;
            }
        }
        return false;
    }

    /** The latency to add to this request (the largest matching rule that fires). */
    public long latencyMillis(String operation, String table) {
        long max = 0;
        for (Rule r : rules) {
            if (r.matches(Kind.LATENCY, operation, table) && r.fire()) {
                max = Math.max(max, r.latencyMillis);
            }
        }
        return max;
    }

    /**
     * Parses a rule as given on the command line or in a system property:
     * {@code kind[:operation[:table[:value]]]}, where value is a probability ({@code 0.25}), a count
     * ({@code x3}) or, for latency, milliseconds ({@code 50ms}). Example: {@code throttle:PutItem:*:0.1}.
     */
    public static Rule parse(String text) {
        String[] parts = text.split(":");
        Rule r = rule(Kind.valueOf(parts[0].trim().toUpperCase(Locale.ROOT)));
        if (parts.length > 1) {
            r.operation(parts[1].trim());
        }
        if (parts.length > 2) {
            r.table(parts[2].trim());
        }
        for (int i = 3; i < parts.length; i++) {
            String v = parts[i].trim();
            if (v.endsWith("ms")) {
                r.latencyMillis(Long.parseLong(v.substring(0, v.length() - 2)));
            } else if (v.startsWith("x")) {
                r.times(Long.parseLong(v.substring(1)));
            } else {
                r.probability(Double.parseDouble(v));
            }
        }
        return r;
    }
}
