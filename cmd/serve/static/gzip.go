package static

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

// compressible reports whether a file of this name is text or wasm, which
// gzip shrinks (main.wasm to about a quarter), rather than an image.
func compressible(name string) bool {
	switch path.Ext(name) {
	case ".wasm", ".js", ".css", ".html", ".json", ".webmanifest", ".svg", ".txt", ".csv", ".md", ".map":
		return true
	}
	return false
}

// acceptsGzip reports whether an Accept-Encoding header value allows gzip:
// "gzip" (or "x-gzip") with a nonzero q, or else "*" with a nonzero q.
func acceptsGzip(header string) bool {
	gzipQ, anyQ := -1.0, -1.0
	for part := range strings.SplitSeq(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		q := 1.0
		for p := range strings.SplitSeq(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				if err != nil || f < 0 {
					f = 0
				}
				q = f
			}
		}
		switch strings.ToLower(strings.TrimSpace(coding)) {
		case "gzip", "x-gzip":
			gzipQ = max(gzipQ, q)
		case "*":
			anyQ = max(anyQ, q)
		}
	}
	if gzipQ >= 0 {
		return gzipQ > 0
	}
	return anyQ > 0
}

// gzipCache keeps each compressed file, keyed by its name and checked
// against its size and modification time, so a file is compressed once per
// version however often it is served.
type gzipCache struct {
	mu      sync.Mutex
	entries map[string]gzipEntry
}

type gzipEntry struct {
	size    int64
	modTime time.Time
	body    []byte // nil when gzip would not make the file smaller
}

// get returns the gzip-compressed content of the file, or nil if
// compression does not pay. open reads the file.
func (c *gzipCache) get(name string, size int64, modTime time.Time, open func() (io.ReadCloser, error)) ([]byte, error) {
	c.mu.Lock() // also while compressing: one compression of a file at a time
	defer c.mu.Unlock()
	if e, ok := c.entries[name]; ok && e.size == size && e.modTime.Equal(modTime) {
		return e.body, nil
	}
	f, err := open()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // a valid level: no error
	n, err := io.Copy(zw, f)
	if err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	body := buf.Bytes()
	if int64(len(body)) >= n {
		body = nil
	}
	if c.entries == nil {
		c.entries = map[string]gzipEntry{}
	}
	c.entries[name] = gzipEntry{size: size, modTime: modTime, body: body}
	return body, nil
}

// serveGzip serves the file's gzip-compressed content, if the client takes
// it and it pays, and reports whether it did. Range requests get the plain
// file: a range of a compressed body is of no use to a browser here.
func (c *gzipCache) serveGzip(w http.ResponseWriter, r *http.Request, fs http.FileSystem, name string) bool {
	if !acceptsGzip(r.Header.Get("Accept-Encoding")) || r.Header.Get("Range") != "" {
		return false
	}
	f, err := fs.Open(name)
	if err != nil {
		return false
	}
	st, err := f.Stat()
	f.Close()
	if err != nil || st.IsDir() {
		return false
	}
	body, err := c.get(name, st.Size(), st.ModTime(), func() (io.ReadCloser, error) { return fs.Open(name) })
	if err != nil || body == nil {
		return false
	}
	w.Header().Set("Content-Encoding", "gzip")
	http.ServeContent(w, r, name, st.ModTime(), bytes.NewReader(body))
	return true
}
