package com.bigtimedeals.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaAnnotation;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.properties.HasName;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The module and package boundaries (docs/architecture.md), held by the code's own imports: the next arrow that
 * runs back up fails here. Each module has its own packages, so a package rule is a module rule.
 */
class ArchitectureTest {
    /**
     * The product's classes; the engine (engine/) is a separate thing that knows nothing of it, its floors held by its
     * own ArchitectureTest.
     */
    static final JavaClasses PRODUCT = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(location -> !location.contains("/com/bigtimedeals/engine/"))
            .importPackages("com.bigtimedeals");

    /**
     * The packages of shared/, by feature (docs/architecture.md), each with the features it may use besides platform:
     * its records, its stores and its slice of the key chart live together, and a feature reaches another only
     * along these arrows. platform (settings, clients, start-up, the table, the key chart's core, concurrency
     * helpers, the shared text rules) uses no feature; the families every grant names (topology's PartitionKeys) sit above
     * them all.
     */
    static final Map<String, Set<String>> FEATURES = Map.of(
            "platform", Set.of(),
            "accounts", Set.of(),
            "prices", Set.of(),
            "deals", Set.of("prices"),
            "catalogue", Set.of("deals", "prices"),
            "community", Set.of("accounts", "catalogue", "deals"),
            "inbox", Set.of("accounts", "catalogue", "deals"),
            "saved", Set.of("accounts", "deals"),
            "devices", Set.of("inbox"),
            "changes", Set.of("accounts", "catalogue", "community", "deals", "inbox"));

    static final String[] SHARED = FEATURES.keySet().stream().map(f -> "com.bigtimedeals." + f + "..").sorted()
            .toArray(String[]::new);

    @Test
    void modulesOnlyEverDependDownwards() {
        layeredArchitecture().consideringOnlyDependenciesInAnyPackage("com.bigtimedeals..")
                .layer("shared").definedBy(SHARED)
                .layer("topology").definedBy("com.bigtimedeals.topology..")
                .layer("functions").definedBy("com.bigtimedeals.lambda..", "com.bigtimedeals.service..",
                        "com.bigtimedeals.api..", "com.bigtimedeals.stream..", "com.bigtimedeals.logging..")
                .layer("local").definedBy("com.bigtimedeals.local..")
                .layer("bench").definedBy("com.bigtimedeals.bench..")
                .layer("infra").definedBy("com.bigtimedeals.infra..")
                .layer("harness").definedBy("com.bigtimedeals.harness..")
                .whereLayer("bench").mayNotBeAccessedByAnyLayer()
                .whereLayer("infra").mayNotBeAccessedByAnyLayer()
                .whereLayer("local").mayOnlyBeAccessedByLayers("bench")
                .whereLayer("functions").mayOnlyBeAccessedByLayers("local", "bench")
                .whereLayer("topology").mayOnlyBeAccessedByLayers("functions", "local", "bench", "infra")
                .whereLayer("shared").mayOnlyBeAccessedByLayers("topology", "functions", "local", "bench", "infra")
                .whereLayer("harness").mayOnlyBeAccessedByLayers("local", "bench")
                .check(PRODUCT);
    }

    /** Every package of shared/ is one of {@link #FEATURES}: a new one is declared there, with its arrows. */
    @Test
    void sharedHoldsOnlyTheDeclaredFeatures() throws Exception {
        // The sources, not target/classes: a checkout built before a package moved keeps its old class folders.
        Path sources = Path.of("..", "shared", "src", "main", "java", "com", "bigtimedeals");
        Set<String> packages = new TreeSet<>();
        try (Stream<Path> dirs = Files.list(sources)) {
            dirs.filter(Files::isDirectory).forEach(d -> packages.add(d.getFileName().toString()));
        }
        assertEquals(new TreeSet<>(FEATURES.keySet()), packages);
    }

    @Test
    void aFeatureUsesPlatformAndOnlyTheFeaturesItIsDeclaredToDependOn() {
        for (var feature : FEATURES.entrySet()) {
            Set<String> allowed = new TreeSet<>(feature.getValue());
            allowed.add(feature.getKey());
            allowed.add("platform");
            String[] others = FEATURES.keySet().stream().filter(f -> !allowed.contains(f))
                    .map(f -> "com.bigtimedeals." + f + "..").sorted().toArray(String[]::new);
            noClasses().that().resideInAPackage("com.bigtimedeals." + feature.getKey() + "..").should()
                    .dependOnClassesThat().resideInAnyPackage(others)
                    .because(feature.getKey() + " may use " + allowed).check(PRODUCT);
        }
    }

