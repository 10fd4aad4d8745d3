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

const WHATWG_FIELDS = ["href", "protocol", "username", "password", "host", "hostname", "port",
  "pathname", "search", "hash", "origin"];
const SETTABLE = new Set(WHATWG_FIELDS.filter(f => f !== "origin"));

function packageVersion(name) {
  const file = path.join(__dirname, "node_modules", name, "package.json");
  return JSON.parse(fs.readFileSync(file, "utf8")).version;
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

function makeMode(mode) {
  const node = `node ${process.version}`;
  if (mode === "node-url") {
    return { version: node, kinds: ["parse", "setter"], answer: whatwgMode(URL, null) };
  }
  if (mode === "whatwg-url") {
    const whatwg = require("whatwg-url");
    // The base as a URL record: null without a base, undefined when it does not parse.
    const baseRecord = base => {
      if (base === null || base === undefined) return null;
      const record = whatwg.basicURLParse(base);
      return record === null ? undefined : record;
    };
    // The input's validation errors (spec names); a base's own errors are not the input's.
    const errorsOf = (input, base) => {
      const baseURL = baseRecord(base);
      if (baseURL === undefined) return [];
      return whatwg.parseURLWithValidationErrors(input, { baseURL }).validationErrors;
    };
    // A validity case: the errors, and isValidURLString as the text record "true"/"false".
    const validity = (input, base) => {
      const baseURL = baseRecord(base);
      if (baseURL === undefined) return { outcome: "failure", reason: "the base does not parse", errors: [] };
      const errors = whatwg.parseURLWithValidationErrors(input, { baseURL }).validationErrors;
      const valid = baseURL === null ? whatwg.isValidURLString(input) : whatwg.isValidURLString(input, { baseURL });
      return { outcome: "parsed", record: { model: "text", value: String(valid) }, errors };
    };
    return {
      version: `whatwg-url ${packageVersion("whatwg-url")} on ${node}`,
      kinds: ["parse", "setter", "validity"],
      fields: [...WHATWG_FIELDS, "validation-errors"],
      answer: whatwgMode(whatwg.URL, errorsOf, validity),
    };
  }
  if (mode === "url-parse") {
    const Url = require("url-parse");
    return {
      version: `url-parse ${packageVersion("url-parse")} on ${node}`,
      kinds: ["parse"],
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
        const record = {
          href: u.href, protocol: u.protocol, username: u.username, password: u.password,
          host: u.host, hostname: u.hostname, port: u.port, pathname: u.pathname,
          search: u.query, hash: u.hash, origin: u.origin,
        };
        return { outcome: "parsed", record, errors: [] };
      },
    };
  }
  throw new Error(`unknown mode ${JSON.stringify(mode)}: use node-url, whatwg-url or url-parse`);
}

function main() {
  const mode = process.argv[2];
  const { version, kinds, fields = WHATWG_FIELDS, answer } = makeMode(mode);
  const write = line => fs.writeSync(1, line + "\n");
  write(JSON.stringify({ hello: { name: mode, version, model: "whatwg", fields, case_kinds: kinds } }));
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on("line", line => {
    const request = JSON.parse(line);
    write(JSON.stringify({ id: request.id, ...answer(request) }));
  });
}

main();
