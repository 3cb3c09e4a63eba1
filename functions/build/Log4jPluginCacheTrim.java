import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/**
 * Build step, run by functions/pom.xml on the shaded function jar (java's single-file launcher, no compile):
 * keeps in log4j's merged plugin cache only the plugins that functions/src/main/resources/log4j2.properties
 * uses. log4j loads the class of every plugin listed in the cache when it starts, whether the configuration
 * names it or not: about 250 plugin classes plus the ones they pull in (the JSON and YAML configuration
 * factories alone initialise jackson-databind's ObjectMapper to see whether it is there). A plugin the
 * configuration needs but this list lacks shows up as a log4j status error and missing log lines, which
 * FunctionJarTest checks on the shaded jar.
 */
public final class Log4jPluginCacheTrim {
    static final String CACHE = "META-INF/org/apache/logging/log4j/core/config/plugins/Log4j2Plugins.dat";

    /** Categories kept whole: the JSON template layout's resolvers, and the converters of attribute types. */
    static final Set<String> WHOLE = Set.of("jsontemplateresolverfactory", "jsontemplateresolverinterceptor", "typeconverter");

    /** Single plugins kept, by category and key: what log4j2.properties names, and what building it needs. */
    static final Map<String, Set<String>> SINGLE = Map.of(
            "configurationfactory", Set.of("propertiesconfigurationfactory"),
            "core", Set.of("appenders", "appender-ref", "appenderref", "console", "jsontemplatelayout",
                    "eventtemplateadditionalfield", "loggers", "logger", "root", "properties", "property"),
            "lookup", Set.of("env", "sys"));

    public static void main(String[] args) throws IOException {
        Path jar = Path.of(args[0]);
        try (FileSystem zip = FileSystems.newFileSystem(URI.create("jar:" + jar.toUri()), Map.of())) {
            Path cache = zip.getPath(CACHE);
            byte[] trimmed = trim(Files.readAllBytes(cache));
            Files.write(cache, trimmed);
        }
    }

    static byte[] trim(byte[] cache) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(cache));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        int kept = 0;
        int dropped = 0;
        int categories = in.readInt();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        DataOutputStream bodyOut = new DataOutputStream(body);
        int keptCategories = 0;
        for (int c = 0; c < categories; c++) {
            String category = in.readUTF();
            int entries = in.readInt();
            ByteArrayOutputStream section = new ByteArrayOutputStream();
            DataOutputStream sectionOut = new DataOutputStream(section);
            int keptHere = 0;
            for (int e = 0; e < entries; e++) {
                String key = in.readUTF();
                String className = in.readUTF();
                String name = in.readUTF();
                boolean printable = in.readBoolean();
                boolean defer = in.readBoolean();
                if (WHOLE.contains(category) || SINGLE.getOrDefault(category, Set.of()).contains(key)) {
                    sectionOut.writeUTF(key);
                    sectionOut.writeUTF(className);
                    sectionOut.writeUTF(name);
                    sectionOut.writeBoolean(printable);
                    sectionOut.writeBoolean(defer);
                    keptHere++;
                } else {
                    dropped++;
                }
            }
            if (keptHere > 0) {
                bodyOut.writeUTF(category);
                bodyOut.writeInt(keptHere);
                bodyOut.write(section.toByteArray());
                keptCategories++;
                kept += keptHere;
            }
        }
        for (Map.Entry<String, Set<String>> wanted : SINGLE.entrySet()) {
            if (wanted.getValue().isEmpty()) {
                throw new IllegalStateException("nothing kept of " + wanted.getKey());
            }
        }
        out.writeInt(keptCategories);
        out.write(body.toByteArray());
        out.flush();
        System.out.printf("log4j plugin cache: kept %d plugins, dropped %d%n", kept, dropped);
        return bytes.toByteArray();
    }
}
