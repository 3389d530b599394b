package csp

import (
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"imlab/ui/canvas"
)

// Page says where a page runs, which decides what its policy allows.
type Page int

const (
	// Served is a page of the served site (index.html, over HTTP): it loads
	// its own origin's files (main.wasm, the style sheet, icons, the
	// manifest) and registers the service worker sw.js.
	Served Page = iota
	// SingleFile is imlab.html opened from disk: it loads nothing but what
	// it holds, and its workers come from blob: URLs.
	SingleFile
)

// FrameAncestors is the directive only a header can carry (a <meta> policy
// ignores it): no other site may frame the lab.
const FrameAncestors = "frame-ancestors 'none'"

// FileHeader is the policy cmd/serve sends with every response that is not
// a page: the service worker sw.js (whose own policy this is) fetches its
// own origin's files only; anything else, opened as a document, may run and
// load nothing.
const FileHeader = "default-src 'none'; connect-src 'self'; base-uri 'none'; form-action 'none'; " + FrameAncestors

// runtimeScripts are the inline scripts the lab's Go code adds to the page
// as it runs, allowed by their hashes as the page's own are.
var runtimeScripts = []string{canvas.ReplayScript}

// ErrNoHead is returned by SetMeta for a page with no <head> to hold a
// policy.
var ErrNoHead = errors.New("csp: the page has no <head>")

var (
	scriptRE  = regexp.MustCompile(`(?is)<script\b([^>]*)>(.*?)</script`)
	styleRE   = regexp.MustCompile(`(?is)<style\b[^>]*>(.*?)</style`)
	attrRE    = regexp.MustCompile(`(?is)\b(src|type)\s*=\s*"([^"]*)"`)
	metaRE    = regexp.MustCompile(`(?is)<meta\s+http-equiv\s*=\s*"Content-Security-Policy"\s+content\s*=\s*"([^"]*)"\s*>\n?`)
	charsetRE = regexp.MustCompile(`(?is)<meta\s+charset\s*=\s*"?[a-z0-9-]+"?\s*>\n?`)
	headRE    = regexp.MustCompile(`(?is)<head\b[^>]*>\n?`)
)

// Policy returns the Content-Security-Policy of page, a page of kind k,
// without FrameAncestors. Its inline scripts and style sheets, and the
// scripts the lab adds as it runs (runtimeScripts), are allowed by their
// SHA-256 hashes, nothing else inline: the page's text decides, so a changed
// script is refused until the policy is made again.
func Policy(page []byte, k Page) string {
	scripts, styles := inlineHashes(page)
	d := []string{"default-src 'none'"}
	switch k {
	case Served:
		d = append(d,
			"script-src 'self' 'wasm-unsafe-eval'"+scripts,
			"style-src 'self'"+styles,
			"img-src 'self'",
			"connect-src 'self'",
			"worker-src 'self' blob:",
			"manifest-src 'self'")
	case SingleFile:
		d = append(d,
			"script-src 'wasm-unsafe-eval'"+scripts,
			"style-src"+orNone(styles),
			"img-src data:",
			"connect-src 'none'",
			"worker-src blob:")
	default:
		panic(fmt.Sprintf("csp: unknown page kind %d", k))
	}
	d = append(d, "object-src 'none'", "base-uri 'none'", "form-action 'none'")
	return strings.Join(d, "; ")
}

// Header returns the policy cmd/serve sends with page: the policy its <meta>
// states (SetMeta), or else its Served policy, and FrameAncestors.
func Header(page []byte) string {
	if m := metaRE.FindSubmatch(page); m != nil {
		return string(m[1]) + "; " + FrameAncestors
	}
	return Policy(page, Served) + "; " + FrameAncestors
}

// SetMeta returns page with its policy as a page of kind k in a <meta
// http-equiv="Content-Security-Policy">, which replaces any there, or else
// goes first in <head> (after <meta charset>): a policy covers only what
// comes after it.
func SetMeta(page []byte, k Page) ([]byte, error) {
	s := metaRE.ReplaceAllString(string(page), "")
	// The policy needs no escaping: its text is this file's and base64.
	tag := `<meta http-equiv="Content-Security-Policy" content="` + Policy([]byte(s), k) + `">` + "\n"
	at := charsetRE.FindStringIndex(s)
	if at == nil {
		at = headRE.FindStringIndex(s)
	}
	if at == nil {
		return nil, ErrNoHead
	}
	return []byte(s[:at[1]] + tag + s[at[1]:]), nil
}

// inlineHashes returns the source expressions (" 'sha256-…'" each) of the
// page's inline scripts, then runtimeScripts, and of its style sheets. A
// script with a src runs from there, and one of another type (the single
// file's embedded main.wasm) is data, not run: neither is hashed.
func inlineHashes(page []byte) (scripts, styles string) {
	var js, css []string
	for _, m := range scriptRE.FindAllSubmatch(page, -1) {
		if runsInline(m[1]) {
			js = append(js, hash(m[2]))
		}
	}
	for _, s := range runtimeScripts {
		js = append(js, hash([]byte(s)))
	}
	for _, m := range styleRE.FindAllSubmatch(page, -1) {
		css = append(css, hash(m[1]))
	}
	return sources(js), sources(css)
}

// sources joins source expressions, each after a space, the first of each
// hash only.
func sources(hashes []string) string {
	var b strings.Builder
	seen := map[string]bool{}
	for _, h := range hashes {
		if !seen[h] {
			seen[h] = true
			b.WriteString(" " + h)
		}
	}
	return b.String()
}

// runsInline reports whether a <script> with these attributes runs its own
// text: it has no src, and no type or a JavaScript one.
func runsInline(attrs []byte) bool {
	for _, a := range attrRE.FindAllSubmatch(attrs, -1) {
		switch name, v := strings.ToLower(string(a[1])), strings.ToLower(strings.TrimSpace(string(a[2]))); {
		case name == "src":
			return false
		case name == "type" && v != "" && v != "text/javascript" && v != "module" && v != "application/javascript":
			return false
		}
	}
	return true
}

// hash is the source expression of one inline element's text, as the
// browser hashes it: after the HTML parser has made every CR LF and lone CR
// a LF.
func hash(text []byte) string {
	s := strings.ReplaceAll(string(text), "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	sum := sha256.Sum256([]byte(s))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

func orNone(sources string) string {
	if sources == "" {
		return " 'none'"
	}
	return sources
}
