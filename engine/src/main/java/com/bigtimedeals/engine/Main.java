package com.bigtimedeals.engine;

/**
 * Runs the engine as a server: {@code java com.bigtimedeals.engine.Main [--port P] [--data DIR] [settings...]}.
 * Prints its endpoint and serves until stopped.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws InterruptedException {
        EngineSettings settings = EngineSettings.fromSystemProperties();
        try {
            settings.parseArgs(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println("usage: engine [--port P] [--data DIR] [--partition-limits] [--gsi-lag-ms N] [--fault RULE] [--cors-origins O,O] [--fsync] [--recover] ...");
            System.exit(2);
        }
        Engine engine;
        try {
            engine = Engine.start(settings);
        } catch (com.bigtimedeals.engine.store.DamagedDataException e) {
            // A damaged data directory: the message says which file, where, and what to do; no stack trace.
            System.err.println(e.getMessage());
            System.exit(1);
            return;
        }
        String endpoint = engine.serve(settings.port());
        Runtime.getRuntime().addShutdownHook(new Thread(engine::close, "engine-shutdown"));
        System.out.println(endpoint);
        System.out.flush();
        Thread.currentThread().join();
    }
}
