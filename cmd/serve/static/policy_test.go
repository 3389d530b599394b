package static

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"imlab/internal/csp"
)

// Every response carries a Content-Security-Policy: a page its own (the
// <meta> cmd/offline wrote, or else the served site's), with frame-ancestors,
// which only a header can carry; any other file, errors included, one that
// allows nothing but fetches from its own origin (sw.js's precache).
func TestContentSecurityPolicy(t *testing.T) {
	dir := t.TempDir()
	page := "<!doctype html><html><head><meta charset=\"utf-8\"><script>go()</script></head><body></body></html>"
	served, err := csp.SetMeta([]byte(page), csp.Served)
	if err != nil {
		t.Fatal(err)
	}
	single, err := csp.SetMeta([]byte(page), csp.SingleFile)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{"index.html": string(served), "imlab.html": string(single), "plain.html": page,
		"sw.js": "self.addEventListener('fetch', f);", "main.wasm": "\x00asm"}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pagePolicy := func(kind csp.Page) string { return csp.Policy([]byte(page), kind) + "; frame-ancestors 'none'" }
	h := Handler(dir)
	for _, c := range []struct{ path, want string }{
		{"/", pagePolicy(csp.Served)},
		{"/imlab.html", pagePolicy(csp.SingleFile)},
		{"/plain.html", pagePolicy(csp.Served)},
		{"/sw.js", csp.FileHeader},
		{"/main.wasm", csp.FileHeader},
		{"/missing", csp.FileHeader},
		{"/../etc/passwd", csp.FileHeader},
	} {
		for _, enc := range []string{"", "gzip"} {
			rec := request(t, h, http.MethodGet, c.path, map[string]string{"Accept-Encoding": enc})
			if got := rec.Header().Get("Content-Security-Policy"); got != c.want {
				t.Errorf("GET %s (Accept-Encoding %q): Content-Security-Policy\n%q\nwant\n%q", c.path, enc, got, c.want)
			}
		}
	}
	for _, c := range []struct{ path, need string }{
		{"/", "script-src 'self' 'wasm-unsafe-eval' 'sha256-"},
		{"/imlab.html", "worker-src blob:;"},
		{"/sw.js", "default-src 'none'"},
	} {
		if got := request(t, h, http.MethodGet, c.path, nil).Header().Get("Content-Security-Policy"); !strings.Contains(got, c.need) {
			t.Errorf("GET %s: the policy %q has no %q", c.path, got, c.need)
		}
	}

	// A rebuilt page: its new policy, not the one read before.
	changed := strings.Replace(page, "go()", "go(1)", 1)
	rebuilt, err := csp.SetMeta([]byte(changed), csp.Served)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "index.html")
	if err := os.WriteFile(p, rebuilt, 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(p, later, later); err != nil {
		t.Fatal(err)
	}
	want := csp.Policy([]byte(changed), csp.Served) + "; frame-ancestors 'none'"
	if got := request(t, h, http.MethodGet, "/", nil).Header().Get("Content-Security-Policy"); got != want {
		t.Errorf("after a rebuild: %q, want %q", got, want)
	}
}