    @Test
    void noCircleRunsBetweenFeatures() {
        slices().matching("com.bigtimedeals.(*)..").should().beFreeOfCycles()
                .check(PRODUCT.that(com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage(SHARED)));
    }

    /**
     * Issue 38: the catalogue and the prices are features of their own, in one order. The prices stand below the deals
     * (a deal's price history and its link's low are theirs, by link and deal id), the catalogue above them (a
     * category's featured list copies deals, a rename writes onto them). Posting a deal reads its brand, its category
     * and its link's low in one request: that read is composed in one class above all three, {@code DealPosting},
     * the only caller of the deal's creation, and the deals are handed what it found ({@code DealOwners}); the front
     * page is handed its featured deals ({@code FeaturedSource}).
     */
    @Test
    void thePricesStandBelowTheDealsAndTheCatalogueAboveThem() {
        noClasses().that().resideInAPackage("com.bigtimedeals.prices..").should().dependOnClassesThat()
                .resideInAnyPackage("com.bigtimedeals.deals..", "com.bigtimedeals.catalogue..")
                .because("a link's low and a price history know links and deal ids, not deals").check(PRODUCT);
        noClasses().that().resideInAPackage("com.bigtimedeals.deals..").should().dependOnClassesThat()
                .resideInAPackage("com.bigtimedeals.catalogue..")
                .because("the catalogue composes what it needs of the deals; the deals are handed it").check(PRODUCT);
        noClasses().that().resideInAPackage("com.bigtimedeals.catalogue..")
                .and().doNotHaveFullyQualifiedName("com.bigtimedeals.catalogue.DealPosting")
                .should().dependOnClassesThat().resideInAPackage("com.bigtimedeals.prices..")
                .because("posting a deal is where the catalogue meets the prices, in its one read").check(PRODUCT);
        String[] create = {"com.bigtimedeals.deals.DealStore", "create", "com.bigtimedeals.deals.NewDeal", "java.lang.String",
                "com.bigtimedeals.deals.DealOwners"};
        classes().that().haveFullyQualifiedName("com.bigtimedeals.catalogue.DealPosting")
                .should().callMethod(create[0], create[1], create[2], create[3], create[4]).check(PRODUCT);
        noClasses().that().doNotHaveFullyQualifiedName("com.bigtimedeals.catalogue.DealPosting")
                .should().callMethod(create[0], create[1], create[2], create[3], create[4])
                .because("a deal is posted with its brand, category and link low read in one request (RequestBudgetTest)")
                .check(PRODUCT);
    }

    @Test
    void noFeatureKnowsTheFunctionsThatCallIt() {
        noClasses().that().resideInAnyPackage(SHARED).should().dependOnClassesThat()
                .resideInAnyPackage("com.bigtimedeals.api..", "com.bigtimedeals.service..", "com.bigtimedeals.stream..",
                        "com.bigtimedeals.lambda..")
                .because("a store is handed what it needs; the functions' layers call down into it").check(PRODUCT);
    }

    /**
     * A feature's records (its top-level records, enums and interfaces) are plain values that know nothing of storage.
     * platform is left out: its records are the table itself (Table).
     */
    @Test
    void theRecordsKnowNothingOfTheirStorage() {
        noClasses().that().resideInAnyPackage(SHARED).and().resideOutsideOfPackage("com.bigtimedeals.platform..")
                .and().areTopLevelClasses()
                .and(com.tngtech.archunit.base.DescribedPredicate.describe("are records, enums or interfaces",
                        (JavaClass c) -> c.isRecord() || c.isEnum() || c.isInterface()))
                .should().dependOnClassesThat().resideInAPackage("software.amazon.awssdk..")
                .orShould().dependOnClassesThat().haveSimpleNameEndingWith("Store")
                .because("records are plain values; their feature's store maps them to items").check(PRODUCT);
    }

    @Test
    void theStreamConsumerAndTheApiHandlersShareOnlyTheRuntimeAndTheServicesDependOnNeither() {
        noClasses().that().resideInAPackage("com.bigtimedeals.stream..").should().dependOnClassesThat()
                .resideInAPackage("com.bigtimedeals.api..").check(PRODUCT);
        noClasses().that().resideInAPackage("com.bigtimedeals.api..").should().dependOnClassesThat()
                .resideInAPackage("com.bigtimedeals.stream..").check(PRODUCT);
        noClasses().that().resideInAnyPackage("com.bigtimedeals.service..", "com.bigtimedeals.lambda..").should()
                .dependOnClassesThat().resideInAnyPackage("com.bigtimedeals.api..", "com.bigtimedeals.stream..")
                .check(PRODUCT);
    }

