"use strict";
// urldiff worker for the Node oracles (JSON Lines on stdin/stdout; docs/oracle-protocol.md).
// One script, one mode per process:
//   node worker.js node-url    Node's built-in WHATWG URL class
//   node worker.js whatwg-url  the whatwg-url package (jsdom's URL), with validation errors and
//                              validity cases (errors plus isValidURLString)
//   node worker.js url-parse   the url-parse package (not a WHATWG parser: its fields are mapped)
// Answers are written one line at a time, synchronously, so that every finished answer is out
// before a later case can hang or crash the process.

const fs = require("fs");
const path = require("path");
const readline = require("readline");

// The WHATWG record fields, in record order: urldiff passes its one list (the parser's
// `Attribute`, docs/field-model.md) in URLDIFF_WHATWG_FIELDS ("href,origin,protocol,…").
const WHATWG_FIELDS = (process.env.URLDIFF_WHATWG_FIELDS || "").split(",").filter(Boolean);
if (WHATWG_FIELDS.length === 0) {
  process.stderr.write("URLDIFF_WHATWG_FIELDS is empty: urldiff passes the WHATWG field list\n");
  process.exit(2);
}
const SETTABLE = new Set(WHATWG_FIELDS.filter(f => f !== "origin"));

function packageVersion(name) {
  const file = path.join(__dirname, "node_modules", name, "package.json");
  return JSON.parse(fs.readFileSync(file, "utf8")).version;
}

// The newest Unicode version whose probe code point `accepts` takes, from the probe list urldiff
// passes in URLDIFF_UNICODE_PROBES ("13.0:30000,14.0:16A70,…"), or null.
function probeUnicode(accepts) {
  let newest = null;
  for (const probe of (process.env.URLDIFF_UNICODE_PROBES || "").split(",").filter(Boolean)) {
    const [version, hex] = probe.split(":");
    if (accepts(String.fromCodePoint(parseInt(hex, 16)))) newest = version;
  }
  return newest;
}

// Whether URLClass accepts `http://<c>/`: does its host parsing know the code point?
const acceptsHost = URLClass => c => {
  try {
    new URLClass(`http://${c}/`);
    return true;
  } catch (e) {
    return false;
  }
};

// "<probed> (probed); <declared>", or whichever is known, or null.
function unicodeReport(probed, declared) {
  if (probed && declared) return `${probed} (probed); ${declared}`;
  return probed ? `${probed} (probed)` : declared;
}

function whatwgRecord(url) {
  const record = {};
  for (const field of WHATWG_FIELDS) record[field] = url[field];
  return record;
}

function failure(e) {
  return { outcome: "failure", reason: String(e && e.message !== undefined ? `${e.name}: ${e.message}` : e), errors: [] };
}

// A WHATWG-API mode: parse (against base), or parse and apply one setter; `validity` answers
// validity cases when the mode has one.
function whatwgMode(URLClass, validationErrors, validity) {
  return request => {
    const { kind, input, base } = request;
    if (kind === "validity" && validity) return validity(input, base);
    if (kind !== "parse" && kind !== "setter") return { outcome: "no-opinion" };
    if (kind === "setter" && !SETTABLE.has(request.property)) return { outcome: "no-opinion" };
    const errors = kind === "parse" && validationErrors ? validationErrors(input, base) : [];
    let url;
    try {
      url = base === null || base === undefined ? new URLClass(input) : new URLClass(input, base);
    } catch (e) {
      return { ...failure(e), errors };
    }
    if (kind === "setter") url[request.property] = request.value;
    return { outcome: "parsed", record: whatwgRecord(url), errors };
  };
}

// How many parses a whatwg-url worker remembers; past it, it starts afresh.
const MAX_REMEMBERED = 8192;

