"use strict";
// urijs (URI.js): new URI(input), or new URI(input).absoluteTo(base) when there is a base
// (`resolved` is then the result's toString()). The record is URI.js's parsed parts (`_parts`,
// what its getters read): `protocol` is the scheme; the authority (URI.js's authority()) is
// defined when a hostname was parsed; `userinfo()` is the userinfo when a username or password
// was given (URI.js decodes them); the hostname, with its brackets put back around an IPv6
// literal, is the host; `port`, `path`; `query` and `fragment` are null when absent and also
// when empty (URI.parse stores an empty query or fragment as null).
module.exports = (require, host) => {
  const URI = require("urijs");
  const record = (uri, resolved) => {
    const parts = uri._parts;
    const hasAuthority = parts.hostname !== null && parts.hostname !== undefined;
    const hasUserinfo = parts.username !== null || parts.password !== null;
    let hostname = hasAuthority ? parts.hostname : null;
    if (hostname !== null && hostname.includes(":")) hostname = `[${hostname}]`;
    return host.rfcRecord({
      scheme: parts.protocol,
      authority: hasAuthority ? uri.authority() : null,
      userinfo: hasUserinfo ? uri.userinfo() : null,
      host: hostname,
      port: parts.port,
      path: parts.path,
      query: parts.query,
      fragment: parts.fragment,
      resolved,
    });
  };
  return {
    version: () => `urijs ${host.packageVersion("urijs")} on node ${process.version}`,
    answer(kind, input, base) {
      if (base === null) return record(new URI(input), null);
      const target = new URI(input).absoluteTo(base);
      return record(target, target.toString());
    },
  };
};
