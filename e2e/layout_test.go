//go:build !js

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// screen is a browser window's size in CSS pixels.
type screen struct{ w, h int64 }

func (s screen) String() string { return fmt.Sprintf("%d×%d", s.w, s.h) }

// resultBox is where the results sit on the page after a run, in CSS
// pixels from the document's top, and whether the ratio table is cut.
type resultBox struct {
	TableTop, TableBottom float64 // the #ratios table (caption included)
	PlotsBottom           float64 // the lower edge of the two convergence plots
	TableRight            float64 // the table's right edge, from the viewport's left
	Hidden                float64 // the table's width its container scrolls or clips (scrollWidth − clientWidth)
	CaptionHidden         float64 // how far the caption reaches past that container's right edge
	PaperColumn           bool    // the paper's column is in the header
}

// resultBoxOf measures the results of the page at its current size.
func (p *page) resultBoxOf() resultBox {
	p.t.Helper()
	return eval[resultBox](p, `(() => {
		const y = window.scrollY, t = document.getElementById("ratios"), r = t.getBoundingClientRect();
		const plots = ["plot-nice", "plot-imp"].map(id => document.getElementById(id).getBoundingClientRect().bottom + y);
		// The nearest ancestor that scrolls or clips sideways.
		let box = t.parentElement;
		while (box && box !== document.body && getComputedStyle(box).overflowX === "visible") box = box.parentElement;
		const cap = t.querySelector("caption");
		return {
			TableTop: r.top + y, TableBottom: r.bottom + y, PlotsBottom: Math.max(...plots), TableRight: r.right,
			Hidden: box ? box.scrollWidth - box.clientWidth : 0,
			CaptionHidden: cap && box ? Math.max(0, cap.getBoundingClientRect().right - box.getBoundingClientRect().right) : 0,
			PaperColumn: [...t.querySelectorAll("thead th")].some(th => th.textContent.trim() === "paper"),
		};
	})()`)
}

// TestResultFirst runs the default experiment (in presenter mode too) and
// checks, at a projector's, a laptop's and a phone's size, that the ratio
// table is never cut (nothing of it scrolls or is clipped sideways, the
// caption included, and the paper's column is there) and that the
// results come first: at 1920×1080 the table and both convergence plots
// are within the first screen, at 1280×800 the table ends within two.
// With IMLAB_SHOTS set to a directory, it writes a screenshot of the
// first screen (and one of the whole page) at each size there; with
// IMLAB_AXE, it audits the page at phone size with axe-core.
func TestResultFirst(t *testing.T) {
	for _, mode := range []struct{ name, hash string }{{"default", ""}, {"present", "present=1"}} {
		t.Run(mode.name, func(t *testing.T) {
			p := open(t, mode.hash)
			p.do(chromedp.Click(chromedp.CSS("#run")))
			p.waitStatus(3*time.Minute, "done")
			for _, s := range []screen{{1920, 1080}, {1280, 800}, {375, 800}} {
				p.do(chromedp.EmulateViewport(s.w, s.h))
				eval[bool](p, `(window.scrollTo(0, 0), true)`)
				time.Sleep(400 * time.Millisecond) // let the layout and the canvases settle
				if s.w == 375 {
					p.axe() // the phone's layout, whose targets are the tightest
				}
				b := p.resultBoxOf()
				t.Logf("%s %v: table at %.0f–%.0f px, plots end at %.0f px; table's right edge %.0f, hidden %.0f px, caption hidden %.0f px",
					mode.name, s, b.TableTop, b.TableBottom, b.PlotsBottom, b.TableRight, b.Hidden, b.CaptionHidden)
				p.shoot(mode.name, s)
				if b.Hidden > 1 || b.CaptionHidden > 1 || b.TableRight > float64(s.w)+1 {
					t.Errorf("%v: the ratio table is cut: %.0f px of it hidden sideways, %.0f px of its caption, right edge at %.0f",
						s, b.Hidden, b.CaptionHidden, b.TableRight)
				}
				if !b.PaperColumn {
					t.Errorf("%v: the ratio table has no paper column", s)
				}
				switch s.w {
				case 1920:
					if b.TableBottom > float64(s.h) || b.PlotsBottom > float64(s.h) {
						t.Errorf("%v: the table ends at %.0f px and the plots at %.0f px, want both in the first screen", s, b.TableBottom, b.PlotsBottom)
					}
				case 1280:
					if b.TableBottom > 2*float64(s.h) {
						t.Errorf("%v: the table ends at %.0f px, want it within two screens", s, b.TableBottom)
					}
				}
			}
		})
	}
}

// shoot writes screenshots of the page's first screen and of the whole
// page into IMLAB_SHOTS, if set, named after mode and size.
func (p *page) shoot(mode string, s screen) {
	p.t.Helper()
	dir := os.Getenv("IMLAB_SHOTS")
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		p.t.Fatal(err)
	}
	for _, shot := range []struct {
		suffix string
		action chromedp.Action[[]byte]
	}{{"", chromedp.CaptureScreenshot()}, {"-full", chromedp.FullScreenshot(100)}} {
		png, err := chromedp.Run(p.ctx, shot.action)
		if err != nil {
			p.t.Fatal(err)
		}
		name := filepath.Join(dir, fmt.Sprintf("%s-%dx%d%s.png", mode, s.w, s.h, shot.suffix))
		if err := os.WriteFile(name, png, 0o644); err != nil {
			p.t.Fatal(err)
		}
	}
}

