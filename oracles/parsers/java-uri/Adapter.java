// java-uri: java.net.URI, for urldiff's Java host (oracles/runtimes/java/Host.java).
//
// The target is new URI(input), or new URI(base).resolve(new URI(input)) when a base is given;
// the record is the target's raw components (null = undefined). An opaque URI (mailto:x) has
// no path in java.net.URI; its raw scheme-specific part is reported as the path. A
// URISyntaxException is a failure in its own words (its message); any other exception is its
// toString().
import java.net.URI;
import java.net.URISyntaxException;
import java.util.HashMap;
import java.util.Map;

final class Adapter {
    private Adapter() {}

    static String version() {
        return "java.net.URI on " + System.getProperty("java.runtime.name") + " "
            + System.getProperty("java.runtime.version");
    }

    static String unicode() {
        String probed = Host.probeUnicode();
        return probed == null ? null : probed + " (probed Character data; java.net.URI does no IDNA)";
    }

    static Object answer(String kind, String input, String base) {
        URI target;
        try {
            target = base == null ? new URI(input) : new URI(base).resolve(new URI(input));
        } catch (URISyntaxException e) {
            return e.getMessage();
        } catch (Exception e) {
            return e.toString();
        }
        Map<String, String> record = new HashMap<>();
        record.put("scheme", target.getScheme());
        record.put("authority", target.getRawAuthority());
        record.put("userinfo", target.getRawUserInfo());
        record.put("host", target.getHost());
        record.put("port", target.getPort() == -1 ? null : Integer.toString(target.getPort()));
        String path = target.isOpaque() ? target.getRawSchemeSpecificPart() : target.getRawPath();
        record.put("path", path == null ? "" : path);
        record.put("query", target.getRawQuery());
        record.put("fragment", target.getRawFragment());
        record.put("resolved", base == null ? null : target.toString());
        return record;
    }
}
