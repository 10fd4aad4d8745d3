# frozen_string_literal: true

# The ruby-uri oracle: Ruby's URI.parse (the RFC 3986 parser, URI::RFC3986_PARSER) as an
# RFC-model record (host: the worker protocol's runtimes/ruby/host.rb). Resolution is
# URI.join(base, input).
#
# The record is the parser's own split (URI::RFC3986_Parser#split, which URI.parse calls
# before it builds the URI object, whose #port would fill in the scheme's default port):
# [scheme, userinfo, host, port, registry, path, opaque, query, fragment] as written, nil
# undefined. An opaque URI ("mailto:a@b", "http:foo") reports its opaque part as the path:
# Ruby keeps "?query" inside it (URI#query is nil). The authority is rebuilt as
# [userinfo "@"] host [":" port] (runtimes/ruby/split_record.rb, shared with
# ruby-uri-rfc2396). A resolution's record is the split of the joined URI's to_s.
require 'uri'

module UrldiffAdapter
  module_function

  PARSER = URI::RFC3986_PARSER

  def version
    "Ruby #{RUBY_VERSION}p#{RUBY_PATCHLEVEL} uri #{URI::VERSION} #{PARSER.class.name.split('::').last}"
  end

  def answer(kind, input, base)
    if base.nil?
      PARSER.parse(input) # the verdict: what URI.parse raises is the failure
      return UrldiffSplit.record(PARSER.split(input), nil)
    end
    resolved = URI.join(base, input).to_s
    UrldiffSplit.record(PARSER.split(resolved), resolved)
  end
end
