"""Checks the runtime hosts (oracles/runtimes/<runtime>/host.*) and the folder oracles that run
on them, started the way urldiff starts them (stdlib only; run: python3 check_hosts.py).

For each runtime (python, php, ruby, go):
  - an echo adapter, written here, checks the host itself: the handshake from urldiff's
    environment, hostile strings (U+0000, U+FEFF, U+10FFFF, C0 and C1 controls, quotes,
    backslashes, line separators) coming back exactly, a failure string, no-opinion, an
    exception (panic) being that case's failure with its type and message while the worker
    keeps answering, kinds not listed answered no-opinion without the adapter, 2,000
    pipelined requests answered in order, exit at the end of stdin and exit when the parent
    is SIGKILLed;
  - every oracle folder of that runtime is asked cases whose answers come from the library's
    own documentation or tests (cited beside each case).
Python oracles run in a throwaway virtual environment made from the folder's
requirements.txt (pip install --require-hashes, from PyPI), with `-u -I` (and once with -S).
A runtime that is missing is skipped with one line, unless $URLDIFF_REQUIRE names it.
Prints "N passed, N failed" and exits 1 when anything failed.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True  # no __pycache__ in the checkout
from check_hosts_cases import ECHO_ADAPTERS, ORACLE_CASES  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
PARSERS = os.path.join(os.path.dirname(HERE), "parsers")
RFC_FIELDS = "scheme,authority,userinfo,host,port,path,query,fragment,resolved"
HOSTILE = [
    "\u0000",
    "a\u0000b",
    "\ufeff",
    "\U0010ffff",
    "\U0001f600",
    "\ud7ff\ue000\ufffe\uffff",
    "".join(chr(c) for c in range(0x20)) + "\u007f",
    "".join(chr(c) for c in range(0x80, 0xA0)),
    "\u2028\u2029\u0085\u200e\u202e\u061c",
    '"\\/\'<>&%',
    "\\u0000 not an escape",
    "é" * 300,
    "",
]


class Results:
    def __init__(self):
        self.passed = 0
        self.failed = []

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed.append(what)
            print("FAIL", what)


def required(runtime):
    text = os.environ.get("URLDIFF_REQUIRE", "")
    return runtime in text.replace(",", " ").split()


class Worker:
    """One running host: requests in, answers out, line by line."""

    def __init__(self, command, env, cwd=None):
        full_env = dict(os.environ)
        full_env.update(env)
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=full_env,
            cwd=cwd,
        )
        self.writers = []
        self.hello = self.read()

    def read(self):
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the worker closed stdout: %s" % self.stderr())
        return json.loads(line)

    def stderr(self):
        self.process.kill()
        return self.process.stderr.read().decode(errors="replace")[-2000:]

    def send(self, requests):
        """Write every request at once, from a thread: answers flow back meanwhile (a host
        must not wait for the end of input), so neither side's pipe fills up and blocks."""
        data = "".join(json.dumps(r) + "\n" for r in requests).encode()

        def write():
            self.process.stdin.write(data)
            self.process.stdin.flush()

        writer = threading.Thread(target=write)
        writer.start()
        self.writers.append(writer)

    def ask(self, requests):
        self.send(requests)
        return [self.read() for _ in requests]

    def close(self):
        """Close stdin and wait: the host must exit by itself, with status 0."""
        for writer in self.writers:
            writer.join()
        self.process.stdin.close()
        try:
            code = self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return None
        self.process.stdout.close()
        self.process.stderr.close()
        return code


def request(i, text, base=None, kind="parse"):
    return {"id": i, "input": text, "base": base, "kind": kind}


def environment(name, model="rfc", kinds="parse,resolve", fields=RFC_FIELDS):
    return {
        "URLDIFF_ORACLE": name,
        "URLDIFF_MODEL": model,
        "URLDIFF_FIELDS": fields,
        "URLDIFF_CASE_KINDS": kinds,
        "URLDIFF_UNICODE_PROBES": "13.0:30000,14.0:16A70",
    }


