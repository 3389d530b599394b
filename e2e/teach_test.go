//go:build !js

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"imlab/core/theory"
	"imlab/ui/lab/setup"

	"imlab/ui/lab/lesson"

	"imlab/ui/lab/speedupmap"
)

// TestLessonLinks opens every lesson's link and checks that its text and
// its settings are on the page, and that the answer opens on click.
func TestLessonLinks(t *testing.T) {
	for k, l := range lesson.Lessons {
		t.Run(fmt.Sprint(k+1), func(t *testing.T) {
			want, err := setup.ParseHash(l.Settings, setup.DefaultSettings())
			if err != nil {
				t.Fatal(err)
			}
			// A lesson on a gallery set the build lacks says so, and runs no other data.
			ready := "ready"
			if g, ok := setup.GallerySetNamed(want.Data); ok {
				if _, err := os.Stat(filepath.Join(distDir(), setup.GalleryDir, g.File)); err != nil {
					ready = "not in this build"
				}
			}
			p := openNoWait(t, fmt.Sprintf("lesson=%d", k+1))
			p.waitStatus(90*time.Second, ready)
			title := eval[string](p, `document.querySelector("#lesson h2").textContent`)
			if !strings.Contains(title, l.Title) {
				t.Errorf("lesson heading %q, want %q", title, l.Title)
			}
			if text := eval[string](p, `document.getElementById("lesson").textContent`); !strings.Contains(text, l.Question) {
				t.Errorf("lesson text lacks its question")
			}
			f := setup.FormOf(want)
			for id, v := range map[string]string{"norms": f[setup.FieldNorms], "taus": f[setup.FieldTaus], "n": f[setup.FieldN], "density": f[setup.FieldDensity]} {
				if got := eval[string](p, `document.getElementById("`+id+`").value`); got != v {
					t.Errorf("field %s = %q, want the lesson's %q", id, got, v)
				}
			}
			if eval[bool](p, `!!document.getElementById("lesson-answer")`) {
				t.Error("the answer shows before the click")
			}
			p.do(chromedp.Click(chromedp.CSS("#lesson-answer-toggle")))
			p.do(chromedp.WaitVisible(chromedp.CSS("#lesson-answer")))
			if got := eval[string](p, `document.getElementById("lesson-answer").textContent`); got != l.Answer {
				t.Errorf("answer %q", got)
			}
		})
	}
}

// TestHideHidesExactlyTheNamedPanels hides four panels and checks that
// those, and only those, are not displayed.
func TestHideHidesExactlyTheNamedPanels(t *testing.T) {
	hide := []setup.Panel{setup.PanelData, setup.PanelProblem, setup.PanelExport, setup.PanelArticle}
	p := open(t, quick+"&hide=data,problem,export,article")
	for _, x := range setup.Panels {
		shown := eval[bool](p, `(() => { const e = document.getElementById("`+x.ElementID()+`");
			return !!e && getComputedStyle(e).display !== "none" && e.getClientRects().length > 0; })()`)
		if shown == slices.Contains(hide, x) {
			t.Errorf("panel %s shown = %v", x, shown)
		}
	}
	if !eval[bool](p, `getComputedStyle(document.getElementById("run")).display !== "none"`) {
		t.Error("the Run button is hidden")
	}
}

// fontRecorder records the largest font size used by fillText on each
// canvas, in CSS pixels, in window.__fonts.
const fontRecorder = `(() => {
  const fonts = window.__fonts = {};
  const fill = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (s, x, y, w) {
    const m = /([0-9.]+)px/.exec(this.font);
    const id = this.canvas.id;
    if (m && id) fonts[id] = Math.max(fonts[id] || 0, parseFloat(m[1]));
    return fill.call(this, s, x, y, w);
  };
})()`

