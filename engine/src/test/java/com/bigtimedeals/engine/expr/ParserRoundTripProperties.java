package com.bigtimedeals.engine.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Printing a random condition or update and parsing it back gives the same tree, whatever the spacing, keyword case
 * and optional parentheses: the grammar's precedence and associativity hold, and nothing is lost or invented.
 */
class ParserRoundTripProperties {
    /** A generated condition: its canonical form, and a printing of it at a given precedence. */
    private interface Node {
        String canonical();

        String print(Random random, int context);
    }

    private static final int OR = 0;
    private static final int AND = 1;
    private static final int NOT = 2;
    private static final int ATOM = 3;

    private record Logical(String op, Node left, Node right) implements Node {
        @Override
        public String canonical() {
            return "(" + op + " " + left.canonical() + " " + right.canonical() + ")";
        }

        @Override
        public String print(Random random, int context) {
            int level = op.equals("OR") ? OR : AND;
            // Left-associative: the right operand needs parentheses at the same level.
            String text = left.print(random, level) + space(random) + keyword(random, op) + space(random)
                    + right.print(random, level + 1);
            return wrap(random, text, context > level);
        }
    }

    private record Negation(Node inner) implements Node {
        @Override
        public String canonical() {
            return "(NOT " + inner.canonical() + ")";
        }

        @Override
        public String print(Random random, int context) {
            return wrap(random, keyword(random, "NOT") + space(random) + inner.print(random, NOT), context > NOT);
        }
    }

    /** A comparison, BETWEEN, IN or function condition: operands already printed canonically and freely. */
    private record Atom(String canonical, List<String> printedParts) implements Node {
        @Override
        public String print(Random random, int context) {
            StringBuilder out = new StringBuilder();
            for (String part : printedParts) {
                if (!out.isEmpty()) {
                    out.append(space(random));
                }
                out.append(part.equals("AND") || part.equals("BETWEEN") || part.equals("IN") ? keyword(random, part)
                        : part);
            }
            return wrap(random, out.toString(), false);
        }
    }

    private static String wrap(Random random, String text, boolean needed) {
        return needed || random.nextInt(5) == 0 ? "(" + text + ")" : text;
    }

    private static String space(Random random) {
        return switch (random.nextInt(6)) {
            case 0 -> "  ";
            case 1 -> "\n";
            case 2 -> "\t ";
            default -> " ";
        };
    }

    private static String keyword(Random random, String word) {
        return switch (random.nextInt(3)) {
            case 0 -> word.toLowerCase();
            case 1 -> word.charAt(0) + word.substring(1).toLowerCase();
            default -> word;
        };
    }

    private static String name(Random random) {
        return random.nextInt(4) == 0 ? "#n" + random.nextInt(5) : "x_" + (char) ('a' + random.nextInt(26));
    }

    private static String path(Random random) {
        StringBuilder path = new StringBuilder(name(random));
        int steps = random.nextInt(3);
        for (int i = 0; i < steps; i++) {
            path.append(random.nextBoolean() ? "." + name(random) : "[" + random.nextInt(20) + "]");
        }
        return path.toString();
    }

    private static String operand(Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> ":v" + random.nextInt(9);
            case 1 -> "size(" + path(random) + ")";
            default -> path(random);
        };
    }

    private static Node atom(Random random) {
        String a = operand(random);
        switch (random.nextInt(5)) {
            case 0 -> {
                String[] comparators = {"=", "<>", "<", "<=", ">", ">="};
                String c = comparators[random.nextInt(comparators.length)];
                String b = operand(random);
                return new Atom("(" + c + " " + a + " " + b + ")", List.of(a, c, b));
            }
            case 1 -> {
                String lo = operand(random);
                String hi = operand(random);
                return new Atom("(BETWEEN " + a + " " + lo + " " + hi + ")", List.of(a, "BETWEEN", lo, "AND", hi));
            }
            case 2 -> {
                int n = 1 + random.nextInt(3);
                List<String> list = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    list.add(operand(random));
                }
                return new Atom("(IN " + a + " " + String.join(" ", list) + ")",
                        List.of(a, "IN", "(" + String.join(", ", list) + ")"));
            }
            default -> {
                String[] functions = {"attribute_exists", "attribute_not_exists", "begins_with", "contains"};
                String f = functions[random.nextInt(functions.length)];
                String p = path(random);
                boolean two = f.equals("begins_with") || f.equals("contains");
                String b = two ? operand(random) : null;
                String call = f + "(" + p + (two ? ", " + b : "") + ")";
                return new Atom("(" + f + " " + p + (two ? " " + b : "") + ")", List.of(call));
            }
        }
    }

    private static Node condition(Random random, int depth) {
        if (depth == 0 || random.nextInt(3) == 0) {
            return atom(random);
        }
        return switch (random.nextInt(3)) {
            case 0 -> new Negation(condition(random, depth - 1));
            case 1 -> new Logical("AND", condition(random, depth - 1), condition(random, depth - 1));
            default -> new Logical("OR", condition(random, depth - 1), condition(random, depth - 1));
        };
    }

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property(tries = 300)
    void printedConditionsParseBackToTheSameTree(@ForAll("seeds") long seed) {
        Random random = new Random(seed);
        Node node = condition(random, 4);
        String text = node.print(random, OR);
        Syntax.Cond parsed = ConditionParser.parse(text, "Invalid ConditionExpression: ");
        assertEquals(node.canonical(), Canonical.of(parsed), text);
    }

    @Property(tries = 300)
    void printedUpdatesKeepTheirActionsInOrder(@ForAll("seeds") long seed) {
        Random random = new Random(seed);
        StringBuilder text = new StringBuilder();
        StringBuilder expected = new StringBuilder();
        String[] sections = {"SET", "REMOVE", "ADD", "DELETE"};
        for (int s = 0; s < sections.length; s++) {
            if (random.nextBoolean()) {
                continue;
            }
            String section = sections[s];
            text.append(keyword(random, section)).append(space(random));
            int n = 1 + random.nextInt(3);
            for (int i = 0; i < n; i++) {
                String target = path(random);
                if (i > 0) {
                    text.append(",").append(space(random));
                }
                switch (section) {
                    case "SET" -> {
                        String a = setOperand(random);
                        String value;
                        String shown;
                        if (random.nextBoolean()) {
                            String op = random.nextBoolean() ? "+" : "-";
                            String b = setOperand(random);
                            value = a + space(random) + op + space(random) + b;
                            shown = "(" + op + " " + a + " " + b + ")";
                        } else {
                            value = a;
                            shown = a;
                        }
                        text.append(target).append(space(random)).append("=").append(space(random)).append(value);
                        expected.append("(SET ").append(target).append(" ").append(shown).append(")");
                    }
                    case "REMOVE" -> {
                        text.append(target);
                        expected.append("(REMOVE ").append(target).append(")");
                    }
                    default -> {
                        String v = ":v" + random.nextInt(9);
                        text.append(target).append(space(random)).append(v);
                        expected.append("(").append(section).append(" ").append(target).append(" ").append(v).append(")");
                    }
                }
            }
            text.append(space(random));
        }
        if (text.isEmpty()) {
            return;
        }
        UpdateParserProbe probe = new UpdateParserProbe(text.toString());
        assertEquals(expected.toString(), probe.canonical(), text.toString());
    }

    private static String setOperand(Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> ":v" + random.nextInt(9);
            case 1 -> "if_not_exists(" + path(random) + ", :v" + random.nextInt(9) + ")";
            case 2 -> "list_append(" + path(random) + ", :v" + random.nextInt(9) + ")";
            default -> path(random);
        };
    }
}