class Runtimes:
    """How urldiff starts a host for each runtime (the contract in oracles/parsers/README.md)."""

    def __init__(self, scratch):
        self.scratch = scratch
        self.python = os.environ.get("URLDIFF_PYTHON") or sys.executable
        self.venvs = {}

    def available(self, runtime):
        tool = {"python": self.python, "php": "php", "ruby": "ruby", "go": "go"}[runtime]
        return shutil.which(tool) is not None

    def venv_python(self, folder):
        requirements = os.path.join(folder, "requirements.txt")
        if not os.path.exists(requirements):
            return self.python
        if folder not in self.venvs:
            venv = os.path.join(self.scratch, "venv-" + os.path.basename(folder))
            subprocess.run([self.python, "-m", "venv", venv], check=True)
            pip = [os.path.join(venv, "bin", "python"), "-m", "pip", "install", "-q"]
            subprocess.run(pip + ["--require-hashes", "-r", requirements], check=True)
            self.venvs[folder] = os.path.join(venv, "bin", "python")
        return self.venvs[folder]

    def command(self, runtime, adapter, no_site=False):
        host = os.path.join(HERE, runtime)
        if runtime == "python":
            python = self.venv_python(os.path.dirname(adapter))
            flags = ["-u", "-I"] + (["-S"] if no_site else [])
            return [python] + flags + [os.path.join(host, "host.py"), adapter]
        if runtime == "php":
            return ["php", "-n", os.path.join(host, "host.php"), adapter]
        if runtime == "ruby":
            return ["ruby", "--disable-gems", os.path.join(host, "host.rb"), adapter]
        build = tempfile.mkdtemp(dir=self.scratch)
        shutil.copy(os.path.join(host, "host.go"), build)
        shutil.copy(adapter, os.path.join(build, "adapter.go"))
        env = dict(os.environ, GOCACHE=os.environ.get("GOCACHE", os.path.join(self.scratch, "gocache")))
        subprocess.run(["go", "build", "-o", "worker", "host.go", "adapter.go"], cwd=build, env=env, check=True)
        return [os.path.join(build, "worker")]


def check_echo(runtimes, runtime, results, no_site=False):
    """The host itself, with an adapter that echoes the request."""
    label = "%s%s host" % (runtime, " -S" if no_site else "")
    adapter = os.path.join(runtimes.scratch, "echo-" + runtime, ECHO_ADAPTERS[runtime][0])
    os.makedirs(os.path.dirname(adapter), exist_ok=True)
    with open(adapter, "w") as f:
        f.write(ECHO_ADAPTERS[runtime][1])
    worker = Worker(runtimes.command(runtime, adapter, no_site), environment("echo-oracle"))
    hello = worker.hello.get("hello", {})
    results.check(hello.get("name") == "echo-oracle", "%s: handshake name %r" % (label, hello))
    results.check(hello.get("version") == "echo 1.0", "%s: handshake version %r" % (label, hello))
    results.check(hello.get("model") == "rfc", "%s: handshake model %r" % (label, hello))
    results.check(hello.get("fields") == RFC_FIELDS.split(","), "%s: handshake fields %r" % (label, hello))
    results.check(hello.get("case_kinds") == ["parse", "resolve"], "%s: case kinds %r" % (label, hello))
    results.check("unicode" in hello, "%s: handshake has unicode %r" % (label, hello))
    results.check(hello.get("held_answers") is True, "%s: says it holds its answers %r" % (label, hello))
    check_flushing_each(runtimes.command(runtime, adapter, no_site), label, results)
    cases = [request(i, text, text[::-1] if i % 2 else None) for i, text in enumerate(HOSTILE)]
    for case, reply in zip(cases, worker.ask(cases)):
        expected = {"path": case["input"], "query": case["base"], "fragment": "parse"}
        ok = reply == {"id": case["id"], "outcome": "parsed", "record": expected}
        results.check(ok, "%s: %r came back as %r" % (label, case["input"], reply))
    special = worker.ask(
        [request(100, "raise"), request(101, "fail"), request(102, "none"), request(103, "x", kind="setter"), request(104, "after"), request(105, "bytes")]
    )
    results.check(
        special[5].get("outcome") == "failure" and "not " in special[5].get("reason", ""),
        "%s: a record value that is not text is a failure saying so: %r" % (label, special[5]),
    )
    failure = special[0]
    results.check(
        failure.get("outcome") == "failure" and "boom \u00e9\u0000" in failure.get("reason", "") and failure.get("id") == 100,
        "%s: an exception is the case's failure with its message: %r" % (label, failure),
    )
    results.check(special[1] == {"id": 101, "outcome": "failure", "reason": "nope"}, "%s: failure string %r" % (label, special[1]))
    results.check(special[2] == {"id": 102, "outcome": "no-opinion"}, "%s: no opinion %r" % (label, special[2]))
    results.check(special[3] == {"id": 103, "outcome": "no-opinion"}, "%s: unlisted kind %r" % (label, special[3]))
    results.check(special[4].get("record", {}).get("path") == "after", "%s: alive after an exception %r" % (label, special[4]))
    many = [request(1000 + i, "http://a/%d" % i) for i in range(2000)]
    answers = worker.ask(many)
    results.check(
        [a["id"] for a in answers] == [r["id"] for r in many]
        and all(a["record"]["path"] == r["input"] for a, r in zip(answers, many)),
        "%s: 2,000 pipelined requests answered in order" % label,
    )
    results.check(worker.close() == 0, "%s: exits with 0 at the end of stdin" % label)
    check_orphan(runtimes.command(runtime, adapter, no_site), label, results)