    @Test
    void apiHandlersCallServicesNeverStoresOrTheSdk() {
        classes().that().resideInAPackage("com.bigtimedeals.api..").and().haveSimpleNameEndingWith("Handler")
                .should().onlyDependOnClassesThat()
                .resideOutsideOfPackages("software.amazon.awssdk..").andShould().onlyDependOnClassesThat()
                .haveSimpleNameNotEndingWith("Store").check(PRODUCT);
    }

    /**
     * Issue 38: idempotency is the service layer's (IdempotencyService runs a keyed operation and answers a typed
     * result), so the frame every handler shares names nothing of shared/ but the refusal it maps to a status
     * (DomainException), nor the SDK; and no HTTP type reaches below the API: a store writes the record the service
     * hands it, opaque bytes, never a reply.
     */
    @Test
    void idempotencyIsTheServicesAndNoHttpTypeGoesBelowTheApi() {
        noClasses().that().haveFullyQualifiedName("com.bigtimedeals.api.ApiHandler").should().dependOnClassesThat(
                        JavaClass.Predicates.resideInAnyPackage(SHARED)
                                .and(DescribedPredicate.not(HasName.Predicates.nameMatching("com\\.bigtimedeals\\.platform\\.DomainException(\\$.*)?")))
                                .or(JavaClass.Predicates.resideInAPackage("software.amazon.awssdk..")))
                .check(PRODUCT);
        String[] belowTheApi = Stream.concat(Stream.of("com.bigtimedeals.service.."), Stream.of(SHARED)).toArray(String[]::new);
        noClasses().that().resideInAnyPackage(belowTheApi).should().dependOnClassesThat()
                .resideInAnyPackage("com.bigtimedeals.api..", "com.amazonaws.services.lambda.runtime.events..")
                .check(PRODUCT);
    }

    /**
     * Issue 39: the SNS SDK is on no cold path that does not need it. One class of the functions speaks SNS (SnsPush),
     * built only by Container for the functions that call SNS; the local stand-in speaks its wire protocol, not its SDK.
     */
    @Test
    void onlySnsPushUsesTheSnsSdk() {
        noClasses().that().resideOutsideOfPackage("com.bigtimedeals.bench..")
                .and().doNotHaveFullyQualifiedName("com.bigtimedeals.lambda.SnsPush")
                .should().dependOnClassesThat().resideInAPackage("software.amazon.awssdk.services.sns..")
                .because("a class naming an SNS type loads the SNS SDK wherever it is loaded").check(PRODUCT);
        noClasses().that().resideInAnyPackage("com.bigtimedeals.api..", "com.bigtimedeals.service..")
                .should().dependOnClassesThat().haveFullyQualifiedName("com.bigtimedeals.lambda.SnsPush")
                .because("the handlers are handed their push service by Container, which builds SNS only where it is called")
                .check(PRODUCT);
    }

    @Test
    void onlyWhereAProcessStartsIsItsEnvironmentRead() {
        noClasses().that().doNotHaveFullyQualifiedName("com.bigtimedeals.platform.Settings")
                .and().resideOutsideOfPackages("com.bigtimedeals.local..", "com.bigtimedeals.bench..")
                .should().callMethod(System.class, "getenv", String.class)
                .orShould().callMethod(System.class, "getenv")
                .orShould().callMethod(System.class, "getProperty", String.class)
                .because("stores and services are handed their configuration; they never read the environment")
                .check(PRODUCT);
        noClasses().that().resideInAnyPackage(Stream.concat(Stream.of(SHARED), Stream.of(
                        "com.bigtimedeals.service..", "com.bigtimedeals.stream..", "com.bigtimedeals.api..",
                        "com.bigtimedeals.topology..", "com.bigtimedeals.infra..")).toArray(String[]::new))
                .should().callMethod("com.bigtimedeals.platform.Settings", "fromProcess")
                .because("a function reads its environment once, in Container, where its handler is built")
                .check(PRODUCT);
    }

