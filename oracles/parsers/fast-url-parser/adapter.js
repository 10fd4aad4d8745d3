"use strict";
// fast-url-parser: the npm package's Url.parse(input), or Url.parse(Url.resolve(base, input))
// when there is a base (`resolved` is then Url.resolve's string). It is a clone of Node's
// legacy url.parse, and its object is read the same way: `protocol` without its ":" is the
// scheme, `auth` the userinfo, `host` less its ":port" the host, `port`, `pathname` ("" when
// null), `search` and `hash` without their "?" and "#".
module.exports = (require, host) => {
  const Url = require("fast-url-parser");
  const after = (text, mark) => (text === null || text === undefined ? null : text.slice(mark.length));
  const record = (u, resolved) => {
    let hostPart = u.host;
    if (hostPart !== null && u.port !== null && u.port !== undefined) {
      const suffix = `:${u.port}`;
      if (hostPart.endsWith(suffix)) hostPart = hostPart.slice(0, hostPart.length - suffix.length);
    }
    return host.rfcRecord({
      scheme: u.protocol === null ? null : u.protocol.replace(/:$/, ""),
      userinfo: u.auth,
      host: hostPart,
      port: u.port === null || u.port === undefined || u.port === -1 ? null : u.port,
      path: u.pathname,
      query: after(u.search, "?"),
      fragment: after(u.hash, "#"),
      resolved,
    });
  };
  return {
    version: () => `fast-url-parser ${host.packageVersion("fast-url-parser")} on node ${process.version}`,
    answer(kind, input, base) {
      if (base === null) return record(Url.parse(input), null);
      const target = Url.resolve(base, input);
      return record(Url.parse(target), target);
    },
  };
};
