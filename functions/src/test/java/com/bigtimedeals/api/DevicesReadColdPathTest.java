package com.bigtimedeals.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Issue 39: the SNS SDK is nowhere on the cold path of an API function that does not call SNS. The devices read
 * function (GET /me/devices, GET /me/notifications) shares its handler class with the write function, so what keeps
 * SNS off its path is its container ({@code Container.devicesPush}): held here by what the JVM loads. The read routes
 * run, priming included, in a class loader of their own over the test class path; afterwards that loader has loaded
 * no SNS class, not even the product's SnsPush. The write function's container, built in the same loader, does load
 * them: what shows the check sees a load when there is one.
 */
@Tag("engine")
class DevicesReadColdPathTest {
    static final String SNS_CLIENT = "software.amazon.awssdk.services.sns.SnsClient";
    static final String SNS_PUSH = "com.bigtimedeals.lambda.SnsPush";

    /** Loads every class itself (the platform's aside), so what it has loaded is what the code run in it needed. */
    static final class Isolated extends URLClassLoader {
        Isolated(URL[] urls) {
            super("isolated", urls, ClassLoader.getPlatformClassLoader());
        }

        boolean loaded(String name) {
            return findLoadedClass(name) != null;
        }
    }

    private static URL[] testClassPath() throws Exception {
        // Surefire runs the tests from a manifest-only jar; the class path itself is in this property.
        String path = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<URL> urls = new ArrayList<>();
        for (String entry : path.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                urls.add(new File(entry).toURI().toURL());
            }
        }
        return urls.toArray(URL[]::new);
    }

    @Test
    void theReadRoutesLoadNoSnsClassAndTheWriteContainerDoes() throws Exception {
        try (Isolated loader = new Isolated(testClassPath())) {
            Class<?> probe = loader.loadClass(DevicesReadProbe.class.getName());
            assertNotNull(probe.getClassLoader() == loader ? probe : null, "the probe runs in the isolated loader");
            Thread thread = Thread.currentThread();
            ClassLoader before = thread.getContextClassLoader();
            thread.setContextClassLoader(loader);
            try {
                probe.getMethod("readRoutes").invoke(null);
                assertEquals(true, loader.loaded("com.bigtimedeals.api.DevicesHandler"), "the devices handler ran");
                assertNull(loader.loaded(SNS_CLIENT) ? SNS_CLIENT : null, "the read routes loaded the SNS SDK");
                assertNull(loader.loaded(SNS_PUSH) ? SNS_PUSH : null, "the read routes loaded SnsPush");
                probe.getMethod("writeContainer").invoke(null);
                assertEquals(true, loader.loaded(SNS_CLIENT), "the write function's container builds the SNS client");
            } finally {
                thread.setContextClassLoader(before);
            }
        }
    }
}