// TestScreens writes screenshots of the page's first view, and after a run
// in compare mode and with a lesson open, at a projector's, a laptop's and a phone's size,
// into IMLAB_SHOTS (TestResultFirst writes the default run's and presenter
// mode's). It checks only that the runs end.
func TestScreens(t *testing.T) {
	if os.Getenv("IMLAB_SHOTS") == "" {
		t.Skip("set IMLAB_SHOTS to a directory for the screenshots")
	}
	for _, mode := range []struct{ name, hash string }{{"first", ""}, {"compare", "compare=sdca,saga"}, {"lesson", "lesson=3"}} {
		t.Run(mode.name, func(t *testing.T) {
			p := open(t, mode.hash)
			if mode.name != "first" { // the first view: before any run
				p.do(chromedp.Click(chromedp.CSS("#run")))
				p.waitStatus(4*time.Minute, "done")
			}
			for _, s := range []screen{{1920, 1080}, {1280, 800}, {375, 800}} {
				p.do(chromedp.EmulateViewport(s.w, s.h))
				eval[bool](p, `(window.scrollTo(0, 0), true)`)
				time.Sleep(400 * time.Millisecond)
				b := p.resultBoxOf()
				t.Logf("%s %v: table at %.0f–%.0f px, plots end at %.0f px", mode.name, s, b.TableTop, b.TableBottom, b.PlotsBottom)
				p.shoot(mode.name, s)
			}
		})
	}
}

// TestMapReadoutAtPointer computes the speedup map, hovers a cell and finds
// its read-out beside the pointer, over the map, then gone when the
// pointer leaves. With IMLAB_SHOTS, it writes a screenshot of the hover.
func TestMapReadoutAtPointer(t *testing.T) {
	p := open(t, quick)
	p.do(chromedp.EmulateViewport(1280, 800))
	p.do(chromedp.Click(chromedp.CSS("#map-compute")))
	p.waitTrue(2*time.Minute, `document.getElementById("map-status").textContent.includes("click it")`, "computed map")
	p.do(chromedp.ScrollIntoView(chromedp.CSS("#speedup-map")))
	time.Sleep(300 * time.Millisecond) // the scroll's own pointer events
	at := eval[[]float64](p, `(() => { const c = document.getElementById("speedup-map"), r = c.getBoundingClientRect();
		const x = r.left + 0.55 * r.width, y = r.top + 0.3 * r.height;
		c.dispatchEvent(new MouseEvent("mousemove", { clientX: x, clientY: y, bubbles: true }));
		return [x, y]; })()`)
	p.waitTrue(5*time.Second, `document.getElementById("map-readout").textContent !== ""`, "read-out of the hovered cell")
	box := eval[[]float64](p, `(() => { const r = document.getElementById("map-readout").getBoundingClientRect();
		return [r.left, r.top, r.right, r.bottom]; })()`)
	t.Logf("pointer at %.0f,%.0f; read-out at %.0f,%.0f–%.0f,%.0f", at[0], at[1], box[0], box[1], box[2], box[3])
	near := func(v, lo, hi float64) bool { return v >= lo-40 && v <= hi+40 }
	if box[2]-box[0] < 20 || !near(at[1], box[1], box[3]) || !(near(at[0], box[0], box[0]) || near(at[0], box[2], box[2])) {
		t.Errorf("the read-out at %v is not beside the pointer at %v", box, at)
	}
	if dir := os.Getenv("IMLAB_SHOTS"); dir != "" {
		png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, "map-hover-1280x800.png"), png, 0o644)
		}
		if err != nil {
			t.Error(err)
		}
	}
	eval[bool](p, `document.getElementById("speedup-map").dispatchEvent(new MouseEvent("mouseleave")), true`)
	p.waitTrue(5*time.Second, `getComputedStyle(document.getElementById("map-readout")).display === "none"`, "read-out hidden once the pointer left")
}

// TestCopyLinkLeavesTheStatus copies the link after a run: the notice
// appears under the Share buttons, and the status keeps the run's summary.
func TestCopyLinkLeavesTheStatus(t *testing.T) {
	p := open(t, quick)
	p.do(chromedp.Click(chromedp.CSS("#run")))
	st := p.waitStatus(2*time.Minute, "done")
	p.do(chromedp.Click(chromedp.CSS("#copy-link")))
	p.waitTrue(10*time.Second, `document.getElementById("share-note").textContent.includes("#")`, "notice of the copied link")
	if note := eval[string](p, `document.getElementById("share-note").textContent`); !strings.Contains(note, "link") {
		t.Errorf("notice %q, want it to speak of the link", note)
	}
	if got := p.status(); got != st {
		t.Errorf("the status became %q after Copy link, want the run's %q", got, st)
	}
}
