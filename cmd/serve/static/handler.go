package static

import (
	"mime"
	"net/http"
	"path"
	"strings"

	"imlab/internal/csp"
)

// Handler serves the files under dir. Paths are cleaned and confined to dir
// (http.Dir rejects ".." after cleaning, and so do we before it, so a request
// can never name a file outside). Directory listings are refused: a path
// naming a directory serves its index.html or 404. Responses carry
// Cache-Control: no-cache so a rebuilt main.wasm is picked up on reload.
// Text and wasm go gzip-compressed to clients that accept it (each file is
// compressed once per version and kept in memory), with Vary:
// Accept-Encoding. Every response has a Content-Security-Policy: a page's
// is the one its <meta> states (cmd/offline writes it) with frame-ancestors
// 'none' (csp.Header), any other file's csp.FileHeader.
func Handler(dir string) http.Handler {
	fs := http.Dir(dir)
	files := http.FileServer(fs)
	var gz gzipCache
	var pages policyCache
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", csp.FileHeader)
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		if containsDotDot(r.URL.Path) {
			http.Error(w, "invalid path", http.StatusBadRequest)
			return
		}
		name := path.Clean("/" + r.URL.Path)
		f, err := fs.Open(name)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		st, err := f.Stat()
		f.Close()
		if err != nil {
			http.NotFound(w, r)
			return
		}
		file := name
		if st.IsDir() {
			file = path.Join(name, "index.html")
			idx, err := fs.Open(file)
			if err != nil {
				http.NotFound(w, r)
				return
			}
			idx.Close()
		}
		if ct := contentType(file); ct != "" {
			w.Header().Set("Content-Type", ct)
		}
		if path.Ext(file) == ".html" {
			policy, err := pages.header(fs, file)
			if err != nil {
				http.Error(w, "cannot read "+file, http.StatusInternalServerError)
				return
			}
			w.Header().Set("Content-Security-Policy", policy)
		}
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		if compressible(file) {
			w.Header().Set("Vary", "Accept-Encoding")
			// FileServer's redirects (dir → dir/, …/index.html → …/) stay its own.
			redirect := st.IsDir() != strings.HasSuffix(r.URL.Path, "/") || strings.HasSuffix(r.URL.Path, "/index.html")
			if !redirect && gz.serveGzip(w, r, fs, file) {
				return
			}
		}
		files.ServeHTTP(w, r)
	})
}

// contentType fixes the types the lab depends on, whatever the host's MIME
// tables say; other extensions fall back to the standard library.
func contentType(name string) string {
	switch path.Ext(name) {
	case ".wasm":
		return "application/wasm"
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".html":
		return "text/html; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	case ".png":
		return "image/png"
	case ".webmanifest":
		return "application/manifest+json"
	case ".json", ".map":
		return "application/json"
	case ".txt":
		return "text/plain; charset=utf-8"
	case ".csv":
		return "text/csv; charset=utf-8"
	case ".md":
		return "text/markdown; charset=utf-8"
	case "":
		return ""
	}
	return mime.TypeByExtension(path.Ext(name))
}

// containsDotDot reports whether p has a ".." element, before any cleaning
// (also with backslashes, which some clients send on Windows).
func containsDotDot(p string) bool {
	if !strings.Contains(p, "..") {
		return false
	}
	for _, el := range strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == '\\' }) {
		if el == ".." {
			return true
		}
	}
	return false
}
