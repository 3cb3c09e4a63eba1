package com.bigtimedeals.engine.http;

/**
 * What a JSON body will take on the heap once it is parsed, checked and converted: a request holds every object,
 * array and string as Java objects, several times over (the parse tree, the checked tree, the values). The count
 * of containers, not the byte count, is what matters: 16 MB of {@code {"N":"1"},} is 1.7 million maps and took
 * more than 512 MB, while 16 MB of long strings takes a few times its size. Measured per container on the engine
 * (about 500 bytes per object over the passes) and rounded up.
 */
final class JsonCost {
    static final int PER_OBJECT = 640;
    static final int PER_ARRAY = 160;
    static final int PER_STRING = 96;
    static final int PER_BYTE = 4;

    private JsonCost() {
    }

    /** Estimated heap bytes to serve {@code body}; a scan for structure outside strings, no parsing. */
    static long estimate(byte[] body) {
        long objects = 0;
        long arrays = 0;
        long strings = 0;
        boolean inString = false;
        for (int i = 0; i < body.length; i++) {
            byte b = body[i];
            if (inString) {
                if (b == '\\') {
                    i++;
                } else if (b == '"') {
                    inString = false;
                }
            } else if (b == '"') {
                inString = true;
                strings++;
            } else if (b == '{') {
                objects++;
            } else if (b == '[') {
                arrays++;
            }
        }
        return objects * PER_OBJECT + arrays * PER_ARRAY + strings * PER_STRING + (long) body.length * PER_BYTE;
    }
}
