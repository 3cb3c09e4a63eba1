package com.bigtimedeals.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.time.Clock;
import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.bigtimedeals.api.ApiHandler;
import com.bigtimedeals.topology.LambdaFunction;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The topology names each function's handler by its binary name, so that the CDK app need not depend on this code;
 * this holds every name to a real handler class that Lambda can build (public, a no-argument constructor) and that
 * says it serves that very function, and every handler class to the function that names it.
 */
class HandlerBindingTest {
    @Test
    void everyFunctionNamesAHandlerClassBoundToThatVeryFunction() throws Exception {
        for (LambdaFunction f : LambdaFunction.values()) {
            Class<?> handler = Class.forName(f.handlerClass());
            assertTrue(RequestHandler.class.isAssignableFrom(handler), f + ": " + handler.getName() + " is no Lambda handler");
            assertTrue(Modifier.isPublic(handler.getModifiers()) && !Modifier.isAbstract(handler.getModifiers()), f.handlerClass());
            assertTrue(Modifier.isPublic(handler.getConstructor().getModifiers()), "Lambda builds " + f.handlerClass() + " with no arguments");
            Field bound = handler.getField("FUNCTION");
            assertTrue(Modifier.isStatic(bound.getModifiers()) && Modifier.isFinal(bound.getModifiers()), f.handlerClass());
            assertEquals(f, bound.get(null), f + " names " + handler.getSimpleName() + ", which serves " + bound.get(null));
            if (ApiHandler.class.isAssignableFrom(handler)) {
                // Built as a test builds it, the handler reports the function it serves: its routes are the topology's.
                for (Constructor<?> c : handler.getConstructors()) {
                    if (c.getParameterCount() == 2 && c.getParameterTypes()[1] == FunctionRuntime.class) {
                        assertEquals(f, ((ApiHandler) c.newInstance(null, FunctionRuntime.at(Clock.systemUTC()))).function());
                    }
                }
            }
        }
    }

    @Test
    void everyHandlerClassIsNamedByExactlyOneFunction() {
        Set<String> named = new HashSet<>();
        for (LambdaFunction f : LambdaFunction.values()) {
            assertTrue(named.add(f.handlerClass()), f.handlerClass() + " is named twice");
        }
        Set<String> handlers = new HashSet<>();
        for (JavaClass c : new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("com.bigtimedeals.api", "com.bigtimedeals.stream", "com.bigtimedeals.lambda")) {
            if (c.isAssignableTo(RequestHandler.class) && !c.getModifiers().contains(JavaModifier.ABSTRACT)
                    && !c.isAnonymousClass()) {
                handlers.add(c.getName());
            }
        }
        assertEquals(named, handlers, "every handler class is deployed as exactly the function that names it");
    }
}
