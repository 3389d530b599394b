package static

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// bigSite is a site whose text and wasm files are large enough for gzip to
// pay, with a PNG that must never be compressed.
func bigSite(t *testing.T) (dir string, files map[string]string) {
	t.Helper()
	dir = t.TempDir()
	files = map[string]string{
		"index.html":           "<!doctype html>" + strings.Repeat("<p>the lab</p>", 200),
		"main.wasm":            "\x00asm\x01\x00\x00\x00" + strings.Repeat("wasm code ", 2000),
		"sw.js":                strings.Repeat("self.addEventListener('fetch', f);\n", 100),
		"manifest.webmanifest": `{"name": "lab", "icons": [` + strings.Repeat(`{"src": "a.png"},`, 50) + `{}]}`,
		"assets/lab.css":       strings.Repeat("body { margin: 0 }\n", 100),
		"assets/icon.png":      "\x89PNG" + strings.Repeat("\x00", 4000),
		"sub/index.html":       strings.Repeat("<p>another page</p>", 100),
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, files
}

func request(t *testing.T, h http.Handler, method, path string, header map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func gunzip(t *testing.T, b []byte) string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func TestGzipWhenAccepted(t *testing.T) {
	dir, files := bigSite(t)
	h := Handler(dir)
	for _, c := range []struct{ path, file, ctype string }{
		{"/main.wasm", "main.wasm", "application/wasm"},
		{"/", "index.html", "text/html; charset=utf-8"},
		{"/sw.js", "sw.js", "text/javascript; charset=utf-8"},
		{"/manifest.webmanifest", "manifest.webmanifest", "application/manifest+json"},
		{"/assets/lab.css", "assets/lab.css", "text/css; charset=utf-8"},
	} {
		rec := request(t, h, http.MethodGet, c.path, map[string]string{"Accept-Encoding": "br, gzip, deflate"})
		hd := rec.Header()
		if rec.Code != http.StatusOK || hd.Get("Content-Encoding") != "gzip" || hd.Get("Vary") != "Accept-Encoding" || hd.Get("Content-Type") != c.ctype {
			t.Errorf("GET %s: status %d, Content-Encoding %q, Vary %q, Content-Type %q; want 200, gzip, Accept-Encoding, %q",
				c.path, rec.Code, hd.Get("Content-Encoding"), hd.Get("Vary"), hd.Get("Content-Type"), c.ctype)
			continue
		}
		if rec.Body.Len() >= len(files[c.file]) {
			t.Errorf("GET %s: %d bytes sent for %d", c.path, rec.Body.Len(), len(files[c.file]))
		}
		if got := gunzip(t, rec.Body.Bytes()); got != files[c.file] {
			t.Errorf("GET %s: the body does not decompress to the file", c.path)
		}
	}
}

func TestPlainWhenNotAcceptedOrNotWorthIt(t *testing.T) {
	dir, files := bigSite(t)
	h := Handler(dir)
	for _, c := range []struct {
		path, file, accept, vary string
		header                   map[string]string
	}{
		{"/main.wasm", "main.wasm", "", "Accept-Encoding", nil},
		{"/main.wasm", "main.wasm", "gzip;q=0, deflate", "Accept-Encoding", nil},
		{"/main.wasm", "main.wasm", "identity", "Accept-Encoding", nil},
		{"/main.wasm", "main.wasm", "gzip", "Accept-Encoding", map[string]string{"Range": "bytes=0-99"}},
		{"/assets/icon.png", "assets/icon.png", "gzip", "", nil},
	} {
		header := map[string]string{"Accept-Encoding": c.accept}
		for k, v := range c.header {
			header[k] = v
		}
		rec := request(t, h, http.MethodGet, c.path, header)
		if enc := rec.Header().Get("Content-Encoding"); enc != "" {
			t.Errorf("GET %s (Accept-Encoding %q, %v): Content-Encoding %q, want none", c.path, c.accept, c.header, enc)
		}
		if v := rec.Header().Get("Vary"); v != c.vary {
			t.Errorf("GET %s: Vary %q, want %q", c.path, v, c.vary)
		}
		if c.header == nil && rec.Body.String() != files[c.file] {
			t.Errorf("GET %s (Accept-Encoding %q): the body is not the file", c.path, c.accept)
		}
	}
}

func TestGzipHeadAndConditional(t *testing.T) {
	dir, _ := bigSite(t)
	h := Handler(dir)
	gz := map[string]string{"Accept-Encoding": "gzip"}
	head := request(t, h, http.MethodHead, "/main.wasm", gz)
	if head.Code != http.StatusOK || head.Header().Get("Content-Encoding") != "gzip" || head.Body.Len() != 0 {
		t.Errorf("HEAD: status %d, Content-Encoding %q, %d body bytes", head.Code, head.Header().Get("Content-Encoding"), head.Body.Len())
	}
	lastMod := request(t, h, http.MethodGet, "/main.wasm", gz).Header().Get("Last-Modified")
	if lastMod == "" {
		t.Fatal("no Last-Modified")
	}
	rec := request(t, h, http.MethodGet, "/main.wasm", map[string]string{"Accept-Encoding": "gzip", "If-Modified-Since": lastMod})
	if rec.Code != http.StatusNotModified || rec.Body.Len() != 0 {
		t.Errorf("conditional GET: status %d with %d bytes, want 304", rec.Code, rec.Body.Len())
	}
}

// TestGzipFollowsChanges rewrites a file: the next response carries the new
// content, not the compressed old one.
func TestGzipFollowsChanges(t *testing.T) {
	dir, files := bigSite(t)
	h := Handler(dir)
	gz := map[string]string{"Accept-Encoding": "gzip"}
	if got := gunzip(t, request(t, h, http.MethodGet, "/sw.js", gz).Body.Bytes()); got != files["sw.js"] {
		t.Fatal("first response is not sw.js")
	}
	next := strings.Repeat("// a new build\n", 200)
	p := filepath.Join(dir, "sw.js")
	if err := os.WriteFile(p, []byte(next), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Hour) // a visible change even on coarse file-system clocks
	if err := os.Chtimes(p, later, later); err != nil {
		t.Fatal(err)
	}
	if got := gunzip(t, request(t, h, http.MethodGet, "/sw.js", gz).Body.Bytes()); got != next {
		t.Error("after a rebuild the old sw.js is still sent")
	}
}

func TestGzipKeepsRedirects(t *testing.T) {
	dir, _ := bigSite(t)
	h := Handler(dir)
	for path, want := range map[string]string{"/index.html": "./", "/sub": "sub/", "/sub/index.html": "./"} {
		rec := request(t, h, http.MethodGet, path, map[string]string{"Accept-Encoding": "gzip"})
		if rec.Code != http.StatusMovedPermanently || rec.Header().Get("Location") != want {
			t.Errorf("GET %s: status %d, Location %q; want 301 to %q", path, rec.Code, rec.Header().Get("Location"), want)
		}
	}
}

func TestAcceptsGzip(t *testing.T) {
	for header, want := range map[string]bool{
		"":                      false,
		"gzip":                  true,
		"GZip":                  true,
		"deflate, gzip;q=1.0":   true,
		"br;q=1, gzip;q=0.5":    true,
		"gzip;q=0":              false,
		"gzip; q=0.000":         false,
		"*":                     true,
		"*;q=0":                 false,
		"*, gzip;q=0":           false,
		"identity":              false,
		"x-gzip":                true,
		"gzip;q=bogus":          false,
		"deflate, br, zstd":     false,
		" gzip , deflate ":      true,
		"identity;q=1, *;q=0.1": true,
	} {
		if got := acceptsGzip(header); got != want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", header, got, want)
		}
	}
}

// TestGzipThroughRealServer measures what a browser-like client receives.
func TestGzipThroughRealServer(t *testing.T) {
	dir, files := bigSite(t)
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/main.wasm", nil)
	req.Header.Set("Accept-Encoding", "gzip") // set by hand: the client then leaves the body compressed
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.Header.Get("Content-Encoding") != "gzip" || gunzip(t, body) != files["main.wasm"] {
		t.Fatalf("Content-Encoding %q", resp.Header.Get("Content-Encoding"))
	}
	t.Logf("main.wasm (test file): %d bytes raw, %d sent", len(files["main.wasm"]), len(body))
}
