"use strict";
// url-parse: the npm package (not a WHATWG parser): new Url(input, {}) or new Url(input, base).
// Its fields map onto the WHATWG record by name; it has no `search`: its `query` (unparsed,
// with its "?") plays that part (adapter rule url-parse/query-as-search, shown by
// `urldiff conform --explain-projection`). It does no IDNA: hosts are kept as given.
module.exports = (require, host) => {
  const Url = require("url-parse");
  return {
    version: () => `url-parse ${host.packageVersion("url-parse")} on node ${process.version}`,
    answer(kind, input, base) {
      const u = base === null ? new Url(input, {}) : new Url(input, base);
      return Object.fromEntries(host.fields.map(f => [f, f === "search" ? u.query : u[f]]));
    },
  };
};
