//go:build !js

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"imlab/cmd/serve/static"
	"imlab/internal/offline"
)

// serveCopy serves a site directory under /lab/ on a server of its own: a
// new origin, so the test's service worker and caches are its own.
func serveCopy(t *testing.T, dir string) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.Handle("/lab/", http.StripPrefix("/lab", static.Handler(dir)))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func distDir() string { return filepath.Join(repoRoot, "dist") }

// goOffline cuts the tab off the network through the DevTools protocol,
// its service worker included, and says so to navigator.onLine.
var goOffline = chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
	yes := true
	if _, err := cdp.Call(ctx, tg, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
		EmulateOfflineServiceWorker: &yes,
		MatchedNetworkConditions:    []*network.Conditions{{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}},
	}); err != nil {
		// Chromium before the protocol moved "offline" into each rule (148,
		// which Debian's mirror served on 2026-11-23) wants it beside them.
		if _, err2 := cdp.Call(ctx, tg, offlineByRuleBefore, offlineParamsBefore{Offline: true,
			Conditions: []conditionsBefore{{DownloadThroughput: -1, UploadThroughput: -1}}}); err2 != nil {
			return fmt.Errorf("%v; with the older parameters: %v", err, err2)
		}
	}
	_, err := cdp.Call(ctx, tg, network.OverrideNetworkState, network.OverrideNetworkStateParams{
		Offline: true, DownloadThroughput: -1, UploadThroughput: -1,
	})
	return err
})

// offlineByRuleBefore is Network.emulateNetworkConditionsByRule as Chromium
// 148 has it: offline for every rule at once.
var offlineByRuleBefore = cdp.Command[offlineParamsBefore, network.EmulateNetworkConditionsByRuleResult]{
	Method: network.CommandEmulateNetworkConditionsByRule}

type offlineParamsBefore struct {
	Offline    bool               `json:"offline"`
	Conditions []conditionsBefore `json:"matchedNetworkConditions"`
}

type conditionsBefore struct {
	URLPattern         string  `json:"urlPattern"`
	Latency            float64 `json:"latency"`
	DownloadThroughput float64 `json:"downloadThroughput"`
	UploadThroughput   float64 `json:"uploadThroughput"`
}