// TestPresentEnlargesPlotText draws the plots with and without present=1
// and compares the text sizes the canvases were drawn with.
func TestPresentEnlargesPlotText(t *testing.T) {
	if skipReason != "" {
		t.Skip(skipReason)
	}
	sizes := map[bool]map[string]float64{}
	for _, present := range []bool{false, true} {
		hash := quick
		if present {
			hash += "&present=1"
		}
		t.Run(hash, func(t *testing.T) { // one browser at a time
			p := open(t, hash)
			eval[bool](p, fontRecorder+`, true`)
			eval[bool](p, `(window.dispatchEvent(new Event("resize")), true)`) // redraw every plot
			p.do(chromedp.Click(chromedp.CSS("#run")))
			p.waitStatus(90*time.Second, "done")
			p.waitDrawn(0, "done") // the canvases show the finished run, drawn whole
			sizes[present] = eval[map[string]float64](p, `window.__fonts`)
			if present && !eval[bool](p, `document.body.classList.contains("present")`) {
				t.Error("present=1: the body lacks class present")
			}
		})
	}
	t.Logf("largest plot text, px: normal %v, present %v", sizes[false], sizes[true])
	for _, id := range []string{"plot-nice", "plot-imp", "histogram", "sampling"} {
		a, b := sizes[false][id], sizes[true][id]
		if !(a > 0) || b < 1.5*a {
			t.Errorf("%s: text %v px normally, %v px with present=1; want ≥ 1.5×", id, a, b)
		}
	}
}

// samplingState is what the sampling view shows: its summary and a hash of
// its pixels.
func (p *page) samplingState() (string, string) {
	sum := eval[string](p, `document.getElementById("sampling-summary").textContent`)
	px := eval[string](p, `(() => { const d = document.getElementById("sampling").toDataURL();
		let h = 0; for (let i = 0; i < d.length; i++) h = (h * 31 + d.charCodeAt(i)) | 0; return String(h); })()`)
	return sum, px
}

// TestSamplingViewChangesBetweenSteps slows the run to one minibatch per
// frame and checks that each Step moves the sampling view on.
func TestSamplingViewChangesBetweenSteps(t *testing.T) {
	p := open(t, "n=500&d=20&taus=4&norms=extreme")
	p.setSpeed("1")
	var prevSum, prevPx string
	for step := 1; step <= 4; step++ {
		p.do(chromedp.Click(chromedp.CSS("#step")))
		want := fmt.Sprintf("after %d minibatches", step)
		deadline := time.Now().Add(30 * time.Second)
		var sum, px string
		for {
			sum, px = p.samplingState()
			if strings.Contains(sum, want) && px != prevPx {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("step %d: summary %q, canvas changed %v; want %q", step, sum, px != prevPx, want)
			}
			time.Sleep(50 * time.Millisecond)
		}
		if sum == prevSum {
			t.Errorf("step %d: summary unchanged", step)
		}
		prevSum, prevPx = sum, px
		if n := p.countPixels("sampling", `r > 180 && g < 130 && b < 60`); n < 20 {
			t.Errorf("step %d: %d lit (orange) pixels", step, n)
		}
	}
	if !strings.Contains(p.status(), "paused") {
		t.Errorf("status %q after steps, want paused", p.status())
	}
}