def check_flushing_each(command, label, results):
    """Started with URLDIFF_ANSWER_FLUSH=each (how urldiff restarts a worker that stopped, to find
    the case to blame: docs/oracle-protocol.md, section 3), the host does not say it holds its
    answers, and still answers pipelined requests in order."""
    env = dict(environment("echo-oracle"), URLDIFF_ANSWER_FLUSH="each")
    worker = Worker(command, env)
    hello = worker.hello.get("hello", {})
    results.check("held_answers" not in hello, "%s each: no held_answers %r" % (label, hello))
    many = [request(i, "http://a/%d" % i) for i in range(200)]
    answers = worker.ask(many)
    results.check(
        [a["id"] for a in answers] == [r["id"] for r in many],
        "%s each: 200 pipelined requests answered in order" % label,
    )
    results.check(worker.close() == 0, "%s each: exits with 0 at the end of stdin" % label)


def check_orphan(command, label, results):
    """The host exits when its parent is SIGKILLed while its stdin stays open.

    The parent is killed only once the host has written its hello line (its watch on the
    parent starts before that), so a slow start on a busy machine is not read as a failure."""
    pidfile = tempfile.mktemp()
    outfile = pidfile + ".out"
    env = dict(os.environ, **environment("echo-oracle"))
    shell = subprocess.Popen(
        ["sh", "-c", 'exec 3<&0; "$@" <&3 >"%s" 2>/dev/null & echo $! > "%s"; wait' % (outfile, pidfile), "sh"]
        + command,
        stdin=subprocess.PIPE,
        env=env,
    )
    child = None
    hello = False
    for _ in range(1200):  # a bound for a host that never starts, not a timing
        if child is None and os.path.exists(pidfile) and open(pidfile).read().strip():
            child = int(open(pidfile).read())
        if os.path.exists(outfile) and open(outfile, "rb").read().endswith(b"\n"):
            hello = True
            break
        time.sleep(0.1)
    os.kill(shell.pid, signal.SIGKILL)
    shell.wait()
    gone = False
    for _ in range(600):
        if child is None or not alive(child):
            gone = True
            break
        time.sleep(0.1)
    if not gone:
        os.kill(child, signal.SIGKILL)
    shell.stdin.close()
    for leftover in (pidfile, outfile):
        if os.path.exists(leftover):
            os.remove(leftover)
    results.check(hello, "%s: writes its hello line before its parent is killed" % label)
    results.check(child is not None and gone, "%s: exits after its parent's SIGKILL" % label)


def alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def check_oracle(runtimes, name, results, no_site=False):
    """A folder oracle against values from its library's documentation or tests."""
    folder = os.path.join(PARSERS, name)
    with open(os.path.join(folder, "oracle.json")) as f:
        descriptor = json.load(f)
    runtime = descriptor["runtime"]
    kinds = ",".join(descriptor["case_kinds"])
    fields = RFC_FIELDS if descriptor["model"] == "rfc" else "href,origin,protocol,username,password,host,hostname,port,pathname,search,hash"
    adapter = os.path.join(folder, descriptor["adapter"])
    command = runtimes.command(runtime, adapter, no_site)
    worker = Worker(command, environment(name, descriptor["model"], kinds, fields))
    hello = worker.hello.get("hello", {})
    results.check(bool(hello.get("version")), "%s: handshake version %r" % (name, hello))
    print("  %s%s: %s" % (name, " (-S)" if no_site else "", hello.get("version")))
    cases = ORACLE_CASES[name]
    requests = [request(i, c["input"], c.get("base"), kind_of(c)) for i, c in enumerate(cases)]
    for case, reply in zip(cases, worker.ask(requests)):
        results.check(matches(case, reply), "%s: %r (%s) gave %r" % (name, case["input"], case["source"], reply))
    results.check(worker.close() == 0, "%s: exits with 0 at the end of stdin" % name)


def kind_of(case):
    """A case with a base is a resolve case unless it names its kind (WPT's are parse cases
    with a base)."""
    return case.get("kind") or ("resolve" if case.get("base") is not None else "parse")


def matches(case, reply):
    if "failure" in case:
        return reply.get("outcome") == "failure" and case["failure"] in reply.get("reason", "")
    if "no_opinion" in case:
        return reply.get("outcome") == "no-opinion"
    record = reply.get("record") or {}
    return reply.get("outcome") == "parsed" and all(record.get(k) == v for k, v in case["record"].items())


def main():
    results = Results()
    scratch = tempfile.mkdtemp(prefix="urldiff-check-hosts-")
    runtimes = Runtimes(scratch)
    try:
        for runtime in ("python", "php", "ruby", "go"):
            if not runtimes.available(runtime):
                results.check(not required(runtime), "%s: runtime missing but required" % runtime)
                print("skipped %s: not installed" % runtime)
                continue
            check_echo(runtimes, runtime, results)
            if runtime == "python":
                check_echo(runtimes, runtime, results, no_site=True)
                check_oracle(runtimes, "urllib3", results, no_site=True)
            for name in sorted(ORACLE_CASES):
                with open(os.path.join(PARSERS, name, "oracle.json")) as f:
                    if json.load(f)["runtime"] == runtime:
                        check_oracle(runtimes, name, results)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print("%d passed, %d failed" % (results.passed, len(results.failed)))
    sys.exit(1 if results.failed else 0)


if __name__ == "__main__":
    main()