// waitOfflineReady waits until a service worker controls the page and has
// precached main.wasm, and returns the names of the lab's caches.
func (p *page) waitOfflineReady(timeout time.Duration) []string {
	p.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		caches := eval[[]string](p, `(async () => {
			if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return [];
			const names = [];
			for (const name of await caches.keys()) {
				if (name.startsWith("imlab:") && await (await caches.open(name)).match("main.wasm")) names.push(name);
			}
			return names;
		})()`, chromedp.EvalAwaitPromise)
		if len(caches) > 0 {
			return caches
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("no service worker controls the page with main.wasm precached after %v", timeout)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// runQuick runs the loaded quick experiment to the end, on workers, and checks the ratio
// table: one row per τ of the quick hash.
func (p *page) runQuick() {
	p.t.Helper()
	p.do(chromedp.Click(chromedp.CSS("#run")))
	st := p.waitStatus(120*time.Second, "done")
	// Workers start wherever the page works (served, offline, from file://):
	// these links set no workers= key, so the lab chose, and chooses at least one.
	if n := eval[int](p, `imlab.workers()`); n < 1 {
		p.t.Errorf("the run did not use workers: %q", st)
	}
	if rows := p.ratioRows(); len(rows) != 3 {
		p.t.Errorf("ratio table has %d rows after the run, want 3 (τ = 1, 2, 4): %v", len(rows), rows)
	}
}

// TestOfflineReload visits the lab once, then cuts the network and stops the
// server: a reload and a new tab still open the lab and complete a run.
func TestOfflineReload(t *testing.T) {
	if skipReason != "" {
		t.Skip(skipReason)
	}
	srv := serveCopy(t, distDir())
	url := srv.URL + "/lab/#" + quick
	p := openURL(t, url)
	p.waitStatus(60*time.Second, "ready")

	if href := eval[string](p, `(document.querySelector('link[rel="manifest"]') || {}).href || ""`); href != srv.URL+"/lab/manifest.webmanifest" {
		t.Errorf(`<link rel="manifest"> points to %q`, href)
	}
	p.checkManifest(srv.URL + "/lab/")
	caches := p.waitOfflineReady(60 * time.Second)
	scope := eval[string](p, `navigator.serviceWorker.getRegistration().then(r => r ? r.scope : "")`, chromedp.EvalAwaitPromise)
	if scope != srv.URL+"/lab/" {
		t.Errorf("service worker scope %q, want %q", scope, srv.URL+"/lab/")
	}
	t.Logf("service worker caches: %q", caches)
	logTransfer(p)

	p.do(goOffline)
	srv.CloseClientConnections()
	srv.Close()
	if online := eval[bool](p, `navigator.onLine`); online {
		t.Error("navigator.onLine is still true after going offline")
	}

	p.do(chromedp.Reload())
	p.waitStatus(60*time.Second, "ready")
	t.Logf("offline reload: data ready at %.0f ms (performance.now)", eval[float64](p, `imlab.ready`))
	if eval[bool](p, `!navigator.serviceWorker.controller`) {
		t.Error("the reloaded page is not controlled by the service worker")
	}
	p.runQuick()

	tab := p.openTab(url, goOffline)
	tab.waitStatus(60*time.Second, "ready")
	t.Logf("offline new tab: data ready at %.0f ms (performance.now)", eval[float64](tab, `imlab.ready`))
	tab.runQuick()
}

// checkManifest checks the web app manifest as Chromium reads it: no
// errors, the site's root as start URL, standalone, and the icons; and logs
// what Chromium says about installing the lab.
func (p *page) checkManifest(root string) {
	p.t.Helper()
	var res cdppage.GetAppManifestResult
	var inst cdppage.GetInstallabilityErrorsResult
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		var err error
		if res, err = cdp.Call(ctx, tg, cdppage.GetAppManifest, cdppage.GetAppManifestParams{}); err != nil {
			return err
		}
		inst, err = cdp.Call(ctx, tg, cdppage.GetInstallabilityErrors, cdp.Empty{})
		return err
	}))
	if res.URL != root+"manifest.webmanifest" || len(res.Errors) > 0 || res.Manifest == nil {
		p.t.Fatalf("manifest at %q: errors %v", res.URL, res.Errors)
	}
	// Chromium resolves the URLs; the text gives the rest as written.
	var m struct {
		Name      string
		ShortName string `json:"short_name"`
		Display   string
		Icons     []struct{ Src, Sizes, Purpose string }
	}
	if err := json.Unmarshal([]byte(res.Data), &m); err != nil {
		p.t.Fatalf("manifest: %v", err)
	}
	if m.Name == "" || m.ShortName == "" || res.Manifest.StartURL != root || m.Display != "standalone" {
		p.t.Errorf("manifest name %q, short name %q, start URL %q, display %q", m.Name, m.ShortName, res.Manifest.StartURL, m.Display)
	}
	icons := map[string]int{}
	for _, ic := range m.Icons {
		icons[ic.Sizes+" "+ic.Purpose]++
	}
	if icons["192x192 any"] != 1 || icons["512x512 any"] != 1 || icons["512x512 maskable"] != 1 {
		p.t.Errorf("manifest icons: %v, want 192 and 512 px, and a maskable one", icons)
	}
	var ids []string
	for _, e := range inst.InstallabilityErrors {
		ids = append(ids, e.ErrorID)
	}
	p.t.Logf("installability errors reported by Chromium: %q", ids)
}

// logTransfer logs how many bytes main.wasm took on the wire, and checks
// that the server (cmd/serve's handler) compressed it.
func logTransfer(p *page) {
	p.t.Helper()
	sizes := eval[map[string]float64](p, `(() => {
		const e = performance.getEntriesByType("resource").find(e => e.name.endsWith("/main.wasm")) || imlabWorkers.wasmEntry; // the data's worker fetches it, served
		return e ? { transfer: e.transferSize, encoded: e.encodedBodySize, decoded: e.decodedBodySize } : {};
	})()`)
	p.t.Logf("main.wasm over the network: %.0f bytes encoded (transfer %.0f with headers), %.0f bytes decoded",
		sizes["encoded"], sizes["transfer"], sizes["decoded"])
	if !(sizes["encoded"] > 0 && sizes["encoded"] < sizes["decoded"]/2) {
		p.t.Errorf("main.wasm was not sent compressed: %v", sizes)
	}
}

