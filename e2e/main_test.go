//go:build !js

package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"imlab/cmd/serve/static"
	"imlab/internal/headless"
)

var (
	siteURL    string          // the served dist/, ending in "/lab/"
	allocCtx   context.Context // the shared browser's allocator
	skipReason string          // why the tests cannot run here, if they cannot
	repoRoot   string
)

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	if os.Getenv("IMLAB_E2E") == "" {
		// Keeps "go test ./..." quick and independent of a stale dist/.
		skipReason = "browser tests run with IMLAB_E2E=1 (./build.sh test sets it, after building dist/)"
		return m.Run()
	}
	var err error
	repoRoot, err = findRoot()
	if err != nil {
		skipReason = err.Error()
		return m.Run()
	}
	dist := filepath.Join(repoRoot, "dist")
	if _, err := os.Stat(filepath.Join(dist, "main.wasm")); err != nil {
		skipReason = "dist/main.wasm is missing: build the site first (./build.sh)"
		return m.Run()
	}
	chrome := chromePath()
	if chrome == "" {
		skipReason = "Chromium not found (/usr/bin/chromium; install it with apt-get install chromium or set IMLAB_CHROMIUM)"
		return m.Run()
	}
	// Served under a sub-path, which works only if the site's paths are
	// all relative.
	mux := http.NewServeMux()
	mux.Handle("/lab/", http.StripPrefix("/lab", static.Handler(dist)))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	siteURL = srv.URL + "/lab/"

	profile, err := os.MkdirTemp("", "imlab-e2e-profile-")
	if err != nil {
		skipReason = err.Error()
		return m.Run()
	}
	defer os.RemoveAll(profile)
	opts := append(headless.Options(chrome, profile), chromedp.WindowSize(1440, 1000))
	ctx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	allocCtx = ctx
	return m.Run()
}

// findRoot walks up from the working directory to the module root.
func findRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = parent
	}
}

func chromePath() string {
	for _, p := range []string{os.Getenv("IMLAB_CHROMIUM"), "/usr/bin/chromium"} {
		if p == "" {
			continue
		}
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// page is one browser tab on the lab, with its console recorded.
type page struct {
	t   *testing.T
	ctx context.Context
	tab context.Context // ctx without its time limit

	mu      sync.Mutex
	console []chromedp.ConsoleMessage
}

// open starts a tab on the lab with the given URL hash and waits until the
// data is loaded (status "ready") and the whole page is rendered (see
// waitStatus).
func open(t *testing.T, hash string) *page {
	t.Helper()
	p := openNoWait(t, hash)
	p.waitStatus(30*time.Second, "ready")
	return p
}

// startBrowser starts a browser of the test's own, with no time limit: a
// tab's first action would otherwise tie the browser's life to that tab's
// 170 s. It ends with the test; openIn opens tabs in it.
func startBrowser(t *testing.T) context.Context {
	t.Helper()
	if skipReason != "" {
		t.Skip(skipReason)
	}
	browser, cancel := chromedp.NewContext(allocCtx)
	t.Cleanup(cancel)
	if err := chromedp.Do(browser, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	return browser
}

// openNoWait starts a tab on the lab with the given URL hash.
func openNoWait(t *testing.T, hash string) *page {
	t.Helper()
	url := siteURL
	if hash != "" {
		url += "#" + hash
	}
	return openURL(t, url)
}

// openURL starts a tab on any URL (another server, a file:// URL), after
// running the actions before, if any, in the new tab.
func openURL(t *testing.T, url string, before ...chromedp.Action[chromedp.Void]) *page {
	t.Helper()
	if skipReason != "" {
		t.Skip(skipReason)
	}
	return openIn(t, allocCtx, url, before...)
}

// openTab opens another tab in p's browser (a test's first tab starts the
// browser, which ends with that tab).
func (p *page) openTab(url string, before ...chromedp.Action[chromedp.Void]) *page {
	p.t.Helper()
	return openIn(p.t, p.tab, url, before...)
}

func openIn(t *testing.T, parent context.Context, url string, before ...chromedp.Action[chromedp.Void]) *page {
	t.Helper()
	tab, cancelTab := chromedp.NewContext(parent)
	ctx, cancel := context.WithTimeout(tab, 170*time.Second)
	p := &page{t: t, ctx: ctx, tab: tab}
	// The first use of a context starts the browser (a test's first tab)
	// and opens the tab, both tied to that context: use tab, not ctx, or the
	// browser dies with ctx's time limit and a long measurement on p.tab
	// (papersize_test.go) hangs after 170 s.
	msgs := chromedp.Console(tab)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m, err := range msgs {
			if err != nil {
				return
			}
			p.mu.Lock()
			p.console = append(p.console, m)
			p.mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		p.checkConsole()
		cancel()
		cancelTab()
		<-done
	})
	p.do(before...)
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument,
			cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: taskTimer})
		return err
	}))
	p.do(chromedp.Navigate(url))
	return p
}

