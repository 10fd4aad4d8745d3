"""urldiff host for Python adapters: the worker protocol (docs/oracle-protocol.md) around one
folder's adapter (oracles/parsers/<oracle>/adapter.py).

Run as `python -u -I host.py <adapter.py>` (with or without -S) in the folder's virtual
environment. The adapter defines:
  version()                 -> the exact library and runtime version, e.g. "urllib3 2.8.0 on CPython 3.13.0"
  answer(kind, input, base) -> a dict (the record: parsed), a str (failure, its reason) or
                               None (no opinion); an exception is that case's failure,
                               "<ExceptionType>: <message>"
  unicode(probes)           -> optional: the Unicode version of its data, or None; probes is
                               [(version, code point)] from URLDIFF_UNICODE_PROBES
  fields()                  -> optional: the record fields it fills, when fewer than
                               URLDIFF_FIELDS (a string-returning library fills only href)
The handshake's name, model, fields and case kinds come from urldiff's environment
(URLDIFF_ORACLE, URLDIFF_MODEL, URLDIFF_FIELDS, URLDIFF_CASE_KINDS). Kinds not listed are
answered no-opinion without asking the adapter.
"""
import sys

if sys.flags.no_site:  # run with -S: the virtual environment's site-packages still count
    import site

    site.main()

import importlib.util
import json
import os
import threading
import time


def env_list(name, default):
    text = os.environ.get(name, "")
    return [item for item in text.split(",") if item] or default


def load_adapter(path):
    sys.dont_write_bytecode = True  # no __pycache__ beside the adapter, in the checkout
    spec = importlib.util.spec_from_file_location("urldiff_adapter", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def unicode_probes():
    probes = []
    for probe in env_list("URLDIFF_UNICODE_PROBES", []):
        version, _, point = probe.partition(":")
        try:
            probes.append((version, chr(int(point, 16))))
        except ValueError:
            continue
    return probes


def failure(reason):
    return {"outcome": "failure", "reason": reason}


def answer(adapter, kinds, request):
    kind = request.get("kind")
    if kind not in kinds:
        return {"outcome": "no-opinion"}
    try:
        result = adapter.answer(kind, request["input"], request.get("base"))
    except BaseException as e:  # the library's rejection (or crash) of this one case
        if isinstance(e, (KeyboardInterrupt, SystemExit)):
            raise
        return failure(text_of("%s: %s" % (type(e).__name__, e)))
    if result is None:
        return {"outcome": "no-opinion"}
    if isinstance(result, str):
        return failure(text_of(result))
    for field, value in result.items():
        if isinstance(value, str) and text_of(value) != value:
            return failure("urldiff host: the %s is not Unicode text: %r" % (field, value))
    return {"outcome": "parsed", "record": result}


def text_of(value):
    """value, with lone surrogates (possible in a Python str, never in JSON text that
    urldiff reads) written as the ASCII escapes of repr."""
    try:
        value.encode("utf-8")
        return value
    except UnicodeEncodeError:
        return value.encode("utf-8", "backslashreplace").decode("utf-8")


def exit_when_orphaned(parent):
    """End the process when its parent (urldiff) is gone, even in the middle of a case
    (docs/oracle-protocol.md, section 4): a SIGKILLed parent is noticed by the pid changing.
    The caller reads `parent` before the hello line, so a parent killed after it is seen."""
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            os._exit(0)


class Answers:
    """The answer lines, held until no request line is waiting or HOLD_SECONDS have passed since
    the last write, then written together (docs/oracle-protocol.md, section 3: the hello says
    `held_answers`): a pipelined batch costs a write per chunk of requests, not one per answer.
    With URLDIFF_ANSWER_FLUSH=each (how urldiff restarts a worker that stopped, to find the case
    to blame) each line is written at once."""

    HOLD_SECONDS = 0.05

    def __init__(self, fd):
        self.fd = fd
        self.each = os.environ.get("URLDIFF_ANSWER_FLUSH") == "each"
        self.held = []
        self.since = time.monotonic()

    def add(self, value, more):
        # ensure_ascii: every non-ASCII code point travels as \\u escapes, so it survives exactly.
        self.held.append((json.dumps(value) + "\n").encode("ascii"))
        if self.each or not more or time.monotonic() - self.since >= self.HOLD_SECONDS:
            self.flush()

    def flush(self):
        data = memoryview(b"".join(self.held))
        self.held = []
        while data:
            data = data[os.write(self.fd, data):]
        self.since = time.monotonic()


def request_lines(fd):
    """Each line read from fd, with whether another complete line is already read after it."""
    rest = b""
    while True:
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            if rest:
                yield rest, False
            return
        lines = (rest + chunk).split(b"\n")
        rest = lines.pop()
        last = len(lines) - 1
        for i, line in enumerate(lines):
            yield line, i < last


def main():
    if os.environ.get("URLDIFF_KILLED_WITH_PARENT") != "1":  # else the kernel ends us
        threading.Thread(target=exit_when_orphaned, args=(os.getppid(),), daemon=True).start()
    adapter = load_adapter(sys.argv[1])
    kinds = env_list("URLDIFF_CASE_KINDS", ["parse"])
    probe = getattr(adapter, "unicode", None)
    hello = {
        "name": os.environ.get("URLDIFF_ORACLE", adapter.__name__),
        "version": adapter.version(),
        "model": os.environ.get("URLDIFF_MODEL", "rfc"),
        "fields": adapter.fields() if hasattr(adapter, "fields") else env_list("URLDIFF_FIELDS", []),
        "case_kinds": kinds,
        "unicode": probe(unicode_probes()) if probe else None,
    }
    sys.stdout.flush()
    answers = Answers(sys.stdout.fileno())
    if not answers.each:
        hello["held_answers"] = True
    answers.add({"hello": hello}, False)
    try:
        for raw, more in request_lines(sys.stdin.fileno()):
            if not raw.strip():
                continue
            request = json.loads(raw)
            reply = {"id": request["id"]}
            reply.update(answer(adapter, kinds, request))
            answers.add(reply, more)
    finally:
        answers.flush()


if __name__ == "__main__":
    main()
