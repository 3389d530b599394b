package csp

import (
	"errors"
	"strings"
	"testing"

	"imlab/ui/canvas"
)

// page is a page as index.html is built: a script from a file, inline
// scripts (two alike but for CR LF line ends: one hash), a data block and a
// style sheet.
const page = "<!doctype html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>t</title>\n" +
	"<script id=\"wasm-exec\" src=\"wasm_exec.js\"></script>\n" +
	"<script>alert(1)\n</script>\n" +
	"<SCRIPT type=\"text/javascript\">alert(1)\r\n</SCRIPT>\n" +
	"<script type=\"application/octet-stream\" id=\"imlab-wasm\">not run</script>\n" +
	"<style>a{b:c}</style>\n</head><body></body></html>\n"

// Hashes computed apart: printf 'alert(1)\n' | openssl dgst -sha256 -binary | base64.
const (
	alertHash = "'sha256-MaeD7tQk/YNyd6Pm9J12ROmv0Z93QwNN4VH7v3gI+RI='"
	styleHash = "'sha256-0cRUVYRKwNwnl1hkfkPGjkht16b039TjFdJzmXfFK2o='"
)

// replayHash allows the script the canvas adds as the page runs.
var replayHash = hash([]byte(canvas.ReplayScript))

// directives splits a policy into its directives' source lists, by name.
func directives(t *testing.T, policy string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for d := range strings.SplitSeq(policy, ";") {
		name, sources, _ := strings.Cut(strings.TrimSpace(d), " ")
		if _, dup := out[name]; dup {
			t.Errorf("directive %s twice in %q", name, policy)
		}
		out[name] = sources
	}
	return out
}

func TestPolicyDirectives(t *testing.T) {
	for _, c := range []struct {
		kind Page
		want map[string]string
	}{
		{Served, map[string]string{
			"default-src":  "'none'",
			"script-src":   "'self' 'wasm-unsafe-eval' " + alertHash + " " + replayHash,
			"style-src":    "'self' " + styleHash,
			"img-src":      "'self'",
			"connect-src":  "'self'",
			"worker-src":   "'self' blob:",
			"manifest-src": "'self'",
			"object-src":   "'none'",
			"base-uri":     "'none'",
			"form-action":  "'none'",
		}},
		{SingleFile, map[string]string{
			"default-src": "'none'",
			"script-src":  "'wasm-unsafe-eval' " + alertHash + " " + replayHash,
			"style-src":   styleHash,
			"img-src":     "data:",
			"connect-src": "'none'",
			"worker-src":  "blob:",
			"object-src":  "'none'",
			"base-uri":    "'none'",
			"form-action": "'none'",
		}},
	} {
		got := directives(t, Policy([]byte(page), c.kind))
		for name, want := range c.want {
			if got[name] != want {
				t.Errorf("page kind %d: %s %q, want %q", c.kind, name, got[name], want)
			}
		}
		for name := range got {
			if _, ok := c.want[name]; !ok {
				t.Errorf("page kind %d: unexpected directive %s %q", c.kind, name, got[name])
			}
		}
	}
}

// A page with no inline style sheet allows none.
func TestSingleFileWithoutStyles(t *testing.T) {
	p := strings.Replace(page, "<style>a{b:c}</style>", "", 1)
	if got := directives(t, Policy([]byte(p), SingleFile))["style-src"]; got != "'none'" {
		t.Errorf("style-src %q, want 'none'", got)
	}
}

// SetMeta puts the policy before every script, replaces its own on a second
// run, and the header carries the same policy with frame-ancestors.
func TestSetMetaAndHeader(t *testing.T) {
	once, err := SetMeta([]byte(page), Served)
	if err != nil {
		t.Fatal(err)
	}
	s := string(once)
	meta := strings.Index(s, `<meta http-equiv="Content-Security-Policy" content="`+Policy([]byte(page), Served)+`">`)
	if meta < strings.Index(s, `<meta charset="utf-8">`) || meta > strings.Index(s, "<script") {
		t.Errorf("the policy is not between <meta charset> and the first script:\n%s", s)
	}
	single, err := SetMeta(once, SingleFile)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(single), "Content-Security-Policy"); n != 1 {
		t.Errorf("%d policies after SetMeta twice", n)
	}
	if got, want := Header(single), Policy([]byte(page), SingleFile)+"; "+FrameAncestors; got != want {
		t.Errorf("header of the single file\n%s\nwant\n%s", got, want)
	}
	if got, want := Header([]byte(page)), Policy([]byte(page), Served)+"; "+FrameAncestors; got != want {
		t.Errorf("header of a page with no <meta>\n%s\nwant\n%s", got, want)
	}
}

func TestSetMetaNeedsAHead(t *testing.T) {
	if _, err := SetMeta([]byte("<p>no head</p>"), Served); !errors.Is(err, ErrNoHead) {
		t.Errorf("err %v, want ErrNoHead", err)
	}
	out, err := SetMeta([]byte("<html><head><title>t</title></head></html>"), Served)
	if err != nil || !strings.HasPrefix(string(out), `<html><head><meta http-equiv="Content-Security-Policy"`) {
		t.Errorf("a head without <meta charset>: %q, %v", out, err)
	}
}

// A changed script is no longer allowed: the policy follows the page.
func TestPolicyFollowsThePage(t *testing.T) {
	changed := strings.Replace(page, "<script>alert(1)\n", "<script>alert(2)\n", 1)
	if Policy([]byte(changed), Served) == Policy([]byte(page), Served) {
		t.Error("a changed inline script keeps the same policy")
	}
}