// taskTimer runs before the page's scripts: it times every animation-frame
// callback and every MessagePort message handler (the lab's yields), and
// records in window.__tasks those over 12 ms as "kind:ms@start".
const taskTimer = `(() => {
  const rec = window.__tasks = [];
  const timed = (kind, f) => function (...a) {
    const t = performance.now();
    try { return f.apply(this, a); } finally {
      const d = performance.now() - t;
      if (d > 12) rec.push(kind + ":" + Math.round(d) + "@" + Math.round(t));
    }
  };
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) => raf(timed("raf", cb));
  const desc = Object.getOwnPropertyDescriptor(MessagePort.prototype, "onmessage");
  Object.defineProperty(MessagePort.prototype, "onmessage", {
    set(f) { desc.set.call(this, timed("msg", f)); }, get() { return desc.get.call(this); },
  });
})()`

// checkConsole fails the test on any console error, uncaught exception or
// Go panic (the Go runtime writes panics as plain console lines).
func (p *page) checkConsole() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, m := range p.console {
		bad := m.Type == chromedp.ConsoleError || m.IsException() ||
			strings.Contains(m.Text, "panic:") || strings.Contains(m.Text, "fatal error")
		if bad {
			p.t.Errorf("console %s", m)
		}
	}
}

// lastConsole is the page's last n console lines, for a failure's message.
func (p *page) lastConsole(n int) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var lines []string
	for _, m := range p.console[max(0, len(p.console)-n):] {
		lines = append(lines, strconv.Quote(m.String()))
	}
	if len(lines) == 0 {
		return "none"
	}
	return strings.Join(lines, ", ")
}

func (p *page) do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, steps...); err != nil {
		p.t.Fatalf("browser: %v", err)
	}
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](p *page, expr string, opts ...chromedp.EvaluateOption) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr, opts...))
	if err != nil {
		p.t.Fatalf("evaluating %.80q: %v", expr, err)
	}
	return v
}

// evalAcrossLoads is eval for the polls of a wait that may span a load of
// the page: an evaluation that the navigation cut off (the document it ran
// in went away) gives T's zero value, to be asked again in the new
// document. Only for expressions without side effects.
func evalAcrossLoads[T any](p *page, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr))
	if err != nil && cutByNavigation(err) {
		var zero T
		return zero
	}
	if err != nil {
		p.t.Fatalf("evaluating %.80q: %v", expr, err)
	}
	return v
}

