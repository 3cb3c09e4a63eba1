package com.bigtimedeals.engine.expr;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

import com.bigtimedeals.engine.value.ItemSize;
import com.bigtimedeals.engine.value.Value;

/**
 * The expressions of one request, over that request's ExpressionAttributeNames and ExpressionAttributeValues.
 * Parse every expression the request carries through one context, then call {@link #requireAllUsed()}: the
 * service refuses names or values that no expression of the request uses. Every method throws
 * {@link ExpressionException} with the service's message for an invalid expression.
 *
 * <p>The service's order, which callers should keep: the constructor (empty maps, malformed keys), then the
 * expressions in the order UpdateExpression, ConditionExpression, KeyConditionExpression, FilterExpression,
 * ProjectionExpression, then {@link #requireAllUsed()}; only then the checks that need the table (the key
 * schema of a query: {@link KeyConditions#against}; key attributes an update may not touch:
 * {@link Update#checkKeyAttributes}).
 */
public final class ExpressionContext {
    /** Which parameter an expression came from: the service names it in its messages. */
    public enum Kind {
        ConditionExpression, FilterExpression, KeyConditionExpression, UpdateExpression, ProjectionExpression
    }

    /** The longest expression the service accepts, in UTF-8 bytes of the text as sent. */
    public static final int MAX_EXPRESSION_BYTES = 4096;
    /** The longest expression attribute name or value key, its sigil included (Developer Guide, "Service quotas"). */
    public static final int MAX_PLACEHOLDER_BYTES = 255;
    /**
     * The most values the list of {@code a IN (b, c, d)} takes (Developer Guide, "Comparison operator and function
     * reference": "The list can contain up to 100 values"); the operand before IN is not counted.
     */
    public static final int MAX_IN_VALUES = 100;

    private final Map<String, String> names;
    private final Map<String, Value> values;
    private final Set<String> usedNames = new HashSet<>();
    private final Set<String> usedValues = new HashSet<>();
    private Update pendingKeyCheck;
    private Set<String> pendingKeyAttributes;

    /**
     * Either map may be null (the parameter was absent) or empty (present but empty: refused here). Keys must be
     * {@code #} or {@code :} followed by letters, digits or underscores, at most 255 bytes (checked first); a name may
     * not stand for the empty string. Entries are checked in the maps' order.
     */
    public ExpressionContext(Map<String, String> names, Map<String, Value> values) {
        this.names = names;
        this.values = values;
        if (names != null) {
            if (names.isEmpty()) {
                throw new ExpressionException("ExpressionAttributeNames must not be empty");
            }
            for (Map.Entry<String, String> e : names.entrySet()) {
                String key = e.getKey();
                long size = ItemSize.utf8Length(key);
                if (size > MAX_PLACEHOLDER_BYTES) {
                    throw new ExpressionException("ExpressionAttributeNames contains invalid key: The expression "
                            + "attribute map contains a key that is too long; size of key: " + size);
                }
                if (!isPlaceholder(key, '#')) {
                    throw new ExpressionException("ExpressionAttributeNames contains invalid key: Syntax error; key: \""
                            + key + "\"");
                }
                if (e.getValue() == null || e.getValue().isEmpty()) {
                    throw new ExpressionException("ExpressionAttributeNames contains invalid value: Empty attribute name "
                            + "for key " + key);
                }
                if (ItemSize.nameTooLarge(e.getValue())) {
                    // Whether the expression reads or writes it (alternator's test_limits.py, against the service).
                    throw new ExpressionException(ItemSize.NAME_TOO_LARGE);
                }
            }
        }
        if (values != null) {
            if (values.isEmpty()) {
                throw new ExpressionException("ExpressionAttributeValues must not be empty");
            }
            for (String key : values.keySet()) {
                // The service's message for values, unlike names', gives no size.
                if (ItemSize.utf8Length(key) > MAX_PLACEHOLDER_BYTES) {
                    throw new ExpressionException("ExpressionAttributeValues contains invalid key: The expression "
                            + "attribute map contains a key that is too long;");
                }
                if (!isPlaceholder(key, ':')) {
                    throw new ExpressionException("ExpressionAttributeValues contains invalid key: Syntax error; key: \""
                            + key + "\"");
                }
            }
        }
    }

