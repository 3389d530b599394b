package static

import (
	"io"
	"net/http"
	"sync"
	"time"

	"imlab/internal/csp"
)

// policyCache keeps each page's Content-Security-Policy header, keyed by its
// name and checked against its size and modification time, so a page is
// read for it once per version (imlab.html is 2 MB).
type policyCache struct {
	mu      sync.Mutex
	entries map[string]policyEntry
}

type policyEntry struct {
	size    int64
	modTime time.Time
	header  string
}

// header returns the policy header of the page name in fs (csp.Header).
func (c *policyCache) header(fs http.FileSystem, name string) (string, error) {
	f, err := fs.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return "", err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[name]; ok && e.size == st.Size() && e.modTime.Equal(st.ModTime()) {
		return e.header, nil
	}
	page, err := io.ReadAll(f)
	if err != nil {
		return "", err
	}
	h := csp.Header(page)
	if c.entries == nil {
		c.entries = map[string]policyEntry{}
	}
	c.entries[name] = policyEntry{size: st.Size(), modTime: st.ModTime(), header: h}
	return h, nil
}
