package static

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// site makes root/{secret.txt, site/{index.html, main.wasm, assets/app.css, empty/}}
// and returns the site directory.
func site(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	dir := filepath.Join(root, "site")
	for name, body := range map[string]string{
		"secret.txt":           "outside",
		"site/index.html":      "<!doctype html><title>lab</title>",
		"site/main.wasm":       "\x00asm\x01\x00\x00\x00",
		"site/assets/app.css":  "body{}",
		"site/sub/index.html":  "sub",
		"site/empty/.keep":     "",
		"site/wasm_exec.js":    "// js",
		"site/docs/report.png": "\x89PNG",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func get(t *testing.T, h http.Handler, rawPath string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	req.URL.Path = rawPath // bypass the client's and the mux's cleaning
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestContentTypes(t *testing.T) {
	h := Handler(site(t))
	for _, c := range []struct{ path, want string }{
		{"/main.wasm", "application/wasm"},
		{"/wasm_exec.js", "text/javascript; charset=utf-8"},
		{"/assets/app.css", "text/css; charset=utf-8"},
		{"/docs/report.png", "image/png"},
		{"/", "text/html; charset=utf-8"},
	} {
		rec := get(t, h, c.path)
		if rec.Code != http.StatusOK {
			t.Errorf("GET %s: status %d, want 200", c.path, rec.Code)
			continue
		}
		if got := rec.Header().Get("Content-Type"); got != c.want {
			t.Errorf("GET %s: Content-Type %q, want %q", c.path, got, c.want)
		}
	}
	if body := get(t, h, "/main.wasm").Body.String(); body != "\x00asm\x01\x00\x00\x00" {
		t.Errorf("main.wasm body = %q", body)
	}
}

func TestPathsStayInsideDir(t *testing.T) {
	h := Handler(site(t))
	for _, p := range []string{
		"/../secret.txt", "/assets/../../secret.txt", "/..", `/..\secret.txt`, "/assets/..%2f..%2fsecret.txt",
	} {
		rec := get(t, h, p)
		if rec.Code == http.StatusOK || strings.Contains(rec.Body.String(), "outside") {
			t.Errorf("GET %q: status %d, body %q: escaped the directory", p, rec.Code, rec.Body.String())
		}
	}
}

func TestThroughRealServer(t *testing.T) {
	srv := httptest.NewServer(Handler(site(t)))
	defer srv.Close()
	for _, c := range []struct {
		path string
		code int
	}{
		{"/main.wasm", 200}, {"/missing.js", 404}, {"/empty/", 404}, {"/sub/", 200},
	} {
		resp, err := http.Get(srv.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.code {
			t.Errorf("GET %s: status %d, want %d (body %q)", c.path, resp.StatusCode, c.code, body)
		}
	}
	resp, err := http.Post(srv.URL+"/index.html", "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: status %d, want 405", resp.StatusCode)
	}
}
