package com.bigtimedeals.changes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Constructor;
import java.lang.reflect.Proxy;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The compiler refuses a kind of change without a {@link Change.Visitor} method (each kind's {@code accept} calls
 * {@code visitor.on(this)}, which has no overload for an unknown kind). This holds the rest: every kind, walks
 * included, reaches the method named for its own type, and the visitor has no method for a kind that is gone.
 */
class ChangeTest {
    @Test
    void everyKindOfChangeReachesTheVisitorMethodForItsOwnType() throws Exception {
        List<Class<?>> kinds = kinds(Change.class);
        Change.Visitor<?> whoWasCalled = (Change.Visitor<?>) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {Change.Visitor.class}, (proxy, method, args) -> method.getParameterTypes()[0]);
        for (Class<?> kind : kinds) {
            Change change = instance(kind);
            assertEquals(kind, change.accept(whoWasCalled), kind.getSimpleName());
        }
        List<Class<?>> visited = new ArrayList<>();
        for (var method : Change.Visitor.class.getMethods()) {
            visited.add(method.getParameterTypes()[0]);
        }
        assertEquals(kinds.size(), visited.size(), "one visitor method per kind: " + visited);
        assertTrue(visited.containsAll(kinds), visited.toString());
    }

    /** The records a sealed type permits, through its sealed sub-interfaces ({@link Change.WalkPending}). */
    private static List<Class<?>> kinds(Class<?> sealed) {
        List<Class<?>> kinds = new ArrayList<>();
        for (Class<?> c : sealed.getPermittedSubclasses()) {
            if (c.isRecord()) {
                kinds.add(c);
            } else {
                kinds.addAll(kinds(c));
            }
        }
        return kinds;
    }

    /** The record with every component empty: what a kind holds does not choose its reaction. */
    private static Change instance(Class<?> kind) throws Exception {
        RecordComponent[] components = kind.getRecordComponents();
        Class<?>[] types = Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
        Object[] values = Arrays.stream(types).map(ChangeTest::empty).toArray();
        Constructor<?> canonical = kind.getDeclaredConstructor(types);
        return (Change) canonical.newInstance(values);
    }

    private static Object empty(Class<?> type) {
        if (type == int.class) {
            return 0;
        }
        if (type == long.class) {
            return 0L;
        }
        if (type == boolean.class) {
            return false;
        }
        return null;
    }
}
