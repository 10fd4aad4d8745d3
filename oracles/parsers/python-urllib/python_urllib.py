"""urldiff worker: Python's urllib.parse as an RFC-model oracle (JSON Lines on stdin/stdout).

Protocol: docs/oracle-protocol.md. For each request line {"id", "input", "base", "kind"}:
  target = urljoin(base, input) when a base is given, else input
  split  = urlsplit(target)
and the record is split's scheme, netloc (as "authority"), path, query, fragment, plus
username/password (as "userinfo"), hostname (as "host") and port, and "resolved" = target
when a base was given. An exception (urllib raises ValueError for bad brackets, NFKC netloc
characters and bad ports) is a failure whose reason is "<ExceptionType>: <message>".

urllib returns "" both for an absent and for an empty netloc, query or fragment, so those
are reported as "" (defined) either way, as urllib gives them; the comparison reads them as
empty-or-undefined by its named adapter rule python-urllib/urlsplit-empty-is-unknown (every
rule: `urldiff conform --explain-projection`). hostname is None both without a host and for
an empty one, so with a netloc that is not empty ("@", ":80": an authority whose host is
empty) a None hostname is reported as the empty host "". The scheme can never be empty in RFC 3986, so
an empty scheme is reported as undefined (null).
"""
import json
import os
import platform
import sys
import threading
import time
import unicodedata
from urllib.parse import urljoin, urlsplit

FIELDS = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment", "resolved"]


def record(target, resolved):
    split = urlsplit(target)
    username, password = split.username, split.password
    userinfo = None
    if username is not None:
        userinfo = username if password is None else username + ":" + password
    port = split.port  # may raise ValueError
    return {
        "scheme": split.scheme or None,
        "authority": split.netloc,
        "userinfo": userinfo,
        "host": "" if split.hostname is None and split.netloc else split.hostname,
        "port": None if port is None else str(port),
        "path": split.path,
        "query": split.query,
        "fragment": split.fragment,
        "resolved": resolved,
    }


def answer(request):
    if request.get("kind") not in ("parse", "resolve"):
        return {"outcome": "no-opinion"}
    text, base = request["input"], request.get("base")
    try:
        target = text if base is None else urljoin(base, text)
        rec = record(target, None if base is None else target)
    except Exception as e:  # urllib's own rejection, reported in its words
        return {"outcome": "failure", "reason": "%s: %s" % (type(e).__name__, e)}
    return {"outcome": "parsed", "record": rec}


def exit_when_orphaned():
    """End the process when its parent (urldiff) is gone, even in the middle of a case: the
    protocol's rule for workers (docs/oracle-protocol.md, section 4). Stdin's end is noticed by
    the main loop; a parent killed with SIGKILL is noticed here, by its pid changing."""
    parent = os.getppid()
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            os._exit(0)


class Answers:
    """The answer lines, held until no request line is waiting or HOLD_SECONDS have passed, then
    written together; each at once with URLDIFF_ANSWER_FLUSH=each. The Python host's `Answers`
    (oracles/runtimes/python/host.py; docs/oracle-protocol.md, section 3), here because this
    worker runs without the host."""

    HOLD_SECONDS = 0.05

    def __init__(self, fd):
        self.fd = fd
        self.each = os.environ.get("URLDIFF_ANSWER_FLUSH") == "each"
        self.held = []
        self.since = time.monotonic()

    def add(self, value, more):
        self.held.append((json.dumps(value) + "\n").encode())
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
    threading.Thread(target=exit_when_orphaned, daemon=True).start()
    hello = {
        "name": "python-urllib",
        "version": "%s %s" % (platform.python_implementation(), platform.python_version()),
        "model": "rfc",
        "fields": FIELDS,
        "case_kinds": ["parse", "resolve"],
        # urllib.parse does no IDNA; its NFKC check of the netloc uses unicodedata.
        "unicode": "%s (unicodedata; urllib.parse does no IDNA)" % unicodedata.unidata_version,
    }
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
            reply.update(answer(request))
            answers.add(reply, more)
    finally:
        answers.flush()


if __name__ == "__main__":
    main()
