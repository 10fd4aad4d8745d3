<?php
// urldiff host for PHP adapters: the worker protocol (docs/oracle-protocol.md) around one
// folder's adapter (oracles/parsers/<oracle>/adapter.php). Run as `php -n host.php adapter.php`.
//
// The adapter defines:
//   urldiff_version(): string                     the exact version, e.g. "PHP 8.2.36 parse_url"
//   urldiff_answer(string $kind, string $input, ?string $base)
//       array (the record: parsed), string (failure, its reason) or null (no opinion);
//       a Throwable is that case's failure, "<Class>: <message>"
// (PHP functions share one namespace, hence the prefix.) The handshake's name, model, fields
// and case kinds come from urldiff's environment (URLDIFF_ORACLE, URLDIFF_MODEL,
// URLDIFF_FIELDS, URLDIFF_CASE_KINDS); kinds not listed are answered no-opinion.
//
// PHP strings are bytes: a record value that is not UTF-8 cannot be written as JSON text
// exactly, so such an answer is a failure saying so, never a silently altered value.

error_reporting(E_ALL);
ini_set('display_errors', 'stderr');

function urldiff_env_list(string $name, array $default): array
{
    $text = getenv($name);
    $items = $text === false ? [] : array_values(array_filter(explode(',', $text), 'strlen'));
    return $items ?: $default;
}

// The answer lines, held until no request line is waiting or URLDIFF_HOLD_NS have passed since
// the last write, then written together (docs/oracle-protocol.md, section 3: the hello says
// `held_answers`); each at once with URLDIFF_ANSWER_FLUSH=each, how urldiff restarts a worker
// that stopped, to find the case to blame.
const URLDIFF_HOLD_NS = 50_000_000;
$urldiff_each = getenv('URLDIFF_ANSWER_FLUSH') === 'each';
$urldiff_held = '';
$urldiff_since = hrtime(true);

function urldiff_write(array $value, bool $more = false): void
{
    global $urldiff_each, $urldiff_held, $urldiff_since;
    // JSON_THROW_ON_ERROR: invalid UTF-8 never becomes a silently empty line.
    // Without JSON_UNESCAPED_UNICODE every non-ASCII code point travels as \u escapes.
    $urldiff_held .= json_encode($value, JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES) . "\n";
    if ($urldiff_each || !$more || hrtime(true) - $urldiff_since >= URLDIFF_HOLD_NS) {
        urldiff_flush();
    }
}

function urldiff_flush(): void
{
    global $urldiff_held, $urldiff_since;
    for ($at = 0; $at < strlen($urldiff_held); $at += $wrote) {
        $wrote = fwrite(STDOUT, substr($urldiff_held, $at));
        if ($wrote === false || $wrote === 0) {
            exit(1); // urldiff is gone
        }
    }
    $urldiff_held = '';
    $urldiff_since = hrtime(true);
}

// One request line's answer.
function urldiff_answer_line(array $kinds, string $line, bool $more): void
{
    if (trim($line) === '') {
        return;
    }
    $request = json_decode($line, true, 512, JSON_THROW_ON_ERROR);
    try {
        urldiff_write(['id' => $request['id']] + urldiff_reply($kinds, $request), $more);
    } catch (JsonException $e) { // a failure reason that is not UTF-8: say so, stay alive
        urldiff_write(['id' => $request['id'], 'outcome' => 'failure',
                       'reason' => 'urldiff host: the answer is not UTF-8 (' . $e->getMessage() . ')'],
                      $more);
    }
}

function urldiff_reply(array $kinds, array $request): array
{
    $kind = $request['kind'] ?? null;
    if (!in_array($kind, $kinds, true)) {
        return ['outcome' => 'no-opinion'];
    }
    try {
        $result = urldiff_answer($kind, $request['input'], $request['base'] ?? null);
    } catch (Throwable $e) {
        return ['outcome' => 'failure', 'reason' => get_class($e) . ': ' . $e->getMessage()];
    }
    if ($result === null) {
        return ['outcome' => 'no-opinion'];
    }
    if (is_string($result)) {
        return ['outcome' => 'failure', 'reason' => $result];
    }
    foreach ($result as $field => $value) {
        if (is_string($value) && !preg_match('//u', $value)) {
            return ['outcome' => 'failure',
                    'reason' => "urldiff host: the $field is not UTF-8: " . bin2hex($value)];
        }
    }
    // An empty array would be written as [], not {}.
    return ['outcome' => 'parsed', 'record' => (object) $result];
}

// The parent's pid as the kernel reports it (posix is not loaded under -n).
function urldiff_parent_pid(): int
{
    // /proc/self/stat: "pid (comm) state ppid ...", comm may hold spaces and parentheses.
    $stat = (string) @file_get_contents('/proc/self/stat');
    $fields = explode(' ', substr($stat, strrpos($stat, ')') + 2));
    return (int) ($fields[1] ?? 0);
}

require __DIR__ . '/parse_url_record.php'; // the adapters' shared record of parse_url
require $argv[1];

// Read before the hello line, so that a parent killed after it is seen as gone.
$parent = urldiff_parent_pid();
$kinds = urldiff_env_list('URLDIFF_CASE_KINDS', ['parse']);
$hello = [
    'name' => getenv('URLDIFF_ORACLE') ?: basename(dirname($argv[1])),
    'version' => urldiff_version(),
    'model' => getenv('URLDIFF_MODEL') ?: 'rfc',
    'fields' => urldiff_env_list('URLDIFF_FIELDS', []),
    'case_kinds' => $kinds,
    'unicode' => null, // PHP's URL functions work on bytes and do no IDNA
];
if (!$urldiff_each) {
    $hello['held_answers'] = true;
}
urldiff_write(['hello' => $hello]);
// Wait for input at most a second at a time, so that a parent gone (urldiff SIGKILLed: its
// pid changes) ends the worker (protocol section 4); parse_url and filter_var never block.
$rest = '';
while (true) {
    $read = [STDIN];
    $none = null;
    $none2 = null;
    if (@stream_select($read, $none, $none2, 1) !== 1) {
        if (urldiff_parent_pid() !== $parent) {
            exit(0);
        }
        continue;
    }
    $chunk = fread(STDIN, 65536);
    if ($chunk === false || $chunk === '') {
        if ($chunk === false || feof(STDIN)) {
            urldiff_answer_line($kinds, $rest, false);
            break;
        }
        continue;
    }
    // Every complete line read; each says whether another is already read after it.
    $lines = explode("\n", $rest . $chunk);
    $rest = array_pop($lines);
    $last = count($lines) - 1;
    foreach ($lines as $i => $line) {
        urldiff_answer_line($kinds, $line, $i < $last);
    }
}
urldiff_flush();
