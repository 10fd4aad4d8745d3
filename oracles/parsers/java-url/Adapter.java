// java-url: java.net.URL, for urldiff's Java host (oracles/runtimes/java/Host.java).
//
// The target is new URL(input), or new URL(new URL(base), input) when there is a base (its
// string, toExternalForm(), is then `resolved`). The record is URL's getters: getProtocol,
// getAuthority, getUserInfo, getHost (undefined when there is no authority: URL returns "" for
// both), getPort (-1 = undefined), getPath, getQuery, getRef. A MalformedURLException (or any
// other exception) is a failure, "<SimpleName>: <message>", written by the host.
import java.net.URL;
import java.util.HashMap;
import java.util.Map;

final class Adapter {
    private Adapter() {}

    static String version() {
        return "java.net.URL on " + System.getProperty("java.runtime.name") + " "
            + System.getProperty("java.runtime.version");
    }

    static String unicode() {
        String probed = Host.probeUnicode();
        return probed == null ? null : probed + " (probed Character data; java.net.URL does no IDNA)";
    }

    @SuppressWarnings("deprecation") // new URL(String) is deprecated from Java 20 on; it is the API under test.
    static Map<String, String> answer(String kind, String input, String base) throws Exception {
        URL target = base == null ? new URL(input) : new URL(new URL(base), input);
        String authority = target.getAuthority();
        Map<String, String> record = new HashMap<>();
        record.put("scheme", target.getProtocol());
        record.put("authority", authority);
        record.put("userinfo", target.getUserInfo());
        record.put("host", authority == null ? null : target.getHost());
        record.put("port", target.getPort() == -1 ? null : Integer.toString(target.getPort()));
        record.put("path", target.getPath());
        record.put("query", target.getQuery());
        record.put("fragment", target.getRef());
        record.put("resolved", base == null ? null : target.toExternalForm());
        return record;
    }
}
