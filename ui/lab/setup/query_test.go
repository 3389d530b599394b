package setup

import (
	"net/url"
	"reflect"
	"testing"
)

// The link's query functions agree with net/url's, which they replace in
// main.wasm.

var queryCases = []string{
	"", "a", "a=1", "a=1&b=2", "a=1&a=2", "&&a=1&", "a", "a=", "=1", "a=b=c",
	"a=%41%42", "a=%4", "a=%zz", "a=%", "%=1", "a=1;b=2", "a=1&b;=2&c=3", "a+b=c+d",
	"tau=1,2,4&eps=1e-10", "x=%E2%80%A2&y=%e2%80%a2", "a=%2B%20+", "a=100%25", "a=%41%",
}

func TestQueryEscapeAsNetURL(t *testing.T) {
	for _, s := range []string{"", "abc", "a b", "1,2:3", "ε=1e−10", "a&b=c", "%+~-_.!*'()", "\x00\xff/\\?#"} {
		if got, want := queryEscape(s), url.QueryEscape(s); got != want {
			t.Errorf("queryEscape(%q) = %q, net/url %q", s, got, want)
		}
		if got, err := queryUnescape(queryEscape(s)); err != nil || got != s {
			t.Errorf("queryUnescape(queryEscape(%q)) = %q, %v", s, got, err)
		}
	}
}

func TestQueryUnescapeAsNetURL(t *testing.T) {
	for _, s := range queryCases {
		got, err := queryUnescape(s)
		want, werr := url.QueryUnescape(s)
		if got != want || (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
			t.Errorf("queryUnescape(%q) = %q, %v; net/url %q, %v", s, got, err, want, werr)
		}
	}
}

func TestParseQueryAsNetURL(t *testing.T) {
	for _, s := range queryCases {
		got, err := parseQuery(s)
		want, werr := url.ParseQuery(s)
		if !reflect.DeepEqual(got, map[string][]string(want)) || (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
			t.Errorf("parseQuery(%q) = %v, %v; net/url %v, %v", s, got, err, want, werr)
		}
	}
}

func FuzzQueryAsNetURL(f *testing.F) {
	for _, s := range queryCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := queryEscape(s), url.QueryEscape(s); got != want {
			t.Errorf("queryEscape(%q) = %q, net/url %q", s, got, want)
		}
		got, err := parseQuery(s)
		want, werr := url.ParseQuery(s)
		if !reflect.DeepEqual(got, map[string][]string(want)) || (err == nil) != (werr == nil) {
			t.Errorf("parseQuery(%q) = %v, %v; net/url %v, %v", s, got, err, want, werr)
		}
	})
}
