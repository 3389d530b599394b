package offline

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"errors"
	"fmt"
	"path"
	"regexp"
	"strings"

	"imlab/internal/csp"
)

// SingleFile is the single-file lab's name in the site.
const SingleFile = "imlab.html"

// EmbeddedWasmID is the id of the element of SingleFile that holds main.wasm,
// gzip-compressed and text7-encoded (text7.go), with the gzip byte count in
// its data-bytes attribute. index.html's loader decodes it and unpacks it
// with the browser's DecompressionStream when it is there, and registers no
// service worker then.
const EmbeddedWasmID = "imlab-wasm"

// loaderTag opens index.html's loader script; the embedded wasm goes just
// before it, so the element exists when the loader runs.
const loaderTag = `<script id="imlab-loader">`

// ErrNotBundlable is returned by Bundle for an index.html it cannot turn into
// one file.
var ErrNotBundlable = errors.New("index.html cannot be bundled")

var (
	tagRE     = regexp.MustCompile(`(?is)<(link|script)\b[^>]*>(\s*</script>)?`)
	attrRE    = regexp.MustCompile(`(?is)\b(rel|href|src|id)\s*=\s*"([^"]*)"`)
	anyTagRE  = regexp.MustCompile(`(?is)<[a-z][^>]*>`)
	urlAttrRE = regexp.MustCompile(`(?is)\b(?:src|href)\s*=\s*"([^"]*)"`)
	endTagRE  = regexp.MustCompile(`(?i)</script`)
)

// Bundle turns the site's index.html into one self-contained HTML file: the
// style sheets and scripts it links are inlined, icons become data: URLs,
// the web app manifest is dropped (a page opened from file:// can have no
// manifest nor service worker), and wasm — main.wasm — is embedded
// gzip-compressed, in text7 (8 bits of text for 7), before the loader script. Its
// Content-Security-Policy, a <meta>, is the single file's (csp.SingleFile),
// with the hashes of its inline scripts and style sheet. read returns a file of
// the site by its path relative to the root.
func Bundle(index []byte, read func(name string) ([]byte, error), wasm []byte) ([]byte, error) {
	html := string(index)
	if strings.Count(html, loaderTag) != 1 {
		return nil, fmt.Errorf("%w: want exactly one %s", ErrNotBundlable, loaderTag)
	}
	var failed error
	html = tagRE.ReplaceAllStringFunc(html, func(tag string) string {
		out, err := inline(tag, read)
		if err != nil && failed == nil {
			failed = err
		}
		return out
	})
	if failed != nil {
		return nil, failed
	}
	if tag := external(html); tag != "" {
		return nil, fmt.Errorf("%w: %q still loads a file", ErrNotBundlable, tag)
	}
	gz, err := gzipBytes(wasm)
	if err != nil {
		return nil, err
	}
	text := encodeText7(gz)
	if strings.ContainsAny(text, text7Special) { // would be changed by the HTML parser, or end the element
		panic("offline: text7 wrote a character it must not")
	}
	embed := fmt.Sprintf(`<script type="application/octet-stream" id="%s" data-bytes="%d">`, EmbeddedWasmID, len(gz)) +
		text + "</script>\n"
	html = strings.Replace(html, loaderTag, embed+loaderTag, 1)
	// Its own policy, for a page that loads nothing: the served one
	// (index.html's, cmd/offline) allows the site's origin.
	return csp.SetMeta([]byte(html), csp.SingleFile)
}

// InlineScript returns index with the <script> whose id is id inlined, its
// src read with read, as Bundle inlines it. The built site's index.html
// carries wasm_exec.js so (cmd/offline): the page's workers are then made
// from its text at once, with no request of their own (docs/ready.md).
func InlineScript(index []byte, id string, read func(name string) ([]byte, error)) ([]byte, error) {
	html := string(index)
	for _, loc := range tagRE.FindAllStringIndex(html, -1) {
		tag := html[loc[0]:loc[1]]
		if !strings.HasPrefix(strings.ToLower(tag), "<script") || !hasID(tag, id) {
			continue
		}
		out, err := inline(tag, read)
		if err != nil {
			return nil, err
		}
		return []byte(html[:loc[0]] + out + html[loc[1]:]), nil
	}
	return nil, fmt.Errorf("%w: no <script id=%q>", ErrNotBundlable, id)
}

