"use strict";
// node-legacy-url: Node's legacy url.parse(input), or url.parse(url.resolve(base, input)) when
// there is a base (`resolved` is then url.resolve's string). The record is url.parse's own
// object read as RFC components: `protocol` without its ":" is the scheme, `auth` (which
// url.parse percent-decodes) the userinfo, `host` less its ":port" the host (an IPv6 literal
// keeps its brackets there), `port`, `pathname` ("" when null), `search` and `hash` without
// their "?" and "#".
module.exports = (require, host) => {
  const url = require("url");
  const after = (text, mark) => (text === null || text === undefined ? null : text.slice(mark.length));
  const record = (u, resolved) => {
    let hostPart = u.host;
    if (hostPart !== null && u.port !== null) hostPart = hostPart.slice(0, hostPart.length - u.port.length - 1);
    return host.rfcRecord({
      scheme: u.protocol === null ? null : u.protocol.replace(/:$/, ""),
      userinfo: u.auth,
      host: hostPart,
      port: u.port,
      path: u.pathname,
      query: after(u.search, "?"),
      fragment: after(u.hash, "#"),
      resolved,
    });
  };
  return {
    version: () => `url.parse of node ${process.version}`,
    answer(kind, input, base) {
      if (base === null) return record(url.parse(input), null);
      const target = url.resolve(base, input);
      return record(url.parse(target), target);
    },
  };
};
