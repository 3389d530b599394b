//go:build !js

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// download is a file the page offered, captured in the page.
type download struct {
	Name string `json:"name"`
	Href string `json:"href"`
	Text string `json:"text"` // a Blob's content; empty for data: URLs
}

// TestExports runs a quick experiment, presses every export button and
// checks the files the page offers: the traces and ratio tables with the
// CLI's columns, and each plot as a PNG.
func TestExports(t *testing.T) {
	p := open(t, quick)
	p.do(chromedp.Click(chromedp.CSS("#run")))
	p.waitStatus(60*time.Second, "done")
	// Keep each Blob and the name of each file offered: the page revokes
	// blob URLs right after the click.
	eval[bool](p, `(() => {
		window.__blobs = new Map(); window.__downloads = [];
		const create = URL.createObjectURL.bind(URL);
		URL.createObjectURL = b => { const u = create(b); __blobs.set(u, b); return u; };
		const click = HTMLAnchorElement.prototype.click;
		HTMLAnchorElement.prototype.click = function () {
			if (this.download) { __downloads.push({ name: this.download, href: this.href }); return; }
			return click.call(this);
		};
		return true;
	})()`)
	for _, id := range []string{"export-traces", "export-ratios-csv", "export-ratios-md", "export-nice-png", "export-imp-png"} {
		p.do(chromedp.Click(chromedp.CSS("#" + id)))
	}
	time.Sleep(300 * time.Millisecond)
	files := eval[[]download](p, `Promise.all(__downloads.map(async d =>
		({ name: d.name, href: d.href.slice(0, 40), text: __blobs.has(d.href) ? await __blobs.get(d.href).text() : "" })))`,
		chromedp.EvalAwaitPromise)
	got := map[string]download{}
	for _, f := range files {
		got[f.Name] = f
	}
	if len(got) != 5 {
		t.Fatalf("%d files offered, want 5: %v", len(files), files)
	}
	traces := strings.Split(strings.TrimSpace(got["imlab-traces.csv"].Text), "\n")
	if traces[0] != "sampling,tau,iter_per_n,primal,gap,seconds" || len(traces) < 10 {
		t.Errorf("traces CSV: header %q, %d lines", traces[0], len(traces))
	}
	ratios := strings.Split(strings.TrimSpace(got["imlab-ratios.csv"].Text), "\n")
	if !strings.HasPrefix(ratios[0], "tau,theta_nice,theta_imp,theory") || len(ratios) != 4 {
		t.Errorf("ratios CSV: %q", ratios)
	}
	if md := got["imlab-ratios.md"].Text; !strings.Contains(md, "| tau |") || strings.Count(md, "\n|") < 4 {
		t.Errorf("ratios Markdown: %q", md)
	}
	for _, name := range []string{"imlab-plot-nice.png", "imlab-plot-imp.png"} {
		if !strings.HasPrefix(got[name].Href, "data:image/png;base64,") {
			t.Errorf("%s: href %q, want a PNG data URL", name, got[name].Href)
		}
	}
}