// TestSpeedupMapClickRunsTheCell computes the map, clicks a cell and checks
// that the link, the form and the run follow.
func TestSpeedupMapClickRunsTheCell(t *testing.T) {
	p := open(t, quick)
	p.do(chromedp.Click(chromedp.CSS("#map-compute")))
	deadline := time.Now().Add(120 * time.Second)
	for !strings.Contains(eval[string](p, `document.getElementById("map-status").textContent`), "click it") {
		if time.Now().After(deadline) {
			t.Fatal("the speedup map did not finish")
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("speedup map computed in the page in %.2f s", eval[float64](p, `imlab.mapSeconds`))
	if n := p.colouredPixels("speedup-map"); n < 5000 {
		t.Errorf("speedup map: %d coloured pixels", n)
	}
	if n := eval[int](p, `document.querySelectorAll("#map-table tbody tr").length`); n != len(theory.MapLaws()) {
		t.Errorf("map table has %d rows, want %d", n, len(theory.MapLaws()))
	}
	// The keyboard reads cells: focus the map, move down one row.
	p.do(chromedp.Focus(chromedp.CSS("#speedup-map")))
	p.do(chromedp.KeyEvent(kb.ArrowDown))
	if got := eval[string](p, `document.getElementById("map-readout").textContent`); !strings.Contains(got, "χ² k = 70, τ = 1:") {
		t.Errorf("after ArrowDown the read-out is %q, want the cell χ² k = 70, τ = 1", got)
	}
	before := eval[string](p, `location.hash`)
	// A cell in the upper half of the grid's middle: a χ² row, τ around 8.
	box := eval[[]float64](p, `(() => { const r = document.getElementById("speedup-map").getBoundingClientRect();
		return [r.left, r.top, r.width, r.height]; })()`)
	p.do(chromedp.MouseClickXY(box[0]+0.45*box[2], box[1]+0.3*box[3]))
	deadline = time.Now().Add(10 * time.Second)
	var hash string
	for {
		hash = eval[string](p, `location.hash`)
		if hash != before {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the click did not change the link (%q)", hash)
		}
		time.Sleep(50 * time.Millisecond)
	}
	s, _, err := setup.PageSettings(hash, setup.DefaultSettings())
	if err != nil {
		t.Fatalf("the cell's link %q: %v", hash, err)
	}
	if !strings.HasPrefix(s.Norms.String(), "chisq:") || s.N != speedupmap.N || s.D != speedupmap.D || len(s.Taus) != 1 {
		t.Errorf("the cell's settings: norms %s, n %d, d %d, τ %v", s.Norms, s.N, s.D, s.Taus)
	}
	p.waitStatus(120*time.Second, "running", "done")
	if got := eval[string](p, `document.getElementById("data-n").textContent`); got != fmt.Sprint(speedupmap.N) {
		t.Errorf("data n = %s after the click, want %d", got, speedupmap.N)
	}
	if got := eval[string](p, `document.getElementById("taus").value`); got != fmt.Sprint(s.Taus[0]) {
		t.Errorf("τ field %q, want %d", got, s.Taus[0])
	}
}

// TestArticleLinksPaperAndHasMathML checks the article's formulas and
// links, and the paper's cells in the ratio table of a mirrored preset.
func TestArticleLinksPaperAndHasMathML(t *testing.T) {
	p := open(t, "n=600&d=20&taus=1,32")
	if n := eval[int](p, `document.querySelectorAll("#article math").length`); n < 8 {
		t.Errorf("%d MathML formulas in the article", n)
	}
	if !eval[bool](p, `document.querySelector("#article math").namespaceURI === "http://www.w3.org/1998/Math/MathML"`) {
		t.Error("the formulas are not MathML elements")
	}
	links := eval[[]string](p, `[...document.querySelectorAll("a[href]")].map(a => a.href)`)
	for _, want := range []string{"https://arxiv.org/abs/1602.02283", "https://jmlr.org/papers/v19/16-241.html", "1602.02283#subsection.5.2"} {
		found := false
		for _, l := range links {
			found = found || strings.Contains(l, want)
		}
		if !found {
			t.Errorf("no link to %s", want)
		}
	}
	p.do(chromedp.Click(chromedp.CSS("#run")))
	p.waitStatus(60*time.Second, "done")
	cells := eval[[]string](p, `[...document.querySelectorAll("#ratios td.paper")].map(c => c.textContent.trim())`)
	// The default law is χ²₁, dense: Table 3's row chisq1, 1.9 : 1.3 at τ = 1 and 10 : 3.9 at τ = 32.
	if !slices.Equal(cells, []string{"1.9 : 1.3", "10 : 3.9"}) {
		t.Errorf("paper cells %q", cells)
	}
	// Every number in the results explains itself on focus.
	n := eval[int](p, `document.querySelectorAll("#ratios .num[tabindex][data-explain], .facts .num[tabindex][data-explain]").length`)
	if n < 2*5+6 {
		t.Errorf("%d self-explaining numbers, want the ratio table's and the data summary's", n)
	}
}

// TestPaperCellsForW8a loads w8a with the bias feature, when the shared
// data is present, and checks that the paper's real-data row is shown.
func TestPaperCellsForW8a(t *testing.T) {
	if skipReason != "" {
		t.Skip(skipReason)
	}
	file := filepath.Join(repoRoot, "..", "shared", "data", "w8a.gz")
	if _, err := os.Stat(file); err != nil {
		t.Skipf("w8a not found in ../shared/data: %v", err)
	}
	// Not lesson 6, which loads w8a from the data gallery (TestGalleryLessonSixSingleFile): a file chosen while
	// that load runs would race it.
	p := open(t, "n=600&d=20&bias=true&taus=1,2")
	p.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{file}))
	p.waitStatus(60*time.Second, "ready: 49,749 examples")
	p.do(chromedp.Click(chromedp.CSS("#run")))
	deadline := time.Now().Add(60 * time.Second)
	for eval[int](p, `document.querySelectorAll("#ratios td.paper").length`) < 2 {
		if time.Now().After(deadline) {
			t.Fatal("no paper cells for w8a")
		}
		time.Sleep(100 * time.Millisecond)
	}
	cells := eval[[]string](p, `[...document.querySelectorAll("#ratios td.paper")].map(c => c.textContent.trim())`)
	if !slices.Equal(cells, []string{"2.8 : 2.0", "2.9 : 1.9"}) {
		t.Errorf("w8a paper cells %q, want Table 5's 2.8 : 2.0 and 2.9 : 1.9", cells)
	}
	p.do(chromedp.Click(chromedp.CSS("#reset")))
}