    /**
     * The inbox's retention rule (INBOX_RETENTION_DAYS's range) is checked once, by the value that holds a retention;
     * the configuration, the inbox's stores and its message items take that value and check nothing themselves.
     */
    @Test
    void theRetentionRuleIsCheckedOnceByItsValue() {
        noClasses().that().doNotHaveFullyQualifiedName("com.bigtimedeals.platform.InboxRetention")
                .and().doNotHaveFullyQualifiedName("com.bigtimedeals.platform.Setting")
                .should().callMethod("com.bigtimedeals.platform.Setting", "checked", "long")
                .because("a retention is valid by its type, InboxRetention, which alone checks the setting's range")
                .check(PRODUCT);
    }

    /** Every module's tests, from their build directories: this module sees the others' main classes only. */
    static final JavaClasses TESTS = new ClassFileImporter().importPaths(Stream.of("shared", "topology", "functions",
            "local", "bench", "infra", "harness").map(m -> Path.of("..", m, "target", "test-classes")).filter(Files::isDirectory)
            .toList());

    @Test
    void everyDatabaseComesThroughTheOneSeam() {
        ArchRule rule = noClasses().that().resideOutsideOfPackage("com.bigtimedeals.harness..")
                .should().dependOnClassesThat().resideInAPackage("com.bigtimedeals.engine..")
                .because("the engine is started, served, faulted and lagged behind harness.Database, one place");
        rule.check(PRODUCT);
        rule.check(TESTS);
    }

    @Test
    void nothingDependsOnDynamoDbLocal() {
        ArchRule rule = noClasses().should().dependOnClassesThat().resideInAnyPackage("com.amazonaws.services.dynamodbv2..",
                        "com.almworks.sqlite4java..")
                .because("DynamoDB Local is not open source (docs/engine.md): everything runs on our own engine");
        rule.check(PRODUCT);
        rule.check(TESTS);
    }

    /** The tiers a test can be tagged with (docs/architecture.md); an untagged test is a unit test. */
    static final Set<String> TIERS = Set.of("engine", "stack", "deployment");
    /** What only a test of a tier may start: a database, the local stack or its gateway, another process. */
    static final Set<String> OUTSIDE_THE_JVM = Set.of("com.bigtimedeals.harness.Database.start",
            "com.bigtimedeals.local.LocalStack.start", "com.bigtimedeals.local.Gateway.start",
            "com.bigtimedeals.local.StackProcess.start", "java.lang.ProcessBuilder.start");

    @Test
    void aUnitTestNeedsNothingButTheJvm() {
        assertTrue(TESTS.size() > 50, "the other modules' tests are built: " + TESTS.size());
        List<String> offenders = new ArrayList<>();
        for (JavaClass test : TESTS) {
            boolean isTest = test.getMethods().stream().anyMatch(m -> m.isAnnotatedWith("org.junit.jupiter.api.Test")
                    || m.isAnnotatedWith("org.junit.jupiter.params.ParameterizedTest"));
            if (!isTest || tier(test) != null) {
                continue;
            }
            test.getMethodCallsFromSelf().forEach(call -> {
                String target = call.getTargetOwner().getName() + "." + call.getName();
                if (OUTSIDE_THE_JVM.contains(target) || call.getTargetOwner().isAssignableTo("com.bigtimedeals.platform.DynamoDbTest")) {
                    offenders.add(test.getName() + " -> " + target);
                }
            });
        }
        assertEquals(List.of(), offenders, "an untagged test reaches outside the JVM: tag it with its tier");
    }

    /** The tier of a test class: its own tag, its enclosing class's, or a superclass's (JUnit inherits @Tag). */
    private static String tier(JavaClass test) {
        for (JavaClass c = test; c != null; ) {
            for (var annotation : c.getAnnotations()) {
                for (String tag : tags(annotation)) {
                    if (TIERS.contains(tag)) {
                        return tag;
                    }
                }
            }
            JavaClass at = c;
            c = at.getEnclosingClass().or(at::getRawSuperclass).orElse(null);
        }
        return null;
    }

    /** The values of a @Tag, or of each tag of a class with more than one (Java keeps those in one @Tags). */
    private static List<String> tags(JavaAnnotation<?> annotation) {
        return switch (annotation.getRawType().getName()) {
            case "org.junit.jupiter.api.Tag" -> List.of(String.valueOf(annotation.get("value").orElse("")));
            case "org.junit.jupiter.api.Tags" -> Stream.of((Object[]) annotation.get("value").orElse(new Object[0]))
                    .flatMap(tag -> tags((JavaAnnotation<?>) tag).stream()).toList();
            default -> List.of();
        };
    }
}