// whatwg-url's mode. Each distinct base is parsed once per worker, and each distinct input
// once per base (a suite's parse case and its validity case share the input): both are
// basicURLParse, as in whatwg-url's URL constructor, and their records are only read. A
// parse case that parses is answered by whatwg-url's own URL getters (URL-impl.js, which the
// URL class's getters return unchanged) over that one parse's record; a failure, and every
// setter case, goes through the URL constructor, so the reason is whatwg-url's own.
function whatwgUrlMode(node) {
  const whatwg = require("whatwg-url");
  const { implementation: URLImpl } = require("whatwg-url/lib/URL-impl.js");
  // base (null: none) → { record, parses: input → { url, validationErrors } }
  const bases = new Map();
  let remembered = 0;
  const baseEntry = base => {
    const key = base ?? null;
    if (!bases.has(key)) {
      if (remembered >= MAX_REMEMBERED) {
        bases.clear();
        remembered = 0;
      }
      // The base's record: null without a base, undefined when it does not parse.
      const record = key === null ? null : whatwg.basicURLParse(key) ?? undefined;
      bases.set(key, { record, parses: new Map() });
      remembered++;
    }
    return bases.get(key);
  };
  const baseRecord = base => baseEntry(base).record;
  // The input's validation errors (spec names; a base's own errors are not the input's) and
  // its URL record, or null when it does not parse (or its base does not).
  const parsed = (input, base) => {
    const { record: baseURL, parses } = baseEntry(base);
    if (baseURL === undefined) return { url: null, validationErrors: [] };
    if (!parses.has(input)) {
      parses.set(input, whatwg.parseURLWithValidationErrors(input, { baseURL }));
      remembered++;
    }
    return parses.get(input);
  };
  const construct = whatwgMode(whatwg.URL, (input, base) => parsed(input, base).validationErrors);
  const parse = request => {
    const { url, validationErrors } = parsed(request.input, request.base);
    if (url === null) return construct(request);
    const view = Object.create(URLImpl.prototype);
    view._url = url;
    return { outcome: "parsed", record: whatwgRecord(view), errors: validationErrors };
  };
  // A validity case: the errors, and isValidURLString as the text record "true"/"false".
  const validity = (input, base) => {
    const baseURL = baseRecord(base);
    if (baseURL === undefined) return { outcome: "failure", reason: "the base does not parse", errors: [] };
    const errors = parsed(input, base).validationErrors;
    const valid = baseURL === null ? whatwg.isValidURLString(input) : whatwg.isValidURLString(input, { baseURL });
    return { outcome: "parsed", record: { model: "text", value: String(valid) }, errors };
  };
  return {
    version: `whatwg-url ${packageVersion("whatwg-url")} on ${node}`,
    kinds: ["parse", "setter", "validity"],
    fields: [...WHATWG_FIELDS, "validation-errors"],
    unicode: unicodeReport(probeUnicode(acceptsHost(whatwg.URL)), `tr46 ${packageVersion("tr46")}`),
    answer: request => {
      if (request.kind === "validity") return validity(request.input, request.base);
      return request.kind === "parse" ? parse(request) : construct(request);
    },
  };
}

function makeMode(mode) {
  const node = `node ${process.version}`;
  if (mode === "node-url") {
    // Node's URL has IDNA tables of its own; its ICU (Intl, RegExp) is reported beside them.
    const unicode = unicodeReport(probeUnicode(acceptsHost(URL)),
      `node's ICU: Unicode ${process.versions.unicode}`);
    // Node's URL is the ada it bundles: the version names it, so a finding names that ada.
    const version = process.versions.ada ? `${node} (ada ${process.versions.ada})` : node;
    return { version, kinds: ["parse", "setter"], unicode, answer: whatwgMode(URL, null) };
  }
  if (mode === "whatwg-url") return whatwgUrlMode(node);
  if (mode === "url-parse") {
    const Url = require("url-parse");
    return {
      version: `url-parse ${packageVersion("url-parse")} on ${node}`,
      kinds: ["parse"],
      unicode: null, // url-parse does no IDNA: hosts are kept as given.
      answer: request => {
        if (request.kind !== "parse") return { outcome: "no-opinion" };
        let u;
        try {
          u = request.base === null || request.base === undefined
            ? new Url(request.input, {}) : new Url(request.input, request.base);
        } catch (e) {
          return failure(e);
        }
        // url-parse has no `search`: its `query` (unparsed, with its "?") plays that part
        // (adapter rule url-parse/query-as-search, shown by `urldiff conform --explain-projection`).
        const record = {};
        for (const field of WHATWG_FIELDS) record[field] = field === "search" ? u.query : u[field];
        return { outcome: "parsed", record, errors: [] };
      },
    };
  }
  throw new Error(`unknown mode ${JSON.stringify(mode)}: use node-url, whatwg-url or url-parse`);
}

// End the process when its parent (urldiff) is gone, even in the middle of a case (the
// protocol's rule for workers, docs/oracle-protocol.md section 4): stdin's end closes the
// readline loop, and a parent killed with SIGKILL is noticed by a watcher thread, which can run
// while this thread is busy. It is unref'd, so it never keeps the process alive by itself.
// Not needed (nor started: a worker thread is a second V8 isolate, ~27 ms of CPU) when
// urldiff says the kernel kills this process with it (URLDIFF_KILLED_WITH_PARENT=1).
function exitWhenOrphaned() {
  if (process.env.URLDIFF_KILLED_WITH_PARENT === "1") return;
  const { Worker } = require("worker_threads");
  const watch = `const { workerData } = require("worker_threads");
    setInterval(() => {
      if (process.ppid !== workerData.parent) process.kill(workerData.pid, "SIGKILL");
    }, 500);`;
  new Worker(watch, { eval: true, workerData: { parent: process.ppid, pid: process.pid } }).unref();
}

// Write all of `bytes` to `fd`, waiting while the pipe is full. Node can leave stdout's pipe
// non-blocking (the orphan watcher's worker thread sets up the process's stdio), so a parent
// that is slow to read makes writeSync fail with EAGAIN or write part of a line: retried
// after a millisecond, or the answer (and every one after it) would be lost.
// (The wait's cell is made on the first full pipe, not for every line.)
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

function main() {
  exitWhenOrphaned();
  const mode = process.argv[2];
  const { version, kinds, fields = WHATWG_FIELDS, unicode, answer } = makeMode(mode);
  const write = line => writeAll(1, Buffer.from(line + "\n"));
  const hello = { name: mode, version, model: "whatwg", fields, case_kinds: kinds, unicode };
  write(JSON.stringify({ hello }));
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on("line", line => {
    const request = JSON.parse(line);
    write(JSON.stringify({ id: request.id, ...answer(request) }));
  });
}

main();