// TestTeachingInTheSingleFile opens the single-file build from disk, when
// the build makes one (dist/imlab.html), with a lesson, hide= and present=,
// and checks that the teaching parts work there without loading anything.
func TestTeachingInTheSingleFile(t *testing.T) {
	if skipReason != "" {
		t.Skip(skipReason)
	}
	b, err := os.ReadFile(filepath.Join(repoRoot, "dist", "imlab.html"))
	if err != nil {
		t.Skipf("no single-file build: %v", err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "imlab.html"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	p := openNoWait(t, quick)
	p.waitStatus(30*time.Second, "ready")
	p.do(chromedp.Navigate("file://" + filepath.ToSlash(filepath.Join(dir, "imlab.html")) + "#lesson=2&n=600&d=20&hide=export&present=1"))
	p.waitStatus(60*time.Second, "ready")
	if title := eval[string](p, `document.querySelector("#lesson h2").textContent`); !strings.Contains(title, lesson.Lessons[1].Title) {
		t.Errorf("lesson heading %q", title)
	}
	if n := eval[int](p, `document.querySelectorAll("#article math").length`); n < 8 {
		t.Errorf("%d MathML formulas", n)
	}
	if eval[bool](p, `getComputedStyle(document.getElementById("panel-export")).display !== "none"`) {
		t.Error("hide=export did not hide the export panel")
	}
	p.do(chromedp.Click(chromedp.CSS("#map-compute")))
	deadline := time.Now().Add(120 * time.Second)
	for !strings.Contains(eval[string](p, `document.getElementById("map-status").textContent`), "click it") {
		if time.Now().After(deadline) {
			t.Fatal("the speedup map did not finish in the single file")
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.do(chromedp.Click(chromedp.CSS("#run")))
	p.waitStatus(60*time.Second, "done")
	// The summary changes with the view's drawing, which may come a few
	// frames after the status.
	p.waitTrue(20*time.Second, `document.getElementById("sampling-summary").textContent.includes("τ-importance at τ = 1")`,
		"the sampling summary of the run's last job")
	if loaded := eval[[]string](p, `performance.getEntriesByType("resource").map(e => e.name).filter(n => !n.startsWith("data:"))`); len(loaded) > 0 {
		t.Errorf("the single file loaded other files: %q", loaded)
	}
}
