package com.bigtimedeals.engine.expr;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.bigtimedeals.engine.value.Value;

/**
 * A KeyConditionExpression reduced to one condition per key attribute, checked in two steps as the service does.
 * The first needs only the expression: only AND may join conditions, each condition names exactly one top-level
 * attribute, once, with {@code =}, {@code <}, {@code <=}, {@code >}, {@code >=}, {@code BETWEEN} or
 * {@code begins_with}. The second ({@link #against}) matches the conditions to a table's or index's key.
 */
public final class KeyConditions {
    private static final String PREFIX = "Invalid KeyConditionExpression: ";

    /** One condition on one key attribute, the attribute written first ({@code :v < k} becomes {@code k > :v}). */
    record KeyPart(String attribute, SortKeyCondition.Op op, List<Value> operands) {
    }

    private final Map<String, KeyPart> parts;

    private KeyConditions(Map<String, KeyPart> parts) {
        this.parts = parts;
    }

    /** The number of conditions (one per key attribute named). */
    public int size() {
        return parts.size();
    }

    static KeyConditions of(Syntax.Cond root, ExpressionContext context) {
        Map<String, KeyPart> parts = new LinkedHashMap<>();
        new Builder(context, parts).visit(root);
        return new KeyConditions(parts);
    }

    /** Legacy KeyConditions arrive already split by attribute. */
    static KeyConditions ofParts(Map<String, KeyPart> parts) {
        return new KeyConditions(parts);
    }

    /** Matches the conditions to the key of the table or index queried; throws the service's message if they miss. */
    public KeyCondition against(KeySchema schema) {
        if (schema.multiAttribute()) {
            return againstMultiAttribute(schema);
        }
        int keys = schema.hasSortKey() ? 2 : 1;
        if (parts.size() > keys) {
            throw new ExpressionException("The number of query conditions (" + parts.size()
                    + ") exceeds the number of key attributes defined in the schema (" + keys + ")");
        }
        KeyPart partition = parts.get(schema.partitionKey());
        if (partition == null) {
            throw missed(schema.partitionKey());
        }
        checkTypes(partition, schema.partitionType());
        if (partition.op() != SortKeyCondition.Op.EQ) {
            throw new ExpressionException("Query key condition not supported");
        }
        SortKeyCondition sort = null;
        for (KeyPart part : parts.values()) {
            if (part == partition) {
                continue;
            }
            if (!part.attribute().equals(schema.sortKey())) {
                throw missed(schema.hasSortKey() ? schema.sortKey() : schema.partitionKey());
            }
            checkTypes(part, schema.sortType());
            List<Value> operands = part.operands();
            sort = new SortKeyCondition(part.attribute(), part.op(), operands.get(0),
                    operands.size() > 1 ? operands.get(1) : null);
        }
        return new KeyCondition(schema.partitionKey(), partition.operands().get(0), sort);
    }

    /**
     * A multi-attribute key (Developer Guide, "Multi-attribute keys pattern"): every partition key attribute with
     * {@code =}; then sort key attributes from the first, left to right, without skipping one, each with {@code =}
     * but the last named, which may use any key condition operator.
     */
    private KeyCondition againstMultiAttribute(KeySchema schema) {
        int keys = schema.attributes().size();
        if (parts.size() > keys) {
            throw new ExpressionException("The number of query conditions (" + parts.size()
                    + ") exceeds the number of key attributes defined in the schema (" + keys + ")");
        }
        for (KeyPart part : parts.values()) {
            if (!schema.isKey(part.attribute())) {
                throw missed(firstUnnamed(schema));
            }
        }
        List<Value> partitionValues = new ArrayList<>();
        for (int i = 0; i < schema.partitionKeys().size(); i++) {
            KeyPart part = parts.get(schema.partitionKeys().get(i));
            if (part == null) {
                throw missed(schema.partitionKeys().get(i));
            }
            checkTypes(part, schema.partitionTypes().get(i));
            if (part.op() != SortKeyCondition.Op.EQ) {
                throw new ExpressionException("Query key condition not supported");
            }
            partitionValues.add(part.operands().get(0));
        }
        List<KeyPart> sortParts = new ArrayList<>();
        for (int i = 0; i < schema.sortKeys().size(); i++) {
            KeyPart part = parts.get(schema.sortKeys().get(i));
            if (part == null) {
                break;
            }
            checkTypes(part, schema.sortTypes().get(i));
            sortParts.add(part);
        }
        if (schema.partitionKeys().size() + sortParts.size() < parts.size()) {
            // A later sort attribute is named while an earlier one is not: the key is read left to right.
            throw missed(schema.sortKeys().get(sortParts.size()));
        }
        List<Value> prefix = new ArrayList<>();
        SortKeyCondition sort = null;
        for (int i = 0; i < sortParts.size(); i++) {
            KeyPart part = sortParts.get(i);
            boolean last = i == sortParts.size() - 1;
            if (!last) {
                if (part.op() != SortKeyCondition.Op.EQ) {
                    throw new ExpressionException("Query key condition not supported");
                }
                prefix.add(part.operands().get(0));
                continue;
            }
            List<Value> operands = part.operands();
            sort = new SortKeyCondition(part.attribute(), part.op(), operands.get(0),
                    operands.size() > 1 ? operands.get(1) : null);
        }
        return new KeyCondition(schema.partitionKey(), partitionValues.get(0), sort, partitionValues, prefix);
    }