// TestServiceWorkerUpdateNotice serves a copy of the site, then changes it
// as a new build would: a later visit shows the "new version" notice, its
// Reload button loads the new build, and the old build's cache is gone.
func TestServiceWorkerUpdateNotice(t *testing.T) {
	if skipReason != "" {
		t.Skip(skipReason)
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(distDir())); err != nil {
		t.Fatal(err)
	}
	srv := serveCopy(t, dir)
	p := openURL(t, srv.URL+"/lab/#"+quick)
	p.waitStatus(60*time.Second, "ready")
	first := p.waitOfflineReady(60 * time.Second)
	if eval[bool](p, `!!document.getElementById("update")`) {
		t.Error("a first visit shows the new-version notice")
	}

	// A new build: another style sheet, and so another cache name.
	rebuild(t, dir, "assets/lab.css", "\n/* a new build */\n")
	p.do(chromedp.Reload())
	p.waitStatus(60*time.Second, "ready")
	p.waitTrue(60*time.Second, `!!document.querySelector("#update button")`, "new-version notice with its button")
	notice := eval[map[string]string](p, `(() => { const n = document.getElementById("update");
		return { role: n.getAttribute("role"), text: n.textContent, button: (n.querySelector("button") || {}).textContent || "" }; })()`)
	if notice["role"] != "status" || !strings.Contains(notice["text"], "new version") || notice["button"] != "Reload" {
		t.Errorf("notice %q, want role=status, a new-version text and a Reload button", notice)
	}
	p.do(chromedp.Click(chromedp.CSS("#update button")))
	p.waitStatus(60*time.Second, "ready")
	if eval[bool](p, `!!document.getElementById("update")`) {
		t.Error("the notice is still there after Reload")
	}
	now := p.waitOfflineReady(60 * time.Second)
	if len(now) != 1 || now[0] == first[0] {
		t.Errorf("caches after the update %q, want one, not the first build's %q", now, first)
	}
	served := eval[string](p, `fetch("assets/lab.css").then(r => r.text())`, chromedp.EvalAwaitPromise)
	if !strings.Contains(served, "a new build") {
		t.Error("after Reload the page still gets the old build's style sheet")
	}
}

// rebuild changes one file of the site in dir and writes the service worker
// again, as ./build.sh does after any change.
func rebuild(t *testing.T, dir, name, appended string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, append(b, appended...), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := offline.Write(dir); err != nil {
		t.Fatal(err)
	}
}

// TestSingleFileFromDisk opens imlab.html from file://, alone in a folder of
// its own: it loads nothing else, has no manifest nor service worker, and
// completes a run, then one on a LIBSVM file chosen from disk.
func TestSingleFileFromDisk(t *testing.T) {
	if skipReason != "" {
		t.Skip(skipReason)
	}
	url, _ := singleFileCopy(t)
	p := openURL(t, url+"#"+quick)
	p.waitStatus(60*time.Second, "ready")
	t.Logf("single file: data ready at %.0f ms (performance.now)", eval[float64](p, `imlab.ready`))
	if loaded := eval[[]string](p, `performance.getEntriesByType("resource").map(e => e.name).filter(n => !n.startsWith("data:"))`); len(loaded) > 0 {
		t.Errorf("the single file loaded other files: %q", loaded)
	}
	if eval[bool](p, `!!document.querySelector('link[rel="manifest"]')`) {
		t.Error(`the single file has a <link rel="manifest">`)
	}
	if regs := eval[int](p, `navigator.serviceWorker ? navigator.serviceWorker.getRegistrations().then(r => r.length, () => 0) : 0`, chromedp.EvalAwaitPromise); regs != 0 {
		t.Errorf("the single file registered %d service workers", regs)
	}
	p.runQuick()

	// A LIBSVM file from disk, read in the page as on the served site.
	p.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{fixture("small.svm")}))
	p.waitStatus(30*time.Second, "12 examples")
	p.runQuick()
}

// TestIndexFromDiskGuides opens dist/index.html from file://, which cannot
// load main.wasm: the page says what to do instead of a fetch error.
func TestIndexFromDiskGuides(t *testing.T) {
	if skipReason != "" {
		t.Skip(skipReason)
	}
	p := openURL(t, "file://"+filepath.ToSlash(filepath.Join(distDir(), "index.html")))
	st := p.waitStatus(30*time.Second, "imlab.html")
	for _, want := range []string{"imlab.html", "./build.sh serve"} {
		if !strings.Contains(st, want) {
			t.Errorf("status %q does not mention %q", st, want)
		}
	}
	if strings.Contains(st, "Failed to fetch") {
		t.Errorf("status %q", st)
	}
	if href := eval[string](p, `(document.querySelector('#status a') || {}).href || ""`); !strings.HasSuffix(href, "/dist/imlab.html") {
		t.Errorf("the status links to %q, want imlab.html beside index.html", href)
	}
}

// singleFileCopy copies dist/imlab.html into a folder of its own, as a
// user's download would be, and returns its file:// URL and its bytes.
func singleFileCopy(t *testing.T) (url string, page []byte) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(distDir(), "imlab.html"))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("imlab.html: %d bytes", len(b))
	p := filepath.Join(t.TempDir(), "imlab.html")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return "file://" + filepath.ToSlash(p), b
}
