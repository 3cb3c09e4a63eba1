package com.bigtimedeals.logging;

import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

import org.slf4j.helpers.ThreadLocalMapOfStacks;
import org.slf4j.spi.MDCAdapter;

/**
 * The MDC, one map per thread and not inherited. SLF4J's {@code BasicMDCAdapter} hands a copy of the parent's map to
 * every thread it starts: a pool thread started inside one request (the stream consumer's parallel walks and writes)
 * would carry that request's id and {@code cold_start} into every later request's lines, and Powertools clears
 * only the calling thread's map.
 */
final class ThreadMdc implements MDCAdapter {
    private final ThreadLocal<Map<String, String>> maps = ThreadLocal.withInitial(HashMap::new);
    private final ThreadLocalMapOfStacks stacks = new ThreadLocalMapOfStacks();

    @Override
    public void put(String key, String value) {
        if (key == null) {
            throw new IllegalArgumentException("key cannot be null");
        }
        maps.get().put(key, value);
    }

    @Override
    public String get(String key) {
        return maps.get().get(key);
    }

    @Override
    public void remove(String key) {
        maps.get().remove(key);
    }

    @Override
    public void clear() {
        maps.get().clear();
    }

    /** The calling thread's map itself, for the line being written on it; never null. */
    Map<String, String> current() {
        return maps.get();
    }

    @Override
    public Map<String, String> getCopyOfContextMap() {
        return new HashMap<>(maps.get());
    }

    @Override
    public void setContextMap(Map<String, String> contextMap) {
        Map<String, String> map = maps.get();
        map.clear();
        if (contextMap != null) {
            map.putAll(contextMap);
        }
    }

    @Override
    public void pushByKey(String key, String value) {
        stacks.pushByKey(key, value);
    }

    @Override
    public String popByKey(String key) {
        return stacks.popByKey(key);
    }

    @Override
    public Deque<String> getCopyOfDequeByKey(String key) {
        return stacks.getCopyOfDequeByKey(key);
    }

    @Override
    public void clearDequeByKey(String key) {
        stacks.clearDequeByKey(key);
    }
}
