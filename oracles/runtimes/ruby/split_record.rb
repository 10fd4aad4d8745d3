# frozen_string_literal: true

# The RFC-model record of a Ruby URI parser's own split, shared by the Ruby adapters
# (ruby-uri, ruby-uri-rfc2396); the host (host.rb) loads it before the adapter.
#
# parts is #split's [scheme, userinfo, host, port, registry, path, opaque, query, fragment] as
# written, nil undefined (#split, not the URI object, whose #port would fill in the scheme's
# default port). An opaque URI reports its opaque part as the path ("?" kept inside it, as
# Ruby does). A server-based authority is rebuilt as [userinfo "@"] host [":" port]; a
# registry-based one (RFC 2396) is the authority without a host.
module UrldiffSplit
  module_function

  def record(parts, resolved)
    scheme, userinfo, host, port, registry, path, opaque, query, fragment = parts
    authority = registry
    unless host.nil? && userinfo.nil? && port.nil?
      authority = "#{userinfo.nil? ? '' : "#{userinfo}@"}#{host}#{port.nil? ? '' : ":#{port}"}"
    end
    { 'scheme' => scheme, 'authority' => authority, 'userinfo' => userinfo, 'host' => host,
      'port' => port, 'path' => path || opaque || '', 'query' => query,
      'fragment' => fragment, 'resolved' => resolved }
  end
end
