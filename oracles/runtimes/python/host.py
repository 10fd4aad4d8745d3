"""urldiff host for Python adapters (minimal stand-in until the "workers" host lands): the
worker protocol of docs/oracle-protocol.md around one folder's adapter.

Run as `python -u -I [-S] host.py <adapter.py>`. The adapter defines
  version()                 -> the exact library and runtime version
  answer(kind, input, base) -> a dict (parsed: the record), a str (failure: its reason) or
                               None (no opinion); an exception is a failure "<Type>: <message>"
The handshake's name, model, fields and case kinds come from URLDIFF_ORACLE, URLDIFF_MODEL,
URLDIFF_FIELDS and URLDIFF_CASE_KINDS.
"""
import importlib.util
import json
import os
import sys
import threading
import time


def env_list(name, default):
    return [item for item in os.environ.get(name, "").split(",") if item] or default


def load_adapter(path):
    spec = importlib.util.spec_from_file_location("urldiff_adapter", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def answer(adapter, kinds, request):
    kind = request.get("kind")
    if kind not in kinds:
        return {"outcome": "no-opinion"}
    try:
        result = adapter.answer(kind, request["input"], request.get("base"))
    except Exception as e:
        return {"outcome": "failure", "reason": "%s: %s" % (type(e).__name__, e)}
    if result is None:
        return {"outcome": "no-opinion"}
    if isinstance(result, str):
        return {"outcome": "failure", "reason": result}
    return {"outcome": "parsed", "record": result}


def exit_when_orphaned():
    parent = os.getppid()
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            os._exit(0)


def write(out, value):
    out.write((json.dumps(value) + "\n").encode("ascii"))
    out.flush()


def main():
    if os.environ.get("URLDIFF_KILLED_WITH_PARENT") != "1":
        threading.Thread(target=exit_when_orphaned, daemon=True).start()
    adapter = load_adapter(sys.argv[1])
    kinds = env_list("URLDIFF_CASE_KINDS", ["parse"])
    hello = {
        "name": os.environ.get("URLDIFF_ORACLE", "adapter"),
        "version": adapter.version(),
        "model": os.environ.get("URLDIFF_MODEL", "rfc"),
        "fields": env_list("URLDIFF_FIELDS", []),
        "case_kinds": kinds,
    }
    out = sys.stdout.buffer
    write(out, {"hello": hello})
    for raw in sys.stdin.buffer:
        if raw.strip():
            request = json.loads(raw)
            reply = {"id": request["id"]}
            reply.update(answer(adapter, kinds, request))
            write(out, reply)


if __name__ == "__main__":
    main()