    /**
     * The service's message for an IN list of {@code values} values, more than {@link #MAX_IN_VALUES}: it counts the
     * values in the list (captured against the service by several emulators' tests: 100 values accepted, 101 refused
     * with "number of operands: 101").
     */
    public static String tooManyInValues(int values) {
        return "The IN operator is provided with too many operands; number of operands: " + values;
    }

    private static boolean isPlaceholder(String key, char sigil) {
        if (key.length() < 2 || key.charAt(0) != sigil) {
            return false;
        }
        for (int i = 1; i < key.length(); i++) {
            if (!Lexer.isNameChar(key.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** A ConditionExpression or a FilterExpression ({@code kind} says which, for the messages). */
    public Condition condition(Kind kind, String text) {
        String prefix = prefix(kind);
        checkText(kind, text);
        return DeepNesting.call(text, () -> new ConditionChecker(this, prefix).check(ConditionParser.parse(text, prefix)));
    }

    /**
     * A KeyConditionExpression checked as far as it can be without the table: its syntax, names, values, operand
     * types, and its shape (only AND, one condition per attribute, supported operators).
     */
    public KeyConditions keyCondition(String text) {
        String prefix = prefix(Kind.KeyConditionExpression);
        checkText(Kind.KeyConditionExpression, text);
        return DeepNesting.call(text, () -> {
            Syntax.Cond tree = ConditionParser.parse(text, prefix);
            new ConditionChecker(this, prefix).check(tree);
            return KeyConditions.of(tree, this);
        });
    }

    /** {@link #keyCondition(String)} matched at once against the key of the table or index queried. */
    public KeyCondition keyCondition(String text, KeySchema schema) {
        return keyCondition(text).against(schema);
    }

    /** An UpdateExpression checked as far as it can be without the table; see {@link Update#checkKeyAttributes}. */
    public Update update(String text) {
        String prefix = prefix(Kind.UpdateExpression);
        checkText(Kind.UpdateExpression, text);
        return DeepNesting.call(text, () -> UpdateParser.parse(text, prefix, this));
    }

    /**
     * {@code keyAttributes}: the table's key attribute names, which an update may not touch. That check is the
     * service's last, so it is made by {@link #requireAllUsed()}, after the other expressions of the request.
     */
    public Update update(String text, Set<String> keyAttributes) {
        Update update = update(text);
        pendingKeyCheck = update;
        pendingKeyAttributes = keyAttributes;
        return update;
    }

    /**
     * A condition given as a syntax tree, not text (PartiQL's WHERE clause mapped onto this language): checked by the
     * same pass as {@link #condition(Kind, String)} after parsing. {@code depth} bounds the tree's nesting.
     */
    public Condition condition(Kind kind, Syntax.Cond tree, int depth) {
        String prefix = prefix(kind);
        refusePathFault(prefix, tree);
        return DeepNesting.call(depth, () -> new ConditionChecker(this, prefix).check(tree));
    }

    /** {@link #keyCondition(String)} of a syntax tree, as {@link #condition(Kind, Syntax.Cond, int)} is checked. */
    public KeyConditions keyCondition(Syntax.Cond tree, int depth) {
        String prefix = prefix(Kind.KeyConditionExpression);
        refusePathFault(prefix, tree);
        return DeepNesting.call(depth, () -> {
            new ConditionChecker(this, prefix).check(tree);
            return KeyConditions.of(tree, this);
        });
    }

    /** {@link #update(String)} of an update's clauses given as syntax trees (PartiQL's SET and REMOVE). */
    public Update update(List<Syntax.Clause> clauses, int depth) {
        String prefix = prefix(Kind.UpdateExpression);
        for (Syntax.Clause clause : clauses) {
            refusePathFault(prefix, clause);
        }
        return DeepNesting.call(depth, () -> new UpdateChecker(this, prefix).check(clauses));
    }

    private static void refusePathFault(String prefix, Object tree) {
        String fault = Syntax.pathFault(tree);
        if (fault != null) {
            throw new ExpressionException(prefix + fault);
        }
    }

    public Projection projection(String text) {
        String prefix = prefix(Kind.ProjectionExpression);
        checkText(Kind.ProjectionExpression, text);
        return DeepNesting.call(text, () -> ProjectionParser.parse(text, prefix, this));
    }

    /**
     * After every expression of the request was parsed: refuses unused names, then unused values, as the service
     * does; then, if {@link #update(String, Set)} was given key attributes, an update that touches one.
     */
    public void requireAllUsed() {
        refuseUnused("ExpressionAttributeNames", names == null ? null : names.keySet(), usedNames);
        refuseUnused("ExpressionAttributeValues", values == null ? null : values.keySet(), usedValues);
        if (pendingKeyCheck != null) {
            pendingKeyCheck.checkKeyAttributes(pendingKeyAttributes);
        }
    }

    private static void refuseUnused(String parameter, Set<String> given, Set<String> used) {
        if (given == null) {
            return;
        }
        StringJoiner unused = new StringJoiner(", ", "{", "}");
        boolean any = false;
        for (String key : given) {
            if (!used.contains(key)) {
                unused.add(key);
                any = true;
            }
        }
        if (any) {
            throw new ExpressionException("Value provided in " + parameter + " unused in expressions: keys: " + unused);
        }
    }

    static String prefix(Kind kind) {
        return "Invalid " + kind.name() + ": ";
    }

    private static void checkText(Kind kind, String text) {
        String prefix = prefix(kind);
        if (text.isEmpty()) {
            throw new ExpressionException(prefix + "The expression can not be empty;");
        }
        // A UTF-16 unit is at most three UTF-8 bytes: shorter texts cannot be too long.
        if ((long) text.length() * 3 > MAX_EXPRESSION_BYTES) {
            long bytes = ItemSize.utf8Length(text);
            if (bytes > MAX_EXPRESSION_BYTES) {
                // Captured from the service: only conditions and filters tell the size.
                boolean tellsSize = kind == Kind.ConditionExpression || kind == Kind.FilterExpression;
                throw new ExpressionException(prefix + "Expression size has exceeded the maximum allowed size;"
                        + (tellsSize ? " expression size: " + bytes : ""));
            }
        }
    }

    /** Resolves {@code #name}, marking it used; an undefined one is recorded as a error and yields null. */
    String name(Token placeholder, ExpressionErrors errors, ExpressionErrors.Kind kind) {
        String name = names == null ? null : names.get(placeholder.text());
        if (name == null) {
            errors.record(kind, "An expression attribute name used in the document path is not defined; "
                    + "attribute name: " + placeholder.text());
            return null;
        }
        usedNames.add(placeholder.text());
        return name;
    }

    /** Resolves {@code :value}, marking it used; an undefined one is recorded as a error and yields null. */
    Value value(Token placeholder, ExpressionErrors errors, ExpressionErrors.Kind kind) {
        Value value = values == null ? null : values.get(placeholder.text());
        if (value == null) {
            errors.record(kind, "An expression attribute value used in expression is not defined; "
                    + "attribute value: " + placeholder.text());
            return null;
        }
        usedValues.add(placeholder.text());
        return value;
    }

    /**
     * A written document path ({@code a.#b[1]}) with its names resolved, the one path check every expression makes:
     * a written name must not be a reserved word, a {@code #name} must be defined (an undefined one is recorded as
     * {@code undefined}, which condition and update expressions order differently, and left null).
     */
    DocumentPath path(Syntax.PathRef path, ExpressionErrors errors, ExpressionErrors.Kind undefined) {
        List<Object> steps = new ArrayList<>(path.steps().size());
        for (Syntax.Step step : path.steps()) {
            if (step.isIndex()) {
                steps.add(step.index());
            } else if (step.name().is(Token.Kind.NAME_PLACEHOLDER)) {
                steps.add(name(step.name(), errors, undefined));
            } else {
                String name = step.name().text();
                if (ReservedWords.isReserved(name)) {
                    errors.record(ExpressionErrors.Kind.RESERVED_WORD,
                            "Attribute name is a reserved keyword; reserved keyword: " + name);
                }
                steps.add(name);
            }
        }
        return new DocumentPath(steps);
    }

    /** A value already known to be defined. */
    Value valueOf(Token placeholder) {
        return values.get(placeholder.text());
    }
}
