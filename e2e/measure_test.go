//go:build !js

package e2e

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestMeasureWorkers measures, never asserts (bench/page.sh runs it with
// IMLAB_BENCH=1): for workers=main, 1, 2 and automatic
// (IMLAB_BENCH_WORKERS overrides the list), the default run's wall time
// from the click on Run to "done", and the gaps between animation frames
// while solving: the worst, the 95th percentile, and the page's own
// frame work (imlab.stats) and its tasks over 12 ms. With
// IMLAB_BENCH_LOAD=1 every setting is measured twice, without and then with
// a busy loop per core in another process (IMLAB_BENCH_LOAD=only: with the
// load only). Each measurement runs in a browser of its own, in turn.
// IMLAB_BENCH_CONSOLE=1 also logs the page's console (for timing probes).
func TestMeasureWorkers(t *testing.T) {
	if os.Getenv("IMLAB_BENCH") == "" {
		t.Skip("a measurement: run it with bench/page.sh (IMLAB_BENCH=1)")
	}
	keys := strings.Fields(os.Getenv("IMLAB_BENCH_WORKERS"))
	if len(keys) == 0 {
		keys = []string{"main", "1", "2", "auto"}
	}
	loads := []bool{false}
	switch os.Getenv("IMLAB_BENCH_LOAD") {
	case "1":
		loads = []bool{false, true}
	case "only":
		loads = []bool{true}
	}
	for _, key := range keys {
		for _, load := range loads {
			// A browser of its own for each measurement: the harness gives
			// a browser 170 s, and ends it with its subtest.
			t.Run(fmt.Sprintf("workers=%s,load=%v", key, load), func(t *testing.T) {
				measureRun(t, open(t, "workers="+key), key, load)
			})
		}
	}
}

// measureRun runs the page's loaded experiment once and logs one MEASURE
// line; with load, a busy loop per core runs in other processes meanwhile.
func measureRun(t *testing.T, p *page, key string, load bool) {
	if load {
		stop := busyLoops(t, runtime.NumCPU())
		defer stop()
		time.Sleep(200 * time.Millisecond) // let the loops take the cores
	}
	eval[bool](p, `(() => {
		window.__tasks.length = 0;
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
	gaps := make([]float64, 0, len(frames))
	for i := 1; i < len(frames); i++ {
		gaps = append(gaps, frames[i]-frames[i-1])
	}
	worst, p95 := 0.0, 0.0
	if len(gaps) > 0 {
		slices.Sort(gaps)
		worst = gaps[len(gaps)-1]
		p95 = gaps[min(len(gaps)-1, int(math.Ceil(0.95*float64(len(gaps))))-1)]
	}
	stats := eval[map[string]float64](p, `imlab.stats()`)
	// The share of the run's wall time in solver work: on workers, their
	// summed solver time ÷ (elapsed × workers); on the main thread, its
	// slices' time ÷ elapsed.
	share := stats["workerBusyMs"] / (stats["elapsedMs"] * stats["workers"])
	if stats["workers"] == 0 {
		share = stats["meanSliceMs"] * stats["slices"] / stats["elapsedMs"]
	}
	tasks := eval[[]string](p, `window.__tasks`)
	idle := (stats["elapsedMs"]*stats["workers"] - stats["workerBusyMs"]) / 1e3 // the workers' summed time not solving
	t.Logf("MEASURE workers=%s load=%v ran_on=%d wall_s=%.2f elapsed_s=%.2f solver_share=%.3f worker_idle_s=%.2f frames=%d worst_frame_gap_ms=%.1f p95_frame_gap_ms=%.1f "+
		"page_frame_max_ms=%.1f page_frame_mean_ms=%.2f parts_max_ms=%.0f/%.0f/%.0f/%.0f tasks_over_12ms=%d gcs=%.0f gc_pause_max_ms=%.1f heap_mib=%.0f status=%q",
		key, load, eval[int](p, `imlab.workers()`), wall.Seconds(), stats["elapsedMs"]/1e3, share, idle, len(frames), worst, p95,
		stats["maxFrameMs"], stats["meanFrameMs"], stats["snapMaxMs"], stats["renderMaxMs"], stats["plotsMaxMs"], stats["teachMaxMs"], len(tasks), stats["gcs"], stats["maxGCPauseMs"], stats["heapMiB"], st)
	if len(tasks) > 0 {
		t.Logf("TASKS workers=%s load=%v %s", key, load, strings.Join(tasks[:min(len(tasks), 30)], " "))
	}
	if os.Getenv("IMLAB_BENCH_CONSOLE") != "" {
		p.mu.Lock()
		for _, m := range p.console {
			t.Logf("CONSOLE %s", m.Text)
		}
		p.console = nil
		p.mu.Unlock()
	}
}

// busyLoops starts k shell busy loops, as another program loading every
// core would, and returns the function that ends them.
func busyLoops(t *testing.T, k int) (stop func()) {
	var cmds []*exec.Cmd
	for range k {
		c := exec.Command("sh", "-c", "while :; do :; done")
		if err := c.Start(); err != nil {
			t.Fatalf("starting a busy loop: %v", err)
		}
		cmds = append(cmds, c)
	}
	return func() {
		for _, c := range cmds {
			if err := c.Process.Kill(); err != nil {
				t.Logf("ending busy loop %d: %v", c.Process.Pid, err)
			}
			_ = c.Wait()
		}
	}
}
