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
	eval[bool](p, captureDownloads)
	ids := []string{"export-traces", "export-ratios-csv", "export-ratios-md", "export-nice-png", "export-imp-png", "export-nice-svg", "export-imp-svg"}
	for _, id := range ids {
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
	if len(got) != len(ids) {
		t.Fatalf("%d files offered, want %d: %v", len(files), len(ids), files)
	}
	// The CSV files start with the settings as comment lines, then the
	// CLI's columns.
	hash := eval[string](p, `location.hash`)
	for _, name := range []string{"imlab-traces.csv", "imlab-ratios.csv"} {
		text := got[name].Text
		for _, want := range []string{"# imlab ", "\n# data: ", "n=600, d=20, nnz=", "\n# loss=logistic, lambda=", "eps=1e-10, maxpasses=1000, taus=1,2,4, partition=random, seed=1",
			"\n# link: " + hash + "\n"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s lacks %q:\n%.400s", name, want, text)
			}
		}
		if !strings.HasPrefix(text, "# imlab ") {
			t.Errorf("%s does not start with the settings: %.80q", name, text)
		}
	}
	traces := dataLines(got["imlab-traces.csv"].Text)
	if traces[0] != "sampling,tau,passes,iter,primal,gap,seconds" || len(traces) < 10 {
		t.Errorf("traces CSV: header %q, %d lines", traces[0], len(traces))
	}
	ratios := dataLines(got["imlab-ratios.csv"].Text)
	if !strings.HasPrefix(ratios[0], "tau,theta_nice,theta_imp,theory") || len(ratios) != 4 {
		t.Errorf("ratios CSV: %q", ratios)
	}
	for _, name := range []string{"imlab-plot-nice.svg", "imlab-plot-imp.svg"} {
		if svg := got[name].Text; !strings.Contains(svg, "<svg") || !strings.Contains(svg, "n = 600") || !strings.Contains(svg, "eps=1e-10") {
			t.Errorf("%s is not an SVG titled with the data and settings: %.300q", name, svg)
		}
	}
	if md := got["imlab-ratios.md"].Text; !strings.Contains(md, "| tau |") || strings.Count(md, "\n|") < 4 {
		t.Errorf("ratios Markdown: %q", md)
	}
	for _, name := range []string{"imlab-plot-nice.png", "imlab-plot-imp.png"} {
		if !strings.HasPrefix(got[name].Href, "data:image/png;base64,") {
			t.Errorf("%s: href %q, want a PNG data URL", name, got[name].Href)
		}
	}
	// The PNG is twice the plot's size on screen (the test browser's
	// devicePixelRatio is 1, so the canvas's own size is its CSS size).
	// The PNG's size is read from its header: the page's policy lets it
	// show no data: image (docs/offline.md).
	eval[bool](p, `(window.__pngSize = (name) => {
		const head = atob(__downloads.find(d => d.name === name).href.split(",")[1].slice(0, 32));
		const u32 = (i) => ((head.charCodeAt(i) << 24) | (head.charCodeAt(i + 1) << 16) | (head.charCodeAt(i + 2) << 8) | head.charCodeAt(i + 3)) >>> 0;
		return head.slice(12, 16) === "IHDR" ? { w: u32(16), h: u32(20) } : { w: -1, h: -1 };
	}, true)`)
	size := eval[map[string]float64](p, `(() => {
		const c = document.getElementById("plot-nice");
		return { ...__pngSize("imlab-plot-nice.png"), cw: c.width, ch: c.height, dpr: devicePixelRatio };
	})()`)
	if size["dpr"] != 1 || size["w"] != 2*size["cw"] || size["h"] != 2*size["ch"] {
		t.Errorf("PNG %v×%v for a %v×%v canvas (devicePixelRatio %v), want twice the size", size["w"], size["h"], size["cw"], size["ch"], size["dpr"])
	}
	// Or at a width the user picks.
	// The value and its event in one task (vecty resets a value to its
	// props at a re-render in between: see TestPassBudget).
	eval[bool](p, `(() => { const e = document.getElementById("png-width"); e.value = "1600";
		e.dispatchEvent(new Event("change", { bubbles: true })); __downloads.length = 0; return true; })()`)
	p.do(chromedp.Click(chromedp.CSS("#export-imp-png")))
	wide := eval[float64](p, `__pngSize("imlab-plot-imp.png").w`)
	if wide != 1600 {
		t.Errorf("PNG %v px wide, want the 1600 picked", wide)
	}
}

// dataLines returns the lines of a CSV file after its '#' comments.
func dataLines(text string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		if !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}