    private String firstUnnamed(KeySchema schema) {
        for (String attribute : schema.attributes()) {
            if (!parts.containsKey(attribute)) {
                return attribute;
            }
        }
        return schema.partitionKey();
    }

    /**
     * A Query's filter may not read the key attributes of the table or index queried: the service refuses a
     * FilterExpression ({@code legacy} false) or a QueryFilter ({@code legacy} true) naming one.
     */
    public static void refuseKeyAttributesInFilter(Condition filter, KeySchema schema, boolean legacy) {
        String parameter = legacy ? "QueryFilter" : "Filter Expression";
        for (String key : schema.attributes()) {
            if (filter.topLevelNames().contains(key)) {
                throw new ExpressionException(parameter + " can only contain non-primary key attributes: "
                        + "Primary key attribute: " + key);
            }
        }
    }

    /**
     * A projection, filter or update may not reach inside a key attribute of the table or of one of its indexes
     * ({@code a.b}, {@code a[0]}): the service refuses it, naming the table's key attribute first ({@code Key: a}),
     * then an index's ({@code IndexKey: d}), once it knows the table.
     *
     * @param nestedTopLevelNames {@link Projection#nestedTopLevelNames()}, {@link Condition#nestedTopLevelNames()} or
     *        {@link Update#nestedTopLevelNames()}
     * @param tableKeyAttributes the table's partition key, then its sort key if any
     * @param indexKeyAttributes the key attributes of the table's indexes, in the order the table lists them
     */
    public static void refuseNestedKeyAccess(Set<String> nestedTopLevelNames, List<String> tableKeyAttributes,
            Collection<String> indexKeyAttributes) {
        String refused = "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: ";
        for (String key : tableKeyAttributes) {
            if (nestedTopLevelNames.contains(key)) {
                throw new ExpressionException(refused + "Key: " + key);
            }
        }
        for (String key : indexKeyAttributes) {
            if (nestedTopLevelNames.contains(key)) {
                throw new ExpressionException(refused + "IndexKey: " + key);
            }
        }
    }

    private static void checkTypes(KeyPart part, Value.Type type) {
        for (Value operand : part.operands()) {
            if (operand.type() != type) {
                throw new ExpressionException(
                        "One or more parameter values were invalid: Condition parameter type does not match schema type");
            }
        }
        for (Value operand : part.operands()) {
            if (operand instanceof Value.S s && s.value().isEmpty() || operand instanceof Value.B b && b.length() == 0) {
                throw new ExpressionException("One or more parameter values are not valid. The AttributeValue for a key "
                        + "attribute cannot contain an empty " + (operand instanceof Value.S ? "string" : "binary")
                        + " value. Key: " + part.attribute());
            }
        }
    }

    private static ExpressionException missed(String attribute) {
        return new ExpressionException("Query condition missed key schema element: " + attribute);
    }

    /** Walks the checked expression, refusing what a key condition cannot say, in the service's order. */
    /**
     * A key condition refused for its structure (its operators, the attributes in one condition, conditions per key),
     * not its text: the service reports every other expression's errors and unused names and values first.
     */
    public static final class StructureError extends ExpressionException {
        StructureError(String message) {
            super(message);
        }
    }

    private static final class Builder {
        private final ExpressionContext context;
        private final Map<String, KeyPart> parts;

        Builder(ExpressionContext context, Map<String, KeyPart> parts) {
            this.context = context;
            this.parts = parts;
        }