// hasID reports whether tag's id attribute is id.
func hasID(tag, id string) bool {
	for _, m := range attrRE.FindAllStringSubmatch(tag, -1) {
		if strings.EqualFold(m[1], "id") && m[2] == id {
			return true
		}
	}
	return false
}

// external returns the first tag of html with a src or href that is neither
// a data: URL nor a fragment, or "". A link (<a href>) loads nothing until
// followed.
func external(html string) string {
	for _, tag := range anyTagRE.FindAllString(html, -1) {
		if len(tag) > 2 && (tag[1] == 'a' || tag[1] == 'A') && (tag[2] == ' ' || tag[2] == '\n' || tag[2] == '\t') {
			continue
		}
		for _, m := range urlAttrRE.FindAllStringSubmatch(tag, -1) {
			if !strings.HasPrefix(m[1], "data:") && !strings.HasPrefix(m[1], "#") {
				return tag
			}
		}
	}
	return ""
}

// inline returns what replaces one <link> or <script> tag of index.html.
func inline(tag string, read func(string) ([]byte, error)) (string, error) {
	attrs := map[string]string{}
	for _, m := range attrRE.FindAllStringSubmatch(tag, -1) {
		attrs[strings.ToLower(m[1])] = m[2]
	}
	isScript := strings.HasPrefix(strings.ToLower(tag), "<script")
	src := attrs["href"]
	if isScript {
		src = attrs["src"]
	}
	if src == "" || strings.HasPrefix(src, "data:") {
		return tag, nil
	}
	if strings.Contains(src, "//") || strings.HasPrefix(src, "/") {
		return "", fmt.Errorf("%w: %q is not a relative URL", ErrNotBundlable, src)
	}
	if !isScript && strings.EqualFold(attrs["rel"], "manifest") {
		return "", nil
	}
	body, err := read(src)
	if err != nil {
		return "", fmt.Errorf("%w: %s: %v", ErrNotBundlable, src, err)
	}
	switch rel := strings.ToLower(attrs["rel"]); {
	case isScript:
		if !strings.HasSuffix(tag, "</script>") {
			return "", fmt.Errorf("%w: %q has no </script>", ErrNotBundlable, tag)
		}
		open := "<script>"
		if id := attrs["id"]; id != "" { // the loader finds wasm_exec.js by it, for the workers
			open = `<script id="` + id + `">`
		}
		return open + "\n" + escapeScript(string(body)) + "\n</script>", nil
	case rel == "stylesheet":
		if bytes.Contains(body, []byte("url(")) && !bytes.Contains(body, []byte("url(data:")) {
			return "", fmt.Errorf("%w: %s refers to other files (url(…))", ErrNotBundlable, src)
		}
		return "<style>\n" + strings.ReplaceAll(string(body), "</style", `<\/style`) + "</style>", nil
	case rel == "icon" || rel == "apple-touch-icon":
		uri := "data:" + mimeType(src) + ";base64," + base64.StdEncoding.EncodeToString(body)
		return strings.Replace(tag, `"`+src+`"`, `"`+uri+`"`, 1), nil
	}
	return "", fmt.Errorf("%w: do not know how to inline %q", ErrNotBundlable, tag)
}

// escapeScript keeps a script's text from closing its <script> element early.
func escapeScript(js string) string {
	return endTagRE.ReplaceAllString(js, `<\/script`)
}

func mimeType(name string) string {
	switch path.Ext(name) {
	case ".png":
		return "image/png"
	case ".svg":
		return "image/svg+xml"
	case ".ico":
		return "image/x-icon"
	}
	return "application/octet-stream"
}

func gzipBytes(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(b); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
