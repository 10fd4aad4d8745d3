"use strict";
// The Node host of urldiff's folder oracles (docs/oracle-protocol.md; oracles/parsers/README.md).
//
//   node host.js <adapter.js>      (cwd: the folder whose node_modules holds the packages)
//
// The host speaks the protocol; the adapter (oracles/parsers/<oracle>/adapter.js) only calls
// its library. An adapter is
//
//   module.exports = (require, host) => ({
//     version: () => "urijs 1.19.11 on node v20.20.2",     // library and runtime
//     unicode: () => null,                                   // optional: the hello's `unicode`
//     capabilities: [],                                      // optional: extra hello `fields`
//     answer: (kind, input, base, request) => record,
//   });
//
// - `require` resolves from the working folder (oracles/node/node_modules, or the cache's copy),
//   not from the adapter's folder, so every package is the one pinned in package-lock.json.
// - `host` holds the environment urldiff gives every host, read once: `oracle`, `model`,
//   `fields` (the record fields, in record order), `caseKinds`, and helpers `packageVersion`,
//   `probeUnicode`, `rfcRecord` (an RFC-model record from components), `node` (process.version).
// - `answer` is called only for the case kinds urldiff declared (URLDIFF_CASE_KINDS); any other
//   kind is answered `no-opinion` here. It returns the record of a parsed answer; `null` or
//   `undefined` for no opinion; or a whole protocol answer (an object with an `outcome` key,
//   for adapters that report validation errors or text records). A throw is that case's
//   failure, "<name>: <message>".
//
// Answers are held while more request lines are read and waiting, for at most HOLD_MS, then
// written together, synchronously (docs/oracle-protocol.md, section 3: the hello says
// `held_answers`); with URLDIFF_ANSWER_FLUSH=each, how urldiff restarts a worker that stopped to
// find the case to blame, each is written at once, before the next case can hang or crash.

const fs = require("fs");
const path = require("path");
const { createRequire } = require("module");

const list = name => (process.env[name] || "").split(",").filter(Boolean);

// The environment urldiff gives every host.
function hostEnvironment() {
  const env = {
    oracle: process.env.URLDIFF_ORACLE || "",
    model: process.env.URLDIFF_MODEL || "",
    // The record fields; `validation-errors` is a capability, not a field of the record.
    fields: list("URLDIFF_FIELDS").filter(f => f !== "validation-errors"),
    caseKinds: list("URLDIFF_CASE_KINDS"),
  };
  const missing = Object.entries(env).filter(([, v]) => v.length === 0).map(([k]) => k);
  if (missing.length > 0) {
    process.stderr.write(`host.js: urldiff passes ${missing.join(", ")} (URLDIFF_ORACLE, ` +
      "URLDIFF_MODEL, URLDIFF_FIELDS, URLDIFF_CASE_KINDS); missing here\n");
    process.exit(2);
  }
  return env;
}

// The version of an installed package, from its package.json in the working folder (some
// packages' `exports` do not let `require` read it).
function packageVersion(name) {
  const file = path.join(process.cwd(), "node_modules", name, "package.json");
  return JSON.parse(fs.readFileSync(file, "utf8")).version;
}

// The newest Unicode version whose probe code point `accepts` takes, from the probe list
// urldiff passes in URLDIFF_UNICODE_PROBES ("13.0:30000,14.0:16A70,…"), or null.
function probeUnicode(accepts) {
  let newest = null;
  for (const probe of list("URLDIFF_UNICODE_PROBES")) {
    const [version, hex] = probe.split(":");
    let accepted = false;
    try {
      accepted = accepts(String.fromCodePoint(parseInt(hex, 16)));
    } catch (e) {
      accepted = false;
    }
    if (accepted) newest = version;
  }
  return newest;
}

// An RFC-model record (docs/oracle-protocol.md section 3) in the order of URLDIFF_FIELDS, from
// the components an adapter read (`undefined` and `null` are both undefined). Without an
// `authority` of its own, a record with a host gets [userinfo "@"] host [":" port].
function rfcRecord(fields, parts) {
  const defined = value => (value === undefined || value === null ? null : String(value));
  const composed = () => {
    if (defined(parts.host) === null) return null;
    const userinfo = defined(parts.userinfo) === null ? "" : `${parts.userinfo}@`;
    const port = defined(parts.port) === null ? "" : `:${parts.port}`;
    return `${userinfo}${parts.host}${port}`;
  };
  const record = {};
  for (const field of fields) {
    if (field === "authority" && !("authority" in parts)) record.authority = composed();
    else if (field === "path") record.path = defined(parts.path) ?? "";
    else record[field] = defined(parts[field]);
  }
  return record;
}

// A thrown value in the protocol's words: "<name>: <message>".
function reasonOf(e) {
  if (e instanceof Error || (e && e.message !== undefined)) return `${e.name}: ${e.message}`;
  return `${typeof e}: ${String(e)}`;
}

