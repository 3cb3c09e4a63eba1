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
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Build step, run by functions/pom.xml on the shaded function jar (java's single-file launcher, no compile):
 * keeps in log4j's merged plugin cache only the plugins that functions/src/main/resources/log4j2.properties
 * uses. log4j loads the class of every plugin listed in the cache when it starts, whether the configuration
 * names it or not: about 250 plugin classes plus the ones they pull in (the JSON and YAML configuration
 * factories alone initialise jackson-databind's ObjectMapper to see whether it is there). A plugin the
 * configuration needs but this list lacks shows up as a log4j status error and missing log lines, which
 * FunctionJarTest checks on the shaded jar. Of the JSON template layout's resolvers, only those the event template
 * ({@link #TEMPLATE}, Powertools' own) names are kept: the layout instantiates every resolver factory listed, and
 * each loads and initialises its resolver class.
 */
public final class Log4jPluginCacheTrim {
    static final String CACHE = "META-INF/org/apache/logging/log4j/core/config/plugins/Log4j2Plugins.dat";

    /** The event template log4j2.properties names (eventTemplateUri), as the shaded jar holds it. */
    static final String TEMPLATE = "LambdaJsonLayout.json";

    /** Categories kept whole: the JSON template layout's interceptors. */
    static final Set<String> WHOLE = Set.of("jsontemplateresolverinterceptor");

    /**
     * Single plugins kept, by category and key: what log4j2.properties names, what building it needs, and the
     * converters of the attribute types its plugins declare (strings, the charset and level, the layout's recycler
     * factory; enums need none) and of the primitive types, which log4j's converter registry requires at start.
     */
    static final Map<String, Set<String>> SINGLE = Map.of(
            "configurationfactory", Set.of("propertiesconfigurationfactory"),
            "core", Set.of("appenders", "appender-ref", "appenderref", "console", "jsontemplatelayout",
                    "eventtemplateadditionalfield", "loggers", "logger", "root", "properties", "property"),
            "lookup", Set.of("env", "sys"),
            "typeconverter", Set.of("string", "boolean", "byte", "character", "double", "float", "integer", "long", "short",
                    "charset", "level", "recyclerfactoryconverter"));

    /** A resolver the event template uses: {@code "$resolver": "name"}. */
    static final Pattern RESOLVER = Pattern.compile("\"\\$resolver\"\\s*:\\s*\"(\\w+)\"");

    public static void main(String[] args) throws IOException {
        Path jar = Path.of(args[0]);
        try (FileSystem zip = FileSystems.newFileSystem(URI.create("jar:" + jar.toUri()), Map.of())) {
            Path cache = zip.getPath(CACHE);
            Set<String> resolvers = new HashSet<>();
            Matcher m = RESOLVER.matcher(Files.readString(zip.getPath(TEMPLATE)));
            while (m.find()) {
                resolvers.add(m.group(1).toLowerCase(java.util.Locale.ROOT) + "resolverfactory");
            }
            if (resolvers.isEmpty()) {
                throw new IllegalStateException("no resolver named in " + TEMPLATE);
            }
            byte[] trimmed = trim(Files.readAllBytes(cache), resolvers);
            Files.write(cache, trimmed);
        }
    }

    static byte[] trim(byte[] cache, Set<String> resolvers) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(cache));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        int kept = 0;
        int dropped = 0;
        Set<String> resolversKept = new HashSet<>();
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
                if (WHOLE.contains(category) || SINGLE.getOrDefault(category, Set.of()).contains(key)
                        || category.equals("jsontemplateresolverfactory") && resolvers.contains(key)) {
                    if (category.equals("jsontemplateresolverfactory")) {
                        resolversKept.add(key);
                    }
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
        if (!resolversKept.equals(resolvers)) {
            throw new IllegalStateException("the event template names resolvers the plugin cache lacks: " + resolvers);
        }
        out.writeInt(keptCategories);
        out.write(body.toByteArray());
        out.flush();
        System.out.printf("log4j plugin cache: kept %d plugins, dropped %d%n", kept, dropped);
        return bytes.toByteArray();
    }
}
