package com.bigtimedeals.engine;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The engine's floors (docs/engine.md, "How it is built"), held by its own classes: the next arrow that runs back up
 * fails here. From the bottom: values and their stored forms; the expression language and the wire vocabulary (errors
 * and request shapes); durability, which knows only identifiers and bytes and is handed every commit; the core
 * (catalog, tables, indexes, streams, the commit point, and core/: the write path, capacity, TTL expiry, idempotency,
 * the core's state); the protocol, which decodes each operation's request, calls the core and encodes its answer
 * (ops/, and PartiQL and the TTL sweep beside it); and the engine itself with its HTTP server on top.
 */
class ArchitectureTest {
    static final JavaClasses ENGINE = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("com.bigtimedeals.engine");

    private static final String VALUES = "Values";
    private static final String EXPRESSIONS = "Expressions";
    private static final String VOCABULARY = "Wire vocabulary";
    private static final String FAULTS = "Fault injection";
    private static final String DURABILITY = "Durability";
    private static final String CORE = "Core";
    private static final String PROTOCOL = "Protocol";
    private static final String ENGINE_LAYER = "Engine";

    @Test
    void everyFloorOnlyEverDependsDownwards() {
        layeredArchitecture().consideringOnlyDependenciesInAnyPackage("com.bigtimedeals.engine..")
                .layer(VALUES).definedBy("..engine.value..", "..engine.json..", "..engine.codec..")
                .layer(EXPRESSIONS).definedBy("..engine.expr..")
                .layer(VOCABULARY).definedBy("..engine.api..")
                .layer(FAULTS).definedBy("..engine.fault..")
                .layer(DURABILITY).definedBy("..engine.store..")
                .layer(CORE).definedBy("..engine.core..", "..engine.table..", "..engine.stream..", "..engine.commit..")
                .layer(PROTOCOL).definedBy("..engine.ops..", "..engine.partiql..", "..engine.ttl..")
                .layer(ENGINE_LAYER).definedBy(resideInAnyPackage("com.bigtimedeals.engine", "..engine.http..", "..engine.sdk..")
                        .as("the engine, its settings and its HTTP server"))
                .whereLayer(VALUES).mayNotAccessAnyLayer()
                .whereLayer(FAULTS).mayNotAccessAnyLayer()
                .whereLayer(EXPRESSIONS).mayOnlyAccessLayers(VALUES)
                .whereLayer(VOCABULARY).mayOnlyAccessLayers(VALUES)
                .whereLayer(DURABILITY).mayOnlyAccessLayers(VALUES)
                .whereLayer(CORE).mayOnlyAccessLayers(VALUES, EXPRESSIONS, VOCABULARY, FAULTS, DURABILITY)
                .whereLayer(PROTOCOL).mayOnlyAccessLayers(VALUES, EXPRESSIONS, VOCABULARY, FAULTS, CORE)
                .whereLayer(ENGINE_LAYER).mayNotBeAccessedByAnyLayer()
                .check(ENGINE);
    }

    @Test
    void durabilityListensToCommitsAndNeverCallsUp() {
        noClasses().that().resideInAPackage("..engine.store..").should().dependOnClassesThat()
                .resideInAnyPackage("..engine.core..", "..engine.table..", "..engine.stream..", "..engine.commit..", "..engine.ops..",
                        "..engine.expr..", "..engine.api..")
                .because("the store is handed commits (Journal) and gives back what it read (Contents) as ids and bytes")
                .check(ENGINE);
        noClasses().that().resideInAnyPackage("..engine.ops..", "..engine.partiql..", "..engine.ttl..").should()
                .dependOnClassesThat().resideInAPackage("..engine.store..")
                .because("operations write through the commit point, which alone hands commits to the store")
                .check(ENGINE);
    }

    @Test
    void insideTheCoreStreamsSitBelowTablesAndTablesBelowTheCommitPoint() {
        noClasses().that().resideInAPackage("..engine.stream..").should().dependOnClassesThat()
                .resideInAnyPackage("..engine.table..", "..engine.commit..").check(ENGINE);
        noClasses().that().resideInAPackage("..engine.table..").should().dependOnClassesThat()
                .resideInAPackage("..engine.commit..")
                .because("the commit point applies changes to tables; a table never commits").check(ENGINE);
    }

    @Test
    void theExpressionLanguageAndPartiqlShareOneLexer() {
        noClasses().that().resideOutsideOfPackage("..engine.expr..").should().haveSimpleNameEndingWith("Lexer")
                .because("expr.Lexer splits expressions and PartiQL alike, a Lexer.Dialect each").check(ENGINE);
    }

    /**
     * Issue 38: two classes called Conditions and two called Faults, or a syntax tree and PartiQL's refusals both called
     * Syntax, made a reader ask which is which. Each top-level class's name is the engine's only one.
     */
    @Test
    void noTwoClassesShareOneName() {
        java.util.Map<String, java.util.List<String>> byName = new java.util.TreeMap<>();
        for (com.tngtech.archunit.core.domain.JavaClass c : ENGINE) {
            if (c.isTopLevelClass()) {
                byName.computeIfAbsent(c.getSimpleName(), n -> new java.util.ArrayList<>()).add(c.getName());
            }
        }
        byName.values().removeIf(names -> names.size() < 2);
        org.junit.jupiter.api.Assertions.assertEquals(java.util.Map.of(), byName, "classes that share one name");
    }

    @Test
    void insideTheOperationsParsersAndTheSweepSitApart() {
        noClasses().that().resideInAPackage("..engine.partiql..").should().dependOnClassesThat()
                .resideInAnyPackage("..engine.ops..", "..engine.ttl..")
                .because("PartiQL is parsed on its own; the operations run what it parsed").check(ENGINE);
        noClasses().that().resideInAPackage("..engine.ops..").should().dependOnClassesThat()
                .resideInAPackage("..engine.ttl..")
                .because("the TTL sweep deletes through the operations' write path, never the other way").check(ENGINE);
    }

    @Test
    void theCoreAnswersInTypesAndLeavesTheWireToTheProtocol() {
        noClasses().that().resideInAPackage("..engine.core..").should().dependOnClassesThat()
                .resideInAnyPackage("com.fasterxml.jackson..", "..engine.json..", "..engine.http..")
                .because("the core returns typed outcomes (WritePath.Outcome, Capacity); ops/ writes each shape once")
                .check(ENGINE);
        noClasses().that().resideInAPackage("..engine.core..").should().dependOnClassesThat()
                .resideInAnyPackage("..engine.ops..", "..engine.partiql..", "..engine.ttl..")
                .because("the protocol calls the core, never the other way").check(ENGINE);
    }

    @Test
    void theCoresStateIsReadThroughMethodsOnly() {
        fields().that().areDeclaredInClassesThat().resideInAPackage("..engine.core..").and().areNotStatic()
                .should().notBePublic()
                .because("Context and the core's outcomes hand out their parts by accessor: no caller swaps a part")
                .check(ENGINE);
    }

    @Test
    void noOperationRunsThroughAnotherOperation() {
        noClasses().that().resideInAnyPackage("..engine.ops..", "..engine.partiql..", "..engine.ttl..", "..engine.core..")
                .should().callMethod(com.bigtimedeals.engine.api.Operation.class, "execute", java.util.Map.class,
                        com.fasterxml.jackson.core.JsonGenerator.class)
                .because("each operation decodes its own request once and calls the core: PartiQL's statements run as typed"
                        + " core calls, never as requests written to PutItem, Query or TransactWriteItems and read back as maps")
                .check(ENGINE);
    }

    @Test
    void everyOperationIsAProtocolClassOverTheCore() {
        classes().that().implement(com.bigtimedeals.engine.api.Operation.class).should()
                .resideInAPackage("..engine.ops..")
                .because("an operation decodes its request, calls the core and encodes the outcome: the protocol floor")
                .check(ENGINE);
    }

    @Test
    void everyOperationDecodesItsRequestOnceAndRunsOnTheCore() {
        classes().that().implement(com.bigtimedeals.engine.api.Operation.class)
                .and().doNotHaveFullyQualifiedName("com.bigtimedeals.engine.ops.TypedOperation")
                .should().beAssignableTo("com.bigtimedeals.engine.ops.TypedOperation")
                .because("TypedOperation.execute is final: decode is the one step that reads the request map, run calls the"
                        + " core with the typed request and encode writes the typed outcome")
                .check(ENGINE);
    }
}
