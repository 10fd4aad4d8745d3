"use strict";
// node-url: Node's built-in WHATWG URL class (ada inside Node): new URL(input[, base]), and for
// a setter case that URL with one property set. The record is the URL's getters, for the WHATWG
// fields urldiff passes (URLDIFF_FIELDS, in record order). No validation errors.
module.exports = (require, host) => {
  const settable = new Set(host.fields.filter(f => f !== "origin"));
  const record = url => Object.fromEntries(host.fields.map(f => [f, url[f]]));
  const acceptsHost = c => {
    try {
      new URL(`http://${c}/`);
      return true;
    } catch (e) {
      return false;
    }
  };
  return {
    // Node's URL is the ada it bundles: the version names it, so a finding names that ada.
    version: () =>
      process.versions.ada ? `node ${process.version} (ada ${process.versions.ada})` : `node ${process.version}`,
    // Node's URL has IDNA tables of its own; its ICU (Intl, RegExp) is reported beside them.
    unicode: () => {
      const probed = host.probeUnicode(acceptsHost);
      const icu = `node's ICU: Unicode ${process.versions.unicode}`;
      return probed ? `${probed} (probed); ${icu}` : icu;
    },
    answer(kind, input, base, request) {
      if (kind === "setter" && !settable.has(request.property)) return null;
      const url = base === null ? new URL(input) : new URL(input, base);
      if (kind === "setter") url[request.property] = request.value;
      return record(url);
    },
  };
};
