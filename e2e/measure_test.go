//go:build !js

package e2e

import (
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestMeasureWorkers measures, never asserts (bench/page.sh runs it with
// IMLAB_BENCH=1): for workers=main, 1, 2 and automatic, the default run's
// wall time from the click on Run to "done", the run's own elapsed time,
// the share of it spent in solver work, and the worst gap between
// animation frames while solving. Each setting runs in a fresh tab of one browser, in turn.
func TestMeasureWorkers(t *testing.T) {
	if os.Getenv("IMLAB_BENCH") == "" {
		t.Skip("a measurement: run it with bench/page.sh (IMLAB_BENCH=1)")
	}
	keys := strings.Fields(os.Getenv("IMLAB_BENCH_WORKERS"))
	if len(keys) == 0 {
		keys = []string{"main", "1", "2", "auto"}
	}
	var first *page
	for _, key := range keys {
		var p *page
		if first == nil {
			p = open(t, "workers="+key)
			first = p
		} else {
			p = first.openTab(siteURL + "#workers=" + key)
			p.waitStatus(60*time.Second, "ready")
		}
		eval[bool](p, `(() => {
			const r = window.__frames = { t: [], stop: false };
			const f = () => { r.t.push(performance.now()); if (!r.stop) requestAnimationFrame(f); };
			requestAnimationFrame(f);
			return true;
		})()`)
		start := time.Now()
		p.do(chromedp.Click(chromedp.CSS("#run")))
		st := p.waitStatus(600*time.Second, "done")
		wall := time.Since(start)
		frames := eval[[]float64](p, `(() => { window.__frames.stop = true; return window.__frames.t; })()`)
		worst := 0.0
		for i := 1; i < len(frames); i++ {
			worst = math.Max(worst, frames[i]-frames[i-1])
		}
		// The share of the run's wall time in solver work: on workers, their
		// summed solver time ÷ (elapsed × workers); on the main thread, its
		// slices' time ÷ elapsed.
		stats := eval[map[string]float64](p, `imlab.stats()`)
		share := stats["workerBusyMs"] / (stats["elapsedMs"] * stats["workers"])
		if stats["workers"] == 0 {
			share = stats["meanSliceMs"] * stats["slices"] / stats["elapsedMs"]
		}
		t.Logf("MEASURE workers=%s ran_on=%d wall_s=%.2f elapsed_s=%.2f solver_share=%.3f frames=%d worst_frame_gap_ms=%.1f status=%q",
			key, eval[int](p, `imlab.workers()`), wall.Seconds(), stats["elapsedMs"]/1e3, share, len(frames), worst, st)
		p.do(chromedp.Click(chromedp.CSS("#reset")))
	}
}