// cutByNavigation reports whether err is the DevTools protocol's answer to
// an evaluation whose document was replaced while it ran.
func cutByNavigation(err error) bool {
	msg := err.Error()
	for _, s := range []string{"Inspected target navigated or closed", "Execution context was destroyed", "Cannot find context with specified id"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

func (p *page) status() string {
	return eval[string](p, `document.getElementById("status").textContent`)
}

// statusText is the status line's text, "" before the page has one.
const statusText = `(document.getElementById("status")||{}).textContent||""`

// statusWhole is statusText once the whole page is rendered, and "" before:
// the page is ready (status "ready") with its header and run controls only,
// and renders the rest in the frames after (imlab.complete). A page whose
// Go has not started (the loader's guidance, its errors) has no imlab yet.
const statusWhole = `(!window.imlab || imlab.complete) ? ` + statusText + ` : ""`

// waitStatus waits until the status contains one of want, and the whole
// page is rendered, failing on an "error" status that was not wanted, or
// after timeout.
func (p *page) waitStatus(timeout time.Duration, want ...string) string {
	p.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		s := evalAcrossLoads[string](p, statusWhole) // "" while a load replaces the document
		for _, w := range want {
			if strings.Contains(s, w) {
				return s
			}
		}
		if strings.Contains(s, "error") {
			p.t.Fatalf("status %q while waiting for %q", s, want)
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("status %q (whole page: %v) after %v, waiting for %q", p.status(), s != "", timeout, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// colouredPixels counts the pixels of a canvas that are clearly coloured
// (not white, grey or black): curves and bars, not axes, grid or text.
func (p *page) colouredPixels(id string) int {
	p.t.Helper()
	return p.countPixels(id, `Math.max(r, g, b) - Math.min(r, g, b) > 60`)
}

// inkPixels counts the non-white pixels of a canvas.
func (p *page) inkPixels(id string) int {
	p.t.Helper()
	return p.countPixels(id, `r < 240 || g < 240 || b < 240`)
}

// countPixels counts the visible pixels of a canvas for which the
// JavaScript expression test, over the channels r, g, b, holds; −1 if the
// canvas is missing or empty.
func (p *page) countPixels(id, test string) int {
	p.t.Helper()
	return eval[int](p, `(() => {
		const c = document.getElementById(`+"`"+id+"`"+`);
		if (!c || !c.width || !c.height) return -1;
		const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
		let n = 0;
		for (let i = 0; i < d.length; i += 4) {
			const r = d[i], g = d[i+1], b = d[i+2];
			if (d[i+3] > 0 && (`+test+`)) n++;
		}
		return n;
	})()`)
}

// ratioRows returns the cells of the ratio table's body.
func (p *page) ratioRows() [][]string {
	return eval[[][]string](p, `Array.from(document.querySelectorAll("#ratios tbody tr")).map(
		r => Array.from(r.cells).map(c => c.textContent.trim()))`)
}

// typeInto clears the input with the given id and types text into it, key
// by key, as a user would.
func (p *page) typeInto(id, text string) {
	p.t.Helper()
	p.clearInput(id)
	p.do(chromedp.SendKeys(chromedp.CSS("#"+id), text))
}

// clearInput empties the input with the given id, as deleting its text would.
func (p *page) clearInput(id string) { p.setInput(id, "") }

// setInput gives the input with the given id the value text and fires the
// input event typing would, without depending on where the keyboard focus
// is (key events go to the focused element, which a busy page may not
// have settled yet).
func (p *page) setInput(id, text string) {
	p.t.Helper()
	eval[bool](p, `(() => { const e = document.getElementById(`+strconv.Quote(id)+`); e.value = `+strconv.Quote(text)+`;
		e.dispatchEvent(new Event("input", { bubbles: true })); return true; })()`)
}

// waitTrue waits until the JavaScript expression is true, across loads of
// the page (evalAcrossLoads), failing after timeout with what it was
// waiting for.
func (p *page) waitTrue(timeout time.Duration, expr, what string) {
	p.t.Helper()
	for deadline := time.Now().Add(timeout); !evalAcrossLoads[bool](p, expr); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			p.t.Fatalf("no %s after %v (status %q, link %q; the console's last lines: %s)", what, timeout, p.status(),
				eval[string](p, `location.hash`), p.lastConsole(5))
		}
	}
}