// One request's answer (without its id).
function answerOne(adapter, kinds, request) {
  if (!kinds.has(request.kind)) return { outcome: "no-opinion" };
  let result;
  try {
    const base = request.base === undefined ? null : request.base;
    result = adapter.answer(request.kind, request.input, base, request);
  } catch (e) {
    return { outcome: "failure", reason: reasonOf(e), errors: [] };
  }
  if (result === null || result === undefined) return { outcome: "no-opinion" };
  if (Object.prototype.hasOwnProperty.call(result, "outcome")) return result;
  return { outcome: "parsed", record: result, errors: [] };
}

// End the process when its parent (urldiff) is gone, even in the middle of a case (the
// protocol's rule for workers, docs/oracle-protocol.md section 4): stdin's end closes the
// readline loop, and a parent killed with SIGKILL is noticed by a watcher thread, which can run
// while this thread is busy. It is unref'd, so it never keeps the process alive by itself.
// Not started when urldiff says the kernel kills this process with it
// (URLDIFF_KILLED_WITH_PARENT=1): a worker thread is a second V8 isolate.
function exitWhenOrphaned() {
  if (process.env.URLDIFF_KILLED_WITH_PARENT === "1") return;
  const { Worker } = require("worker_threads");
  const watch = `const { workerData } = require("worker_threads");
    setInterval(() => {
      if (process.ppid !== workerData.parent) process.kill(workerData.pid, "SIGKILL");
    }, 500);`;
  new Worker(watch, { eval: true, workerData: { parent: process.ppid, pid: process.pid } }).unref();
}

// Write all of `bytes` to `fd`, waiting while the pipe is full: the watcher thread can leave
// stdout non-blocking, so writeSync may fail with EAGAIN or write part of a line.
let pause = null;
function writeAll(fd, bytes) {
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += fs.writeSync(fd, bytes, offset, bytes.length - offset);
    } catch (e) {
      if (e.code !== "EAGAIN") throw e;
      pause ??= new Int32Array(new SharedArrayBuffer(4));
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

// The adapter, given the working folder's `require` and the host's environment.
function loadAdapter(file, env) {
  const requireFromCwd = createRequire(path.join(process.cwd(), "package.json"));
  const host = {
    ...env, packageVersion, probeUnicode, node: process.version,
    rfcRecord: parts => rfcRecord(env.fields, parts),
  };
  const adapter = require(path.resolve(file))(requireFromCwd, host);
  if (typeof adapter.version !== "function" || typeof adapter.answer !== "function") {
    throw new Error(`${file}: an adapter has version() and answer(kind, input, base, request)`);
  }
  return adapter;
}

function main() {
  exitWhenOrphaned();
  const file = process.argv[2];
  if (!file) {
    process.stderr.write("usage: node host.js <adapter.js>\n");
    process.exit(2);
  }
  const env = hostEnvironment();
  const adapter = loadAdapter(file, env);
  const fields = list("URLDIFF_FIELDS");
  for (const extra of adapter.capabilities || []) if (!fields.includes(extra)) fields.push(extra);
  const unicode = typeof adapter.unicode === "function" ? adapter.unicode() : null;
  const hello = {
    name: env.oracle, version: adapter.version(), model: env.model, fields,
    case_kinds: env.caseKinds, unicode: unicode === undefined ? null : unicode,
  };
  const answers = heldAnswers(process.env.URLDIFF_ANSWER_FLUSH === "each");
  if (!answers.each) hello.held_answers = true;
  answers.add(JSON.stringify({ hello }), false);
  const kinds = new Set(env.caseKinds);
  eachRequestLine(process.stdin, (line, more) => {
    const request = JSON.parse(line);
    answers.add(JSON.stringify({ id: request.id, ...answerOne(adapter, kinds, request) }), more);
  });
}

// How long answers may be held while more requests wait.
const HOLD_MS = 50;

// The answer lines, held while `more` request lines wait (at most HOLD_MS), then written
// together; each at once when `each`.
function heldAnswers(each) {
  let held = [];
  let since = Date.now();
  const flush = () => {
    writeAll(1, Buffer.from(held.join("")));
    held = [];
    since = Date.now();
  };
  return {
    each,
    add(line, more) {
      held.push(line + "\n");
      if (each || !more || Date.now() - since >= HOLD_MS) flush();
    },
  };
}

// `onLine(line, more)` for each line of `input` (UTF-8, without its "\n"; a last line without
// one too), `more` telling whether another complete line is already read after it.
function eachRequestLine(input, onLine) {
  let rest = Buffer.alloc(0);
  const lines = (chunk, atEnd) => {
    const data = rest.length ? Buffer.concat([rest, chunk]) : chunk;
    const ends = [];
    for (let i = data.indexOf(10); i >= 0; i = data.indexOf(10, i + 1)) ends.push(i);
    let start = 0;
    ends.forEach((end, k) => {
      const more = k + 1 < ends.length || (atEnd && end + 1 < data.length);
      onLine(data.toString("utf8", start, end).replace(/\r$/, ""), more);
      start = end + 1;
    });
    rest = data.subarray(start);
    if (atEnd && rest.length) onLine(rest.toString("utf8").replace(/\r$/, ""), false);
  };
  input.on("data", chunk => lines(chunk, false));
  input.on("end", () => lines(Buffer.alloc(0), true));
}

main();
