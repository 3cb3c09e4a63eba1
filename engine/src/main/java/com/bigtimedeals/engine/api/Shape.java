package com.bigtimedeals.engine.api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The declared shape of a request member, with its constraints, as the service's request model declares it. The
 * service checks a request in two passes, and so do we ({@link ShapeChecker}): first that each member has the right
 * JSON type ({@code SerializationException}), then every constraint, collecting up to ten failures into one
 * {@code ValidationException} ("2 validation errors detected: Value ... at 'keySchema' failed to satisfy
 * constraint: ...").
 */
public final class Shape {
    /** The JSON kinds the service's model distinguishes, each with its own serialization messages. */
    public enum Kind {
        BOOLEAN, INTEGER, LONG, STRING, BLOB,
        /** A list member. */
        LIST,
        /** A list nested directly in a map value (BatchWriteItem's requests per table). */
        PARAMETERIZED_LIST,
        /** A map member; {@link #typeName} names its value class in messages. */
        MAP,
        /** A map nested directly in a list (BatchGetItem's keys). */
        PARAMETERIZED_MAP,
        /** A structure that is a map value or list element. */
        VALUE_STRUCT,
        /** A structure that is a member of another structure. */
        FIELD_STRUCT,
        /** An AttributeValue that is a map value or list element. */
        ATTRIBUTE_VALUE,
        /** An AttributeValue that is a member of a structure (Expected's Value, AttributeUpdates' Value). */
        ATTRIBUTE_FIELD
    }

    final Kind kind;
    String typeName;
    Shape element;
    final Map<String, Shape> fields = new LinkedHashMap<>();
    boolean notNull;
    boolean required;
    /** A table name that may also be given as the table's ARN. */
    boolean tableName;
    List<String> enumValues;
    Pattern pattern;
    String patternText;
    Long min;
    Long max;
    Integer minLength;
    Integer maxLength;
    Shape keyConstraints;
    Shape valueConstraints;
    boolean generic;
    boolean jsonEcho;

    private Shape(Kind kind) {
        this.kind = kind;
    }

    public static Shape bool() {
        return new Shape(Kind.BOOLEAN);
    }

    public static Shape integer() {
        return new Shape(Kind.INTEGER);
    }

    public static Shape longValue() {
        return new Shape(Kind.LONG);
    }

    public static Shape string() {
        return new Shape(Kind.STRING);
    }

    public static Shape blob() {
        return new Shape(Kind.BLOB);
    }

    public static Shape list(Shape element) {
        Shape s = new Shape(Kind.LIST);
        s.element = element;
        return s;
    }

    public static Shape parameterizedList(Shape element) {
        Shape s = new Shape(Kind.PARAMETERIZED_LIST);
        s.element = element;
        return s;
    }

    /** {@code valueType} as the service's messages name it, e.g. {@code AttributeValue}. */
    public static Shape map(String valueType, Shape value) {
        Shape s = new Shape(Kind.MAP);
        s.typeName = valueType;
        s.element = value;
        return s;
    }

    public static Shape parameterizedMap(Shape value) {
        Shape s = new Shape(Kind.PARAMETERIZED_MAP);
        s.element = value;
        return s;
    }

    /** A structure that appears as a list element or map value; {@code typeName} as in the service's messages. */
    public static Shape valueStruct(String typeName) {
        Shape s = new Shape(Kind.VALUE_STRUCT);
        s.typeName = typeName;
        return s;
    }

    public static Shape fieldStruct(String typeName) {
        Shape s = new Shape(Kind.FIELD_STRUCT);
        s.typeName = typeName;
        return s;
    }

    public static Shape attributeValue() {
        return new Shape(Kind.ATTRIBUTE_VALUE);
    }

    public static Shape attributeField() {
        return new Shape(Kind.ATTRIBUTE_FIELD);
    }

    /** A map of attribute names to AttributeValues (an item or a key). */
    public static Shape attributeMap() {
        return map("AttributeValue", attributeValue());
    }

    public static Shape stringMap() {
        return map("java.lang.String", string());
    }

    /** The request's top level: a structure whose members are checked with their own names. */
    public static Shape request() {
        return new Shape(Kind.FIELD_STRUCT);
    }

    public Shape field(String name, Shape shape) {
        fields.put(name, shape);
        return this;
    }

    public Shape notNull() {
        notNull = true;
        return this;
    }

    /** Checked before every other constraint: "The parameter 'X' is required but was not present in the request". */
    public Shape required() {
        required = true;
        return this;
    }


    public Shape oneOf(String... values) {
        enumValues = List.of(values);
        return this;
    }

    public Shape pattern(String regex) {
        patternText = regex;
        pattern = Pattern.compile(regex);
        return this;
    }

    public Shape min(long value) {
        min = value;
        return this;
    }

    public Shape max(long value) {
        max = value;
        return this;
    }

    public Shape length(int minimum, int maximum) {
        minLength = minimum;
        maxLength = maximum;
        return this;
    }

    public Shape minLength(int minimum) {
        minLength = minimum;
        return this;
    }

    public Shape maxLength(int maximum) {
        maxLength = maximum;
        return this;
    }

    /**
     * Length constraints of this member are reported in the service's newer wording, which names the member by its
     * request path and does not echo the value ({@code Value at 'RequestItems' failed to satisfy constraint: ...}).
     */
    public Shape genericMessage() {
        generic = true;
        return this;
    }

    /** Constraint messages about this member echo it as JSON, as the service's newer validation does. */
    public Shape jsonEcho() {
        jsonEcho = true;
        return this;
    }

    /** Constraints every key of a map must meet. */
    public Shape keys(Shape constraints) {
        keyConstraints = constraints;
        return this;
    }

    /** Length constraints every value of a map must meet. */
    public Shape values(Shape constraints) {
        valueConstraints = constraints;
        return this;
    }

    /**
     * The table-name constraints of the operations that also take a table ARN (all but CreateTable): an empty name
     * fails the model's minimum of 1 alone; any other name that is not an ARN must have 3 to 255 characters and
     * match the pattern, reported in that order (the service's answer to UpdateItem on {@code x!}: "2 validation
     * errors detected: ... length greater than or equal to 3; ... regular expression pattern", moto's
     * AWS-verified test_update_item_with_invalid_table_name); an ARN may have up to 1024.
     */
    public static Shape tableNameMember() {
        Shape s = string().notNull().pattern("[a-zA-Z0-9_.-]+").length(3, 255);
        s.tableName = true;
        return s;
    }

    /**
     * The keys of a batch's RequestItems: table names checked as the service still words them (3 to 255 characters
     * of the pattern), or table ARNs of up to 1024 characters, which the service also takes there.
     */
    public static Shape batchTableKey() {
        Shape s = string().length(3, 255).pattern("[a-zA-Z0-9_.-]+");
        s.tableName = true;
        return s;
    }

    public static Shape indexNameMember() {
        return string().pattern("[a-zA-Z0-9_.-]+").length(3, 255);
    }
}
