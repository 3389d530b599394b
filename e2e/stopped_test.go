//go:build !js

package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"imlab/internal/offline"
)

// stopper builds one of the programs in testdata/stops, which stand in for
// the lab's main.wasm and end during the start, as the lab's would on a
// link that reaches a bug.
func stopper(t *testing.T, name string) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), name+".wasm")
	cmd := exec.Command("go", "build", "-o", out, "./e2e/testdata/stops/"+name)
	cmd.Dir = repoRoot
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building testdata/stops/%s: %v\n%s", name, err, b)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// stoppedShown is true once the page says that the lab stopped.
const stoppedShown = "(" + statusText + `).includes("the lab stopped")`

// waitStopped waits until the page says that the lab stopped, and returns
// what it says and where its link goes.
func (p *page) waitStopped() (status, href string) {
	p.t.Helper()
	p.waitTrue(60*time.Second, stoppedShown, "message that the lab stopped")
	return p.status(), eval[string](p, `(document.querySelector("#status a") || {}).href || ""`)
}

// expectConsole drops from p's console the lines that contain one of
// these, which the test caused on purpose, so that checkConsole judges the
// rest.
func (p *page) expectConsole(texts ...string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	kept := p.console[:0]
	for _, m := range p.console {
		expected := false
		for _, s := range texts {
			expected = expected || strings.Contains(m.Text, s)
		}
		if !expected {
			kept = append(kept, m)
		}
	}
	p.console = kept
}

// TestStartThatPanicsSaysSo serves the site with a main.wasm that panics
// during its start, then one that exits at once: the page says that the lab
// stopped, why, that the console has the details, and links to the lab
// without the link's settings; a new hash loads the page afresh.
func TestStartThatPanicsSaysSo(t *testing.T) {
	if skipReason != "" {
		t.Skip(skipReason)
	}
	for _, c := range []struct{ name, why, console string }{
		{"panics", "panic: a test's panic during the start", "a test's panic during the start"},
		{"exits", "its program ended with exit code 3", "exit code: 3"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.CopyFS(dir, os.DirFS(distDir())); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "main.wasm"), stopper(t, c.name), 0o644); err != nil {
				t.Fatal(err)
			}
			srv := serveCopy(t, dir)
			p := openURL(t, srv.URL+"/lab/#"+quick, recordViolations)
			st, href := p.waitStopped()
			for _, want := range []string{c.why, "console"} {
				if !strings.Contains(st, want) {
					t.Errorf("status %q does not say %q", st, want)
				}
			}
			if href != srv.URL+"/lab/" {
				t.Errorf("the status links to %q, want the lab without the hash, %q", href, srv.URL+"/lab/")
			}
			if !strings.Contains(st, "without this link's settings") {
				t.Errorf("status %q does not offer the lab without the link", st)
			}

			// A new link: the page loads again (and here stops again).
			eval[bool](p, `(window.__before = true, location.hash = "#n=700", true)`)
			p.waitTrue(60*time.Second, "!window.__before && "+stoppedShown, "fresh load after a new hash")
			if h := eval[string](p, `location.hash`); h != "#n=700" {
				t.Errorf("hash %q after the reload, want #n=700", h)
			}
			// The status's link: the lab with no hash.
			p.do(chromedp.Click(chromedp.CSS("#status a")))
			p.waitTrue(60*time.Second, `location.hash === "" && `+stoppedShown, "load without the hash")
			if st := p.status(); !strings.Contains(st, "Reload the lab") || strings.Contains(st, "without this link") {
				t.Errorf("with no hash, status %q", st)
			}
			if v := p.violations(); len(v) > 0 {
				t.Errorf("policy violations: %q", v)
			}
			p.expectConsole(c.console)
		})
	}
}

// TestSingleFileThatPanicsSaysSo is TestStartThatPanicsSaysSo's first case
// for the single file from file://, whose main.wasm is embedded.
func TestSingleFileThatPanicsSaysSo(t *testing.T) {
	if skipReason != "" {
		t.Skip(skipReason)
	}
	read := func(name string) ([]byte, error) {
		return os.ReadFile(filepath.Join(distDir(), filepath.FromSlash(name)))
	}
	index, err := read("index.html")
	if err != nil {
		t.Fatal(err)
	}
	single, err := offline.Bundle(index, read, stopper(t, "panics"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "imlab.html")
	if err := os.WriteFile(file, single, 0o644); err != nil {
		t.Fatal(err)
	}
	p := openURL(t, "file://"+filepath.ToSlash(file)+"#"+quick, recordViolations)
	st, href := p.waitStopped()
	if !strings.Contains(st, "panic: a test's panic during the start") {
		t.Errorf("status %q does not name the panic", st)
	}
	if href != "file://"+filepath.ToSlash(file) {
		t.Errorf("the status links to %q, want the file without the hash", href)
	}
	if v := p.violations(); len(v) > 0 {
		t.Errorf("policy violations: %q", v)
	}
	p.expectConsole("a test's panic during the start")
}
