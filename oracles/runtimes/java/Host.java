// The Java host of urldiff's folder oracles (docs/oracle-protocol.md; oracles/parsers/README.md).
//
// Compiled once together with one folder's adapter (javac Host.java Adapter.java) and run as
// `java Host [AdapterClass]` (default `Adapter`; the class is found by name, so the host compiles
// alone too). The host speaks the protocol; the adapter only calls its library:
//
//   final class Adapter {                                         // any name: `java Host <Name>`
//       static String version();                                    // library and runtime
//       static Object answer(String kind, String input, String base) throws Exception;
//       static String unicode();                                    // optional
//   }
//
// - `answer` is called only for the case kinds urldiff declared (URLDIFF_CASE_KINDS); any other
//   kind is answered no-opinion here. It returns the record of a parsed answer (a
//   Map<String, String>, field to value, null = undefined; the host writes the fields of
//   URLDIFF_FIELDS in that order, a missing one as null and a missing path as ""), a String (a
//   failure, in the library's own words), or null for no opinion. An exception is that case's
//   failure, "<SimpleName>: <message>".
// - The hello carries URLDIFF_ORACLE, URLDIFF_MODEL, URLDIFF_FIELDS, URLDIFF_CASE_KINDS and the
//   adapter's version and unicode.
// - Answers are held while more request lines are read and waiting, for at most HOLD_NANOS, then
//   written together (docs/oracle-protocol.md, section 3: the hello says `held_answers`); each is
//   flushed at once with URLDIFF_ANSWER_FLUSH=each, how urldiff restarts a worker that stopped,
//   to find the case to blame. The host exits at the end of stdin and when its
//   parent (urldiff) is gone. The JDK has no JSON library, so this file carries a minimal
//   reader for the flat request objects and a writer that escapes everything outside ASCII
//   (every UTF-16 unit, so a lone surrogate goes back exactly as it came).
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public final class Host {
    private Host() {}

    /** The adapter's `answer(kind, input, base)`. */
    private static Method answer;

    public static void main(String[] args) throws IOException, ReflectiveOperationException {
        exitWhenOrphaned();
        Class<?> adapter = Class.forName(args.length > 0 ? args[0] : "Adapter");
        answer = declared(adapter, "answer", String.class, String.class, String.class);
        Method version = declared(adapter, "version");
        Method unicode = optional(adapter, "unicode");
        String oracle = required("URLDIFF_ORACLE");
        String model = required("URLDIFF_MODEL");
        List<String> fields = list(required("URLDIFF_FIELDS"));
        List<String> kinds = list(required("URLDIFF_CASE_KINDS"));
        OutputStream out = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
        StringBuilder hello = new StringBuilder("{\"hello\":{\"name\":");
        str(hello, oracle).append(",\"version\":");
        str(hello, (String) version.invoke(null)).append(",\"model\":");
        str(hello, model).append(",\"fields\":");
        strings(hello, fields).append(",\"case_kinds\":");
        strings(hello, kinds).append(",\"unicode\":");
        str(hello, unicode == null ? null : (String) unicode.invoke(null));
        boolean each = "each".equals(System.getenv("URLDIFF_ANSWER_FLUSH"));
        emit(out, hello.append(each ? "}}" : ",\"held_answers\":true}}"));
        out.flush();
        long since = System.nanoTime();
        try {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                Map<String, Object> request = new Reader(line).object();
                StringBuilder reply = new StringBuilder("{\"id\":").append(request.get("id"));
                answer(reply, request, fields, kinds);
                emit(out, reply.append('}'));
                if (each || !in.ready() || System.nanoTime() - since >= HOLD_NANOS) {
                    out.flush();
                    since = System.nanoTime();
                }
            }
        } finally {
            out.flush();
        }
    }

    /** How long answers may be held while more requests wait. */
    private static final long HOLD_NANOS = 50_000_000L;

    private static String required(String name) {
        String value = System.getenv(name);
        if (value == null || value.isEmpty()) {
            System.err.println("Host: urldiff passes " + name + " (URLDIFF_ORACLE, URLDIFF_MODEL, "
                + "URLDIFF_FIELDS, URLDIFF_CASE_KINDS); missing here");
            System.exit(2);
        }
        return value;
    }

    private static List<String> list(String commaSeparated) {
        List<String> items = new ArrayList<>();
        for (String item : commaSeparated.split(",")) {
            if (!item.isEmpty()) {
                items.add(item);
            }
        }
        return items;
    }

    /** The adapter's static method `name`, made callable (adapters are package-private). */
    private static Method declared(Class<?> adapter, String name, Class<?>... parameters)
            throws NoSuchMethodException {
        Method method = adapter.getDeclaredMethod(name, parameters);
        method.setAccessible(true);
        return method;
    }

    /** The adapter's optional static method `name()`, or null. */
    private static Method optional(Class<?> adapter, String name) {
        try {
            return declared(adapter, name);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    /** The adapter's record for one case; its own exception is rethrown as it was. */
    private static Object callAnswer(String kind, String input, String base) throws Exception {
        try {
            return answer.invoke(null, kind, input, base);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Error) {
                throw (Error) cause;
            }
            throw cause instanceof Exception ? (Exception) cause : e;
        }
    }

    /**
     * The newest Unicode version whose probe code point (URLDIFF_UNICODE_PROBES, "13.0:30000,
     * 14.0:16A70,…", passed by urldiff) Character.isDefined knows, or null: for adapters whose
     * library reads characters with the JDK's Character data.
     */
    public static String probeUnicode() {
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

    private static void answer(StringBuilder reply, Map<String, Object> request, List<String> fields,
            List<String> kinds) {
        Object kind = request.get("kind");
        if (!kinds.contains(kind)) {
            reply.append(",\"outcome\":\"no-opinion\"");
            return;
        }
        Object answered;
        try {
            answered = callAnswer((String) kind, (String) request.get("input"), (String) request.get("base"));
        } catch (Exception | StackOverflowError e) {
            answered = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        if (answered instanceof String) {
            str(reply.append(",\"outcome\":\"failure\",\"reason\":"), (String) answered).append(",\"errors\":[]");
            return;
        }
        if (answered == null) {
            reply.append(",\"outcome\":\"no-opinion\"");
            return;
        }
        @SuppressWarnings("unchecked")
        Map<String, String> record = (Map<String, String>) answered;
        reply.append(",\"outcome\":\"parsed\",\"errors\":[],\"record\":{");
        for (int i = 0; i < fields.size(); i++) {
            String field = fields.get(i);
            String value = record.get(field);
            if (value == null && "path".equals(field)) {
                value = "";
            }
            str(str(reply.append(i == 0 ? "" : ","), field).append(':'), value);
        }
        reply.append('}');
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

    private static long parentPid() {
        return ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(-1L);
    }

    private static void emit(OutputStream out, StringBuilder line) throws IOException {
        out.write(line.append('\n').toString().getBytes(StandardCharsets.US_ASCII));
    }

    private static StringBuilder strings(StringBuilder sb, List<String> items) {
        sb.append('[');
        for (int i = 0; i < items.size(); i++) {
            str(sb.append(i == 0 ? "" : ","), items.get(i));
        }
        return sb.append(']');
    }

    /** Append s as a JSON string (or null), escaping every non-ASCII UTF-16 unit. */
    static StringBuilder str(StringBuilder sb, String s) {
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
    static final class Reader {
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
