"use strict";
// whatwg-url: the npm package (jsdom's URL). Parse and setter cases, with the input's validation
// errors (spec names, from parseURLWithValidationErrors; the base's own errors are not the
// input's), and validity cases (those errors and isValidURLString as a text record).
//
// Each distinct base is parsed once per worker, and each distinct input once per base (a
// suite's parse case and its validity case share the input): both are basicURLParse, as in
// whatwg-url's URL constructor, and their records are only read. A parse case that parses is
// answered by whatwg-url's own URL getters (URL-impl.js, which the URL class's getters return
// unchanged) over that one parse's record; a failure, and every setter case, goes through the
// URL constructor, so the reason is whatwg-url's own.
module.exports = (require, host) => {
  // whatwg-url answers from its JavaScript parser. V8's optimizing compiler costs more CPU
  // than it saves over a conform batch (a few thousand varied requests) and saves half over a
  // triage batch (30,000 real URLs: --no-opt 3.6 user-s, default 1.9), so V8 is told to wait
  // longer before optimizing a function (interrupt budget 300,000, default 67,584): conform's
  // 8,156 requests 0.32 user-s as with --no-opt, the 30,000 1.8 user-s as with the default
  // (docs/benchmarks.md). Set before the package is loaded (the folder launcher passes no node
  // flags); the answers are byte-identical either way.
  require("v8").setFlagsFromString("--interrupt-budget=300000");
  const whatwg = require("whatwg-url");
  const { implementation: URLImpl } = require("whatwg-url/lib/URL-impl.js");
  const settable = new Set(host.fields.filter(f => f !== "origin"));
  const record = url => Object.fromEntries(host.fields.map(f => [f, url[f]]));
  const reasonOf = e => String(e && e.message !== undefined ? `${e.name}: ${e.message}` : e);

  // How many parses a worker remembers; past it, it starts afresh.
  const MAX_REMEMBERED = 8192;
  // base (null: none) → { record, parses: input → { url, validationErrors } }
  const bases = new Map();
  let remembered = 0;
  const baseEntry = base => {
    if (!bases.has(base)) {
      if (remembered >= MAX_REMEMBERED) {
        bases.clear();
        remembered = 0;
      }
      // The base's record: null without a base, undefined when it does not parse.
      const parsedBase = base === null ? null : whatwg.basicURLParse(base) ?? undefined;
      bases.set(base, { record: parsedBase, parses: new Map() });
      remembered++;
    }
    return bases.get(base);
  };
  // The input's validation errors and its URL record, or null when it (or its base) does not
  // parse.
  const parsed = (input, base) => {
    const { record: baseURL, parses } = baseEntry(base);
    if (baseURL === undefined) return { url: null, validationErrors: [] };
    if (!parses.has(input)) {
      parses.set(input, whatwg.parseURLWithValidationErrors(input, { baseURL }));
      remembered++;
    }
    return parses.get(input);
  };
  // Through the URL constructor: failures (with whatwg-url's reason) and setters.
  const construct = (kind, input, base, request) => {
    const errors = kind === "parse" ? parsed(input, base).validationErrors : [];
    let url;
    try {
      url = base === null ? new whatwg.URL(input) : new whatwg.URL(input, base);
    } catch (e) {
      return { outcome: "failure", reason: reasonOf(e), errors };
    }
    if (kind === "setter") url[request.property] = request.value;
    return { outcome: "parsed", record: record(url), errors };
  };
  const parse = (input, base) => {
    const { url, validationErrors } = parsed(input, base);
    if (url === null) return construct("parse", input, base);
    const view = Object.create(URLImpl.prototype);
    view._url = url;
    return { outcome: "parsed", record: record(view), errors: validationErrors };
  };
  // A validity case: the errors, and isValidURLString as the text record "true"/"false".
  const validity = (input, base) => {
    const baseURL = baseEntry(base).record;
    if (baseURL === undefined) return { outcome: "failure", reason: "the base does not parse", errors: [] };
    const errors = parsed(input, base).validationErrors;
    const valid = baseURL === null ? whatwg.isValidURLString(input) : whatwg.isValidURLString(input, { baseURL });
    return { outcome: "parsed", record: { model: "text", value: String(valid) }, errors };
  };
  const acceptsHost = c => {
    try {
      new whatwg.URL(`http://${c}/`);
      return true;
    } catch (e) {
      return false;
    }
  };
  return {
    version: () => `whatwg-url ${host.packageVersion("whatwg-url")} on node ${process.version}`,
    capabilities: ["validation-errors"],
    unicode: () => {
      const probed = host.probeUnicode(acceptsHost);
      const declared = `tr46 ${host.packageVersion("tr46")}`;
      return probed ? `${probed} (probed); ${declared}` : declared;
    },
    answer(kind, input, base, request) {
      if (kind === "validity") return validity(input, base);
      if (kind === "setter" && !settable.has(request.property)) return { outcome: "no-opinion" };
      return kind === "parse" ? parse(input, base) : construct(kind, input, base, request);
    },
  };
};
