# frozen_string_literal: true

# urldiff host for Ruby adapters: the worker protocol (docs/oracle-protocol.md) around one
# folder's adapter (oracles/parsers/<oracle>/adapter.rb). Run as
# `ruby --disable-gems host.rb adapter.rb`.
#
# The adapter defines, in module UrldiffAdapter:
#   version                   -> the exact version, e.g. "Ruby 3.1.2 uri 0.11.0 RFC3986_Parser"
#   answer(kind, input, base) -> a Hash (the record: parsed), a String (failure, its reason)
#                                or nil (no opinion); an exception is that case's failure,
#                                "<Class>: <message>"
#   unicode(probes)           -> optional: the Unicode version of its data, or nil
# The handshake's name, model, fields and case kinds come from urldiff's environment
# (URLDIFF_ORACLE, URLDIFF_MODEL, URLDIFF_FIELDS, URLDIFF_CASE_KINDS); kinds not listed are
# answered no-opinion.

require 'json'
require_relative 'split_record' # UrldiffSplit.record, the adapters' shared record

module UrldiffHost
  module_function

  def env_list(name, default)
    items = ENV.fetch(name, '').split(',').reject(&:empty?)
    items.empty? ? default : items
  end

  def probes
    env_list('URLDIFF_UNICODE_PROBES', []).filter_map do |probe|
      version, point = probe.split(':', 2)
      [version, [Integer(point, 16)].pack('U')] if point&.match?(/\A\h+\z/)
    end
  end

  # The answer lines, held until no request line is waiting or HOLD_SECONDS have passed since
  # the last write, then written together (docs/oracle-protocol.md, section 3: the hello says
  # `held_answers`); each at once with URLDIFF_ANSWER_FLUSH=each, how urldiff restarts a worker
  # that stopped, to find the case to blame.
  class Answers
    HOLD_SECONDS = 0.05

    attr_reader :each

    def initialize
      @each = ENV['URLDIFF_ANSWER_FLUSH'] == 'each'
      @held = String.new
      @since = now
    end

    # ascii_only: every non-ASCII code point travels as \u escapes, so it survives exactly; a
    # string that is not valid UTF-8 raises here and becomes its case's failure.
    def add(value, more)
      @held << JSON.generate(value, ascii_only: true) << "\n"
      flush if @each || !more || now - @since >= HOLD_SECONDS
    end

    def flush
      $stdout.write(@held)
      $stdout.flush
      @held = String.new
      @since = now
    end

    def now
      Process.clock_gettime(Process::CLOCK_MONOTONIC)
    end
  end

  # Each line of `input` (UTF-8), with whether another complete line is already read after it.
  def each_request_line(input)
    rest = String.new
    loop do
      chunk = begin
        input.readpartial(65_536)
      rescue EOFError
        nil
      end
      if chunk.nil?
        yield rest.force_encoding(Encoding::UTF_8), false unless rest.empty?
        return
      end
      lines = (rest << chunk).split("\n", -1)
      rest = lines.pop
      lines.each_with_index do |line, i|
        yield line.force_encoding(Encoding::UTF_8), i < lines.size - 1
      end
    end
  end

  def reply(kinds, request)
    kind = request['kind']
    return { 'outcome' => 'no-opinion' } unless kinds.include?(kind)

    begin
      result = UrldiffAdapter.answer(kind, request['input'], request['base'])
    rescue StandardError, ScriptError, SystemStackError, NoMemoryError => e
      return { 'outcome' => 'failure', 'reason' => "#{e.class}: #{e.message}" }
    end
    case result
    when nil then { 'outcome' => 'no-opinion' }
    when String then { 'outcome' => 'failure', 'reason' => result }
    else { 'outcome' => 'parsed', 'record' => result }
    end
  end

  # Exit when urldiff is gone, even in the middle of a case (protocol section 4): a SIGKILLed
  # parent is noticed by the parent pid changing.
  def exit_when_orphaned
    parent = Process.ppid
    Thread.new do
      loop do
        sleep 0.5
        Process.exit!(0) if Process.ppid != parent
      end
    end
  end

  def answer_line(answers, kinds, line, more)
    request = JSON.parse(line)
    answer = { 'id' => request['id'] }.merge(reply(kinds, request))
    begin
      answers.add(answer, more)
    rescue JSON::GeneratorError, EncodingError => e
      answers.add({ 'id' => request['id'], 'outcome' => 'failure',
                    'reason' => "urldiff host: the answer is not UTF-8 (#{e.class}: #{e.message})" },
                  more)
    end
  end

  def main
    exit_when_orphaned
    load ARGV.fetch(0)
    kinds = env_list('URLDIFF_CASE_KINDS', ['parse'])
    probe = UrldiffAdapter.respond_to?(:unicode) ? UrldiffAdapter.unicode(probes) : nil
    answers = Answers.new
    hello = {
      'name' => ENV.fetch('URLDIFF_ORACLE', File.basename(File.dirname(ARGV[0]))),
      'version' => UrldiffAdapter.version,
      'model' => ENV.fetch('URLDIFF_MODEL', 'rfc'),
      'fields' => env_list('URLDIFF_FIELDS', []),
      'case_kinds' => kinds,
      'unicode' => probe
    }
    hello['held_answers'] = true unless answers.each
    answers.add({ 'hello' => hello }, false)
    $stdin.binmode
    begin
      each_request_line($stdin) do |line, more|
        answer_line(answers, kinds, line, more) unless line.strip.empty?
      end
    ensure
      answers.flush
    end
  end
end

UrldiffHost.main
