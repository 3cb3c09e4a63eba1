package com.bigtimedeals.bench;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Arrays;

/**
 * Runs a probe's {@code main} the way Lambda's Java runtime runs function code: its classes, and every
 * library in the function's jar, are loaded through a URLClassLoader over the jar rather than from the
 * application class path (which the JVM's class-data sharing covers, and Lambda's does not).
 * Arguments: the function's class path, the probe class, then the probe's own arguments.
 */
public final class LambdaClassLoading {
    private LambdaClassLoading() {
    }

    public static void main(String[] args) throws Exception {
        String[] entries = (args[0] + File.pathSeparator
                + LambdaClassLoading.class.getProtectionDomain().getCodeSource().getLocation().getPath())
                .split(File.pathSeparator);
        URL[] urls = new URL[entries.length];
        for (int i = 0; i < entries.length; i++) {
            urls[i] = new File(entries[i]).toURI().toURL();
        }
        // The platform loader as parent: only the JDK comes from outside the function's jar.
        URLClassLoader function = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader());
        Thread.currentThread().setContextClassLoader(function);
        function.loadClass(args[1]).getMethod("main", String[].class)
                .invoke(null, (Object) Arrays.copyOfRange(args, 2, args.length));
    }
}
