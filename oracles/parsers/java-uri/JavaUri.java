// urldiff worker: java.net.URI as an RFC-model oracle (JSON Lines; docs/oracle-protocol.md).
//
// For each request {"id", "input", "base", "kind"}: the target is new URI(input), or
// new URI(base).resolve(new URI(input)) when a base is given; the record is the target's raw
// components (null = undefined). An opaque URI (mailto:x) has no path in java.net.URI; its raw
// scheme-specific part is reported as the path. A URISyntaxException (or any other exception)
// is a failure with its message. The JDK has no JSON library, so this file carries a minimal
// reader for the flat request objects and a writer that escapes everything outside ASCII.
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

public final class JavaUri {
    private static final String[] FIELDS = {
        "scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment", "resolved"
    };

    public static void main(String[] args) throws IOException {
        exitWhenOrphaned();
        OutputStream out = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
        String version = "java.net.URI on " + System.getProperty("java.runtime.name") + " "
            + System.getProperty("java.runtime.version");
        StringBuilder hello = new StringBuilder("{\"hello\":{\"name\":\"java-uri\",\"version\":");
        str(hello, version).append(",\"model\":\"rfc\",\"fields\":[");
        for (int i = 0; i < FIELDS.length; i++) {
            str(hello.append(i == 0 ? "" : ","), FIELDS[i]);
        }
        hello.append("],\"case_kinds\":[\"parse\",\"resolve\"],\"unicode\":");
        String unicode = probeUnicode();
        if (unicode == null) {
            hello.append("null");
        } else {
            str(hello, unicode + " (probed Character data; java.net.URI does no IDNA)");
        }
        hello.append("}}");
        emit(out, hello);
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            Map<String, Object> request = new Reader(line).object();
            StringBuilder reply = new StringBuilder("{\"id\":").append(request.get("id"));
            answer(reply, request);
            emit(out, reply.append('}'));
        }
    }

    // End the process when its parent (urldiff) is gone, even in the middle of a case (the
    // protocol's rule for workers, docs/oracle-protocol.md section 4): stdin's end ends the
    // main loop; a parent killed with SIGKILL is noticed by this daemon thread, by its pid
    // changing.
    private static void exitWhenOrphaned() {
        long parent = parentPid();
        Thread watcher = new Thread(() -> {
            while (true) {
                try {
                    Thread.sleep(500);
                } catch (InterruptedException e) {
                    return;
                }
                if (parentPid() != parent) {
                    Runtime.getRuntime().halt(0);
                }
            }
        });
        watcher.setDaemon(true);
        watcher.start();
    }

    // The newest Unicode version whose probe code point (URLDIFF_UNICODE_PROBES, "13.0:30000,
    // 14.0:16A70,…", passed by urldiff) Character.isDefined knows, or null.
    private static String probeUnicode() {
        String probes = System.getenv("URLDIFF_UNICODE_PROBES");
        String newest = null;
        for (String probe : probes == null ? new String[0] : probes.split(",")) {
            String[] parts = probe.split(":");
            if (parts.length == 2 && Character.isDefined(Integer.parseInt(parts[1], 16))) {
                newest = parts[0];
            }
        }
        return newest;
    }

    private static long parentPid() {
        return ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(-1L);
    }

    private static void emit(OutputStream out, StringBuilder line) throws IOException {
        out.write(line.append('\n').toString().getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private static void answer(StringBuilder reply, Map<String, Object> request) {
        Object kind = request.get("kind");
        if (!"parse".equals(kind) && !"resolve".equals(kind)) {
            reply.append(",\"outcome\":\"no-opinion\"");
            return;
        }
        String input = (String) request.get("input");
        String base = (String) request.get("base");
        URI target;
        try {
            target = base == null ? new URI(input) : new URI(base).resolve(new URI(input));
        } catch (Exception e) {
            String reason = e instanceof java.net.URISyntaxException ? e.getMessage() : e.toString();
            str(reply.append(",\"outcome\":\"failure\",\"reason\":"), reason).append(",\"errors\":[]");
            return;
        }
        reply.append(",\"outcome\":\"parsed\",\"errors\":[],\"record\":{\"scheme\":");
        str(reply, target.getScheme());
        str(reply.append(",\"authority\":"), target.getRawAuthority());
        str(reply.append(",\"userinfo\":"), target.getRawUserInfo());
        str(reply.append(",\"host\":"), target.getHost());
        str(reply.append(",\"port\":"), target.getPort() == -1 ? null : Integer.toString(target.getPort()));
        String path = target.isOpaque() ? target.getRawSchemeSpecificPart() : target.getRawPath();
        str(reply.append(",\"path\":"), path == null ? "" : path);
        str(reply.append(",\"query\":"), target.getRawQuery());
        str(reply.append(",\"fragment\":"), target.getRawFragment());
        str(reply.append(",\"resolved\":"), base == null ? null : target.toString());
        reply.append('}');
    }

    /** Append s as a JSON string (or null), escaping every non-ASCII UTF-16 unit. */
    private static StringBuilder str(StringBuilder sb, String s) {
        if (s == null) {
            return sb.append("null");
        }
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7e) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append('"');
    }

    /** A reader for one flat JSON object: string, number, true/false/null values. */
    private static final class Reader {
        private final String s;
        private int i;

        Reader(String s) {
            this.s = s;
        }

        Map<String, Object> object() {
            Map<String, Object> map = new LinkedHashMap<>();
            expect('{');
            if (peek() == '}') {
                i++;
                return map;
            }
            do {
                String key = string();
                expect(':');
                map.put(key, value());
            } while (next() == ',');
            return map;
        }

        private Object value() {
            char c = peek();
            if (c == '"') {
                return string();
            }
            int start = i;
            while (i < s.length() && ",}] \t".indexOf(s.charAt(i)) < 0) {
                i++;
            }
            String word = s.substring(start, i);
            switch (word) {
                case "null": return null;
                case "true": return Boolean.TRUE;
                case "false": return Boolean.FALSE;
                default: return Long.parseLong(word);
            }
        }

        private String string() {
            expect('"');
            StringBuilder sb = new StringBuilder();
            for (char c = s.charAt(i++); c != '"'; c = s.charAt(i++)) {
                if (c != '\\') {
                    sb.append(c);
                    continue;
                }
                char e = s.charAt(i++);
                switch (e) {
                    case 'b': sb.append('\b'); break;
                    case 'f': sb.append('\f'); break;
                    case 'n': sb.append('\n'); break;
                    case 'r': sb.append('\r'); break;
                    case 't': sb.append('\t'); break;
                    case 'u': sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); i += 4; break;
                    default: sb.append(e);
                }
            }
            return sb.toString();
        }

        private char peek() {
            while (Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            return s.charAt(i);
        }

        private char next() {
            char c = peek();
            i++;
            return c;
        }

        private void expect(char c) {
            if (next() != c) {
                throw new IllegalArgumentException("expected '" + c + "' at " + (i - 1) + " in " + s);
            }
        }
    }
}
