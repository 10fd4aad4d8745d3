// urldiff host for Go adapters: the worker protocol (docs/oracle-protocol.md) around one
// folder's adapter (oracles/parsers/<oracle>/adapter.go), built together as
// `go build -o worker host.go adapter.go` (package main, standard library only, Go 1.19).
//
// The adapter defines:
//
//	func version() string                                 // e.g. "Go go1.19.8 net/url"
//	func answer(kind, input string, base *string) Answer  // Parsed(record), Failure(reason) or NoOpinion()
//	func unicodeVersion(probes []Probe) *string           // the Unicode version of its data, or nil
//
// A panic inside answer is that case's failure, "panic: <value>". The handshake's name,
// model, fields and case kinds come from urldiff's environment (URLDIFF_ORACLE,
// URLDIFF_MODEL, URLDIFF_FIELDS, URLDIFF_CASE_KINDS); kinds not listed are answered
// no-opinion.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Record is an answer's record: field name to value, nil for an undefined component.
type Record map[string]*string

// Answer is the adapter's answer to one case.
type Answer struct {
	Outcome string
	Record  Record
	Reason  string
}

// Parsed is a parsed answer with its record.
func Parsed(record Record) Answer { return Answer{Outcome: "parsed", Record: record} }

// Failure is the library's rejection, in its own words.
func Failure(reason string) Answer { return Answer{Outcome: "failure", Reason: reason} }

// NoOpinion is the answer for a case the library has nothing to say about.
func NoOpinion() Answer { return Answer{Outcome: "no-opinion"} }

// Str is a defined component.
func Str(value string) *string { return &value }

// Probe is one URLDIFF_UNICODE_PROBES entry: a Unicode version and a code point it assigned.
type Probe struct {
	Version string
	Point   rune
}

type request struct {
	ID    json.RawMessage `json:"id"`
	Input string          `json:"input"`
	Base  *string         `json:"base"`
	Kind  string          `json:"kind"`
}

type reply struct {
	ID      json.RawMessage `json:"id"`
	Outcome string          `json:"outcome"`
	Record  Record          `json:"record,omitempty"`
	Reason  *string         `json:"reason,omitempty"`
}

func envList(name string, fallback []string) []string {
	var items []string
	for _, item := range strings.Split(os.Getenv(name), ",") {
		if item != "" {
			items = append(items, item)
		}
	}
	if len(items) == 0 {
		return fallback
	}
	return items
}

func probes() []Probe {
	var list []Probe
	for _, probe := range envList("URLDIFF_UNICODE_PROBES", nil) {
		version, point, found := strings.Cut(probe, ":")
		if code, err := strconv.ParseUint(point, 16, 32); found && err == nil {
			list = append(list, Probe{Version: version, Point: rune(code)})
		}
	}
	return list
}

// ask calls the adapter; a panic is the case's failure, never a dead worker.
func ask(kind, input string, base *string) (got Answer) {
	defer func() {
		if caught := recover(); caught != nil {
			got = Failure(fmt.Sprintf("panic: %v", caught))
		}
	}()
	return answer(kind, input, base)
}

func replyTo(kinds map[string]bool, req request) reply {
	if !kinds[req.Kind] {
		return reply{ID: req.ID, Outcome: "no-opinion"}
	}
	got := ask(req.Kind, req.Input, req.Base)
	out := reply{ID: req.ID, Outcome: got.Outcome}
	switch got.Outcome {
	case "parsed":
		out.Record = got.Record
		if out.Record == nil {
			out.Record = Record{}
		}
		for field, value := range out.Record {
			// encoding/json would turn invalid UTF-8 into U+FFFD: a changed value.
			if value != nil && !utf8.ValidString(*value) {
				reason := fmt.Sprintf("urldiff host: the %s is not UTF-8: %q", field, *value)
				return reply{ID: req.ID, Outcome: "failure", Reason: &reason}
			}
		}
	case "failure":
		reason := got.Reason
		if !utf8.ValidString(reason) {
			reason = strconv.QuoteToASCII(reason)
		}
		out.Reason = &reason
	}
	return out
}

// holdFor is how long answers may be held while more requests wait.
const holdFor = 50 * time.Millisecond

// answers holds the answer lines until no request line is waiting or holdFor has passed since
// the last write, then writes them together (docs/oracle-protocol.md, section 3: the hello says
// held_answers); each at once when each (URLDIFF_ANSWER_FLUSH=each, how urldiff restarts a
// worker that stopped, to find the case to blame).
type answers struct {
	out   *bufio.Writer
	each  bool
	since time.Time
}

// write puts one JSON line out, written now unless more requests wait. encoding/json escapes
// <, >, &, U+2028 and U+2029 as \u escapes, which decode to the same text.
func (a *answers) write(value interface{}, more bool) {
	line, err := json.Marshal(value)
	if err != nil {
		fmt.Fprintln(os.Stderr, "urldiff host:", err)
		os.Exit(2)
	}
	a.out.Write(line)
	a.out.WriteByte('\n')
	if a.each || !more || time.Since(a.since) >= holdFor {
		a.out.Flush()
		a.since = time.Now()
	}
}

// exitWhenOrphaned ends the worker when urldiff is gone, even in the middle of a case
// (protocol section 4): a SIGKILLed parent is noticed by the parent pid changing. The
// caller reads parent before the hello line, so a parent killed after it is seen.
func exitWhenOrphaned(parent int) {
	for {
		time.Sleep(500 * time.Millisecond)
		if os.Getppid() != parent {
			os.Exit(0)
		}
	}
}

func main() {
	go exitWhenOrphaned(os.Getppid())
	kindList := envList("URLDIFF_CASE_KINDS", []string{"parse"})
	kinds := map[string]bool{}
	for _, kind := range kindList {
		kinds[kind] = true
	}
	model := os.Getenv("URLDIFF_MODEL")
	if model == "" {
		model = "rfc"
	}
	out := &answers{
		out:   bufio.NewWriterSize(os.Stdout, 1<<16),
		each:  os.Getenv("URLDIFF_ANSWER_FLUSH") == "each",
		since: time.Now(),
	}
	hello := map[string]interface{}{
		"name":       os.Getenv("URLDIFF_ORACLE"),
		"version":    version(),
		"model":      model,
		"fields":     envList("URLDIFF_FIELDS", []string{}),
		"case_kinds": kindList,
		"unicode":    unicodeVersion(probes()),
	}
	if !out.each {
		hello["held_answers"] = true
	}
	out.write(map[string]interface{}{"hello": hello}, false)
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	for {
		line, err := in.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			var req request
			if jsonErr := json.Unmarshal(line, &req); jsonErr != nil {
				out.out.Flush()
				fmt.Fprintln(os.Stderr, "urldiff host: unreadable request:", jsonErr)
				os.Exit(2)
			}
			out.write(replyTo(kinds, req), in.Buffered() > 0)
		}
		if err == io.EOF {
			out.out.Flush()
			return
		}
		if err != nil {
			out.out.Flush()
			fmt.Fprintln(os.Stderr, "urldiff host:", err)
			os.Exit(2)
		}
	}
}
