"use strict";
// uri-js: URI.parse(input), or URI.parse(URI.resolve(base, input)) when there is a base
// (`resolved` is then URI.resolve's string). uri-js never throws: a parse that sets `error`
// ("URI can not be parsed.", "HTTP URIs must have a host.", …) is a failure with that text.
// The record is its components: `scheme`, `userinfo`, `host` (brackets put back around an IPv6
// literal), `port`, `path`, `query`, `fragment`; the authority is composed from them when a
// host was parsed. The scheme handlers for mailto, urn and ws(s) move the path and query into
// fields of their own (`to`, `nss`, `resourceName`); for those the path and query are read
// from the same input parsed without a scheme handler (option `scheme: "null"`, as
// URI.resolve itself parses).
module.exports = (require, host) => {
  const URI = require("uri-js");
  const components = input => {
    const c = URI.parse(input);
    if (c.error !== undefined) throw Object.assign(new Error(c.error), { name: "uri-js" });
    if (c.path === undefined) {
      const generic = URI.parse(input, { scheme: "null" });
      return { ...c, path: generic.path, query: generic.query };
    }
    return c;
  };
  const record = (input, resolved) => {
    const c = components(input);
    let hostPart = c.host;
    if (typeof hostPart === "string" && hostPart.includes(":")) hostPart = `[${hostPart}]`;
    return host.rfcRecord({
      scheme: c.scheme,
      userinfo: c.userinfo,
      host: hostPart,
      port: c.port,
      path: c.path,
      query: c.query,
      fragment: c.fragment,
      resolved,
    });
  };
  return {
    version: () => `uri-js ${host.packageVersion("uri-js")} on node ${process.version}`,
    answer(kind, input, base) {
      if (base === null) return record(input, null);
      const target = URI.resolve(base, input);
      return record(target, target);
    },
  };
};
