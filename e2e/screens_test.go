//go:build !js

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestTeachingScreenshots writes PNG screenshots of a lesson, the sampling
// view and the speedup map into the directory IMLAB_TEACH_SCREENSHOTS
// (relative to the repository root), for docs/teaching.md.
func TestTeachingScreenshots(t *testing.T) {
	dir := os.Getenv("IMLAB_TEACH_SCREENSHOTS")
	if dir == "" {
		t.Skip("set IMLAB_TEACH_SCREENSHOTS=docs to write the teaching screenshots")
	}
	if skipReason != "" {
		t.Skip(skipReason)
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(repoRoot, dir)
	}
	shoot := func(p *page, sel, name string) {
		p.do(chromedp.ScrollIntoView(chromedp.CSS(sel)))
		time.Sleep(300 * time.Millisecond)
		png, err := chromedp.Run(p.ctx, chromedp.Screenshot(chromedp.CSS(sel)))
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d bytes", path, len(png))
	}
	t.Run("lesson", func(t *testing.T) {
		p := open(t, "lesson=2")
		p.do(chromedp.Click(chromedp.CSS("#lesson-answer-toggle")))
		p.do(chromedp.WaitVisible(chromedp.CSS("#lesson-answer")))
		shoot(p, "#panel-lessons", "teach-lesson.png")
	})
	t.Run("sampling", func(t *testing.T) {
		p := open(t, "norms=chisq1&n=400&d=20&taus=8")
		p.do(chromedp.Click(chromedp.CSS("#run")))
		p.waitStatus(60*time.Second, "done")
		shoot(p, "#panel-sampling", "teach-sampling.png")
	})
	t.Run("map", func(t *testing.T) {
		p := open(t, quick)
		p.do(chromedp.Click(chromedp.CSS("#map-compute")))
		deadline := time.Now().Add(120 * time.Second)
		for !strings.Contains(eval[string](p, `document.getElementById("map-status").textContent`), "click it") {
			if time.Now().After(deadline) {
				t.Fatal("the speedup map did not finish")
			}
			time.Sleep(100 * time.Millisecond)
		}
		p.do(chromedp.ScrollIntoView(chromedp.CSS("#speedup-map")))
		// Hover a χ² cell so that the read-out below the map shows.
		eval[bool](p, `(() => { const c = document.getElementById("speedup-map"), r = c.getBoundingClientRect();
			c.dispatchEvent(new MouseEvent("mousemove", { clientX: r.left + 0.55 * r.width, clientY: r.top + 0.25 * r.height, bubbles: true }));
			return true; })()`)
		time.Sleep(200 * time.Millisecond)
		if eval[string](p, `document.getElementById("map-readout").textContent`) == "" {
			t.Error("hovering the map shows no read-out")
		}
		shoot(p, "#panel-map", "teach-map.png")
	})
}
