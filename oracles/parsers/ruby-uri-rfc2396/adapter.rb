# frozen_string_literal: true

# The ruby-uri-rfc2396 oracle: Ruby's URI::RFC2396_Parser (URI::RFC2396_Parser.new.parse) as
# an RFC-model record (host: the worker protocol's runtimes/ruby/host.rb). Resolution is the
# parser's base URI #merge of the parsed input (what URI.join does, with this parser).
#
# The record is the parser's own split (URI::RFC2396_Parser#split, which #parse calls before
# it builds the URI object, whose #port would fill in the scheme's default port):
# [scheme, userinfo, host, port, registry, path, opaque, query, fragment] as written, nil
# undefined; an opaque URI reports its opaque part (RFC 2396's opaque_part, "?" included) as
# the path; a registry-based authority is the authority without a host. The authority is
# rebuilt as [userinfo "@"] host [":" port] (runtimes/ruby/split_record.rb, shared with
# ruby-uri). A resolution's record is the split of the merged URI's to_s.
require 'uri'

module UrldiffAdapter
  module_function

  PARSER = URI::RFC2396_Parser.new

  def version
    "Ruby #{RUBY_VERSION}p#{RUBY_PATCHLEVEL} uri #{URI::VERSION} RFC2396_Parser"
  end

  def answer(kind, input, base)
    if base.nil?
      PARSER.parse(input) # the verdict: what #parse raises is the failure
      return UrldiffSplit.record(PARSER.split(input), nil)
    end
    resolved = PARSER.parse(base).merge(PARSER.parse(input)).to_s
    UrldiffSplit.record(PARSER.split(resolved), resolved)
  end
end
