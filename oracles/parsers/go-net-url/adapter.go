// The go-net-url oracle: Go's net/url (url.Parse; base.ResolveReference for a base) as an
// RFC-model record. What each field is (see oracle.json's profile for the rules):
//   - scheme: URL.Scheme (Go lower-cases it), undefined when empty;
//   - an opaque URL (scheme:opaque, no slash after the scheme): path = URL.Opaque, no authority;
//   - authority: defined when URL.String writes "//", "userinfo@host" from the decoded parts
//     (Go keeps no raw authority); Go cannot tell "http://" from "http:", nor "//" from ""
//     (an empty host with an empty path: String writes no "//"), so those report ""
//     (empty or undefined), as do their host;
//   - userinfo: User.Username() [":" Password()], decoded (Go keeps no raw userinfo);
//   - host, port: URL.Host split at its last ":" when what follows is a (possibly empty) port,
//     as URL.Hostname/Port do, brackets kept; the host is decoded (%XX of non-ASCII bytes);
//   - path: the path as written: URL.RawPath when Parse set it (the text differs from Go's
//     escaping of the decoded Path), else URL.EscapedPath(), which is then the text;
//   - query: URL.RawQuery, defined when ForceQuery or non-empty;
//   - fragment: as written (RawFragment when set, else EscapedFragment()); Go cannot tell
//     "#" from none (String omits an empty fragment): "" is empty or undefined;
//   - resolved: URL.String() of the resolved reference, when there is a base.
//
// Bytes of a decoded field that are not UTF-8 are written back as %XX (upper-case hex).
package main

import (
	"fmt"
	"net/url"
	"runtime"
	"strings"
	"unicode"
	"unicode/utf8"
)

func version() string {
	return fmt.Sprintf("Go %s net/url", runtime.Version())
}

// unicodeVersion: net/url does no IDNA and reads no Unicode data.
func unicodeVersion(probes []Probe) *string {
	return Str(unicode.Version + " (Go's unicode package; net/url does no IDNA)")
}

func answer(kind, input string, base *string) Answer {
	target, err := url.Parse(input)
	if err != nil {
		return Failure(err.Error())
	}
	var resolved *string
	if base != nil {
		from, err := url.Parse(*base)
		if err != nil {
			return Failure("base: " + err.Error())
		}
		target = from.ResolveReference(target)
		resolved = Str(utf8Text(target.String()))
	}
	record := describe(target)
	record["resolved"] = resolved
	return Parsed(record)
}

func describe(u *url.URL) Record {
	record := Record{"scheme": nil, "authority": nil, "userinfo": nil, "host": nil, "port": nil,
		"query": nil, "fragment": nil}
	if u.Scheme != "" {
		record["scheme"] = Str(u.Scheme)
	}
	if u.ForceQuery || u.RawQuery != "" {
		record["query"] = Str(u.RawQuery)
	}
	record["fragment"] = Str(utf8Text(asWritten(u.RawFragment, u.EscapedFragment())))
	if u.Opaque != "" {
		record["path"] = Str(u.Opaque)
		return record
	}
	record["path"] = Str(utf8Text(asWritten(u.RawPath, u.EscapedPath())))
	if !writesAuthority(u) {
		if !u.OmitHost && u.Host == "" && u.User == nil && u.Path == "" {
			record["authority"], record["host"] = Str(""), Str("")
		}
		return record
	}
	authority := ""
	if u.User != nil {
		userinfo := u.User.Username()
		if password, set := u.User.Password(); set {
			userinfo += ":" + password
		}
		record["userinfo"] = Str(utf8Text(userinfo))
		authority = userinfo + "@"
	}
	host, port := splitHostPort(u.Host)
	record["host"] = Str(utf8Text(host))
	record["port"] = port
	record["authority"] = Str(utf8Text(authority + u.Host))
	return record
}

// asWritten: the raw hint Parse keeps only when Go's escaping of the decoded value differs
// from the text, else that escaping (then the text itself).
func asWritten(raw, escaped string) string {
	if raw != "" {
		return raw
	}
	return escaped
}

// writesAuthority: whether URL.String writes "//" for u (its own test, net/url's url.go).
func writesAuthority(u *url.URL) bool {
	if u.Scheme == "" && u.Host == "" && u.User == nil {
		return false
	}
	if u.OmitHost && u.Host == "" && u.User == nil {
		return false
	}
	return u.Host != "" || u.Path != "" || u.User != nil
}

// splitHostPort splits host:port as net/url's own splitHostPort does (the port after the last
// colon, when it is digits or empty), keeping an IP literal's brackets.
func splitHostPort(hostPort string) (string, *string) {
	colon := strings.LastIndexByte(hostPort, ':')
	if colon < 0 {
		return hostPort, nil
	}
	port := hostPort[colon+1:]
	for _, b := range []byte(port) {
		if b < '0' || b > '9' {
			return hostPort, nil
		}
	}
	return hostPort[:colon], Str(port)
}

// utf8Text writes the bytes of s that are not UTF-8 as %XX, so that the answer's JSON holds
// exactly what Go decoded, in a form that is text.
func utf8Text(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var out strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			fmt.Fprintf(&out, "%%%02X", s[i])
		} else {
			out.WriteString(s[i : i+size])
		}
		i += size
	}
	return out.String()
}