        void visit(Syntax.Cond c) {
            c = Syntax.unwrap(c);
            if (c instanceof Syntax.And and) {
                visit(and.left());
                visit(and.right());
                return;
            }
            if (c instanceof Syntax.Or) {
                throw invalidOperator("OR");
            }
            if (c instanceof Syntax.Not) {
                throw invalidOperator("NOT");
            }
            if (c instanceof Syntax.In) {
                throw invalidOperator("IN");
            }
            if (c instanceof Syntax.Compare compare) {
                ConditionNodes.Comparator comparator = ConditionNodes.Comparator.of(compare.operator().kind());
                if (comparator == ConditionNodes.Comparator.NE) {
                    throw invalidOperator("<>");
                }
                condition(opOf(comparator), List.of(compare.left(), compare.right()));
                return;
            }
            if (c instanceof Syntax.Between between) {
                if (!(Syntax.unwrap(between.operand()) instanceof Syntax.PathRef)) {
                    throw firstOperand("BETWEEN");
                }
                condition(SortKeyCondition.Op.BETWEEN, List.of(between.operand(), between.lower(), between.upper()));
                return;
            }
            Syntax.Call call = ((Syntax.FunctionCond) c).call();
            function(call);
            if (!(Syntax.unwrap(call.args().get(0)) instanceof Syntax.PathRef)) {
                throw firstOperand("begins_with");
            }
            condition(SortKeyCondition.Op.BEGINS_WITH, call.args());
        }

        /** Only the functions the table allows in key conditions ({@code begins_with}); one yielding a value is nested. */
        private void function(Syntax.Call call) {
            ExpressionFunction function = ExpressionFunction.named(call.functionName());
            if (function != null && function.allowedIn(ExpressionFunction.Use.KEY_CONDITION)) {
                return;
            }
            if (function != null && function.yieldsValue) {
                throw new StructureError(PREFIX + "KeyConditionExpressions cannot contain nested operations");
            }
            throw invalidOperator(call.functionName());
        }

        private void condition(SortKeyCondition.Op op, List<Syntax.Operand> args) {
            String attribute = null;
            int attributeAt = 0;
            List<Value> operands = new ArrayList<>();
            for (int i = 0; i < args.size(); i++) {
                Syntax.Operand arg = Syntax.unwrap(args.get(i));
                if (arg instanceof Syntax.PathRef path) {
                    if (attribute != null) {
                        throw new StructureError(PREFIX
                                + "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition");
                    }
                    if (path.steps().size() > 1) {
                        throw new StructureError(PREFIX
                                + "KeyConditionExpressions cannot have conditions on nested attributes");
                    }
                    // Already checked as a condition: its name is defined.
                    attribute = context.path(path, new ExpressionErrors(), ExpressionErrors.Kind.UNDEFINED_NAME).head();
                    attributeAt = i;
                } else if (arg instanceof Syntax.Call nested) {
                    function(nested);
                } else {
                    operands.add(context.valueOf(((Syntax.ValueRef) arg).token()));
                }
            }
            if (attribute == null) {
                throw new StructureError(PREFIX + "Invalid condition in KeyConditionExpression: No key attribute specified");
            }
            if (parts.containsKey(attribute)) {
                throw new StructureError(PREFIX + "KeyConditionExpressions must only contain one condition per key");
            }
            if (attributeAt != 0) {
                op = flipped(op);
            }
            parts.put(attribute, new KeyPart(attribute, op, operands));
        }

        private static SortKeyCondition.Op opOf(ConditionNodes.Comparator comparator) {
            return switch (comparator) {
                case EQ -> SortKeyCondition.Op.EQ;
                case LT -> SortKeyCondition.Op.LT;
                case LE -> SortKeyCondition.Op.LE;
                case GT -> SortKeyCondition.Op.GT;
                default -> SortKeyCondition.Op.GE;
            };
        }

        /** {@code :v < k} is {@code k > :v}. */
        private static SortKeyCondition.Op flipped(SortKeyCondition.Op op) {
            return switch (op) {
                case LT -> SortKeyCondition.Op.GT;
                case LE -> SortKeyCondition.Op.GE;
                case GT -> SortKeyCondition.Op.LT;
                case GE -> SortKeyCondition.Op.LE;
                default -> op;
            };
        }

        private static StructureError invalidOperator(String operator) {
            return new StructureError(PREFIX + "Invalid operator used in KeyConditionExpression: " + operator);
        }

        private static StructureError firstOperand(String operator) {
            return new StructureError(PREFIX + "Invalid condition in KeyConditionExpression: " + operator
                    + " operator must have the key attribute as its first operand");
        }
    }
}
