//go:build !js

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/debugger"
	"github.com/chromedp/chromedp"
)

// TestMeasurePaperSize measures, never asserts (bench/papersize.sh runs it
// with IMLAB_BENCH_PAPER=1): the page at the paper's size, the dense preset
// with n = 50,000 and d = 1,000 (ω' = 0.8: 40 M non-zeros), generated, P*
// solved and the run taken to its end. IMLAB_BENCH_PAPER_HASH replaces the
// link's settings (default: the paper's dense size and the page's defaults
// for everything else). It logs how long each stage took, how many workers
// the memory budget allowed, the page's Go heap, and the peak resident
// memory of all the browser's processes together.
func TestMeasurePaperSize(t *testing.T) {
	if os.Getenv("IMLAB_BENCH_PAPER") == "" {
		t.Skip("a measurement: run it with bench/papersize.sh (IMLAB_BENCH_PAPER=1)")
	}
	hash := os.Getenv("IMLAB_BENCH_PAPER_HASH")
	if hash == "" {
		hash = "n=50000&d=1000"
	}
	stopRSS, peakRSS := sampleBrowserRSS()
	defer stopRSS()
	browser := startBrowser(t)
	start := time.Now()
	p := openIn(t, browser, siteURL+"#"+hash)
	t.Cleanup(func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		for _, m := range p.console {
			t.Logf("console %s", m)
		}
	})
	long := p.tab // no time limit: a paper-size run takes minutes
	waitLong(t, long, 15*time.Minute, "ready")
	ready := time.Since(start)
	dataMs := evalIn[float64](t, long, `imlab.dataMs()`)
	where := evalIn[string](t, long, `imlab.dataWhere()`)
	readyRSS := peakRSS()

	run := time.Now()
	if err := chromedp.Do(long, chromedp.Click(chromedp.CSS("#run"))); err != nil {
		t.Fatal(err)
	}
	st := waitLong(t, long, 60*time.Minute, "done")
	wall := time.Since(run)
	stats := evalIn[map[string]any](t, long, `imlab.stats(false)`)
	passes := evalIn[[]float64](t, long, passesPerSecond)
	t.Logf("MEASURE paper_size hash=%q ready_s=%.1f data_ms=%.0f data_where=%s run_s=%.1f workers=%v worker_busy_s=%.1f passes=%.1f solver_s=%.1f passes_per_solver_s=%.2f page_heap_mib=%.0f browser_peak_rss_mib_ready=%d browser_peak_rss_mib=%d status=%q",
		hash, ready.Seconds(), dataMs, where, wall.Seconds(), stats["workers"],
		num(stats["workerBusyMs"])/1000, passes[0], passes[1], passes[0]/passes[1],
		num(stats["heapMiB"]), readyRSS>>20, peakRSS()>>20, st)
}

// passesPerSecond sums, over the jobs of the run on screen, the passes made
// (the last x of each job's trace, its third column, iterations ÷ n, times
// τ, its second) and the solver's seconds (its last seconds), from the CSV
// export: [passes, seconds].
// Natively the same figure is 1000 ÷ bench/epoch.sh's paper/… epoch in ms.
const passesPerSecond = `(() => {
	const rows = imlab.tracesCSV().trim().split("\n").filter((r) => !r.startsWith("#"));
	const h = rows.shift().split(","), it = 2, sec = h.indexOf("seconds"), last = new Map();
	for (const r of rows) { const c = r.split(","); last.set(c[0] + "/" + c[1], [+c[it] * +c[1], +c[sec]]); }
	let p = 0, s = 0;
	for (const [a, b] of last.values()) { p += a; s += b; }
	return [p, s];
})()`

func num(v any) float64 { f, _ := v.(float64); return f }

// evalIn evaluates expr in the page of ctx.
func evalIn[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluating %.80q: %v", expr, err)
	}
	return v
}

// waitLong waits up to timeout for the status to contain want, failing on
// an error status.
func waitLong(t *testing.T, ctx context.Context, timeout time.Duration, want string) string {
	t.Helper()
	deadline := time.Now().Add(timeout)
	last, since := "", time.Now()
	for {
		s, ok := statusWithin(ctx, time.Minute)
		if !ok {
			logStack(t, ctx)
			t.Fatalf("the page's main thread answered nothing for a minute (last status %q)", last)
		}
		if s != last && time.Since(since) > 5*time.Second || last == "" {
			t.Logf("%s status %q", time.Now().Format("15:04:05"), s)
			last, since = s, time.Now()
		}
		switch {
		case strings.Contains(s, want):
			return s
		case strings.Contains(s, "error"):
			t.Fatalf("status %q while waiting for %q", s, want)
		case time.Now().After(deadline):
			t.Fatalf("status %q after %v, waiting for %q", s, timeout, want)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// statusWithin reads the status, or gives up after d: an evaluation waits
// for the page's main thread, so a busy thread makes it wait.
func statusWithin(ctx context.Context, d time.Duration) (string, bool) {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](statusText))
	return s, err == nil
}

// logStack pauses the page's main thread through the debugger and logs
// where it was (function names need a main.wasm built without -s).
func logStack(t *testing.T, ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	paused := chromedp.Events(ctx, debugger.Paused)
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, debugger.Enable, debugger.EnableParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, debugger.Pause, cdp.Empty{})
		return err
	}))
	if err != nil {
		t.Logf("pausing the page: %v", err)
		return
	}
	for ev, err := range paused {
		if err != nil {
			t.Logf("pausing the page: %v", err)
			return
		}
		for _, f := range ev.CallFrames {
			t.Logf("  at %s", f.FunctionName)
		}
		return
	}
}

// sampleBrowserRSS samples, every 200 ms until stop, the summed resident
// memory of the processes whose command is chromium or chrome, and returns
// a function giving the peak so far in bytes.
func sampleBrowserRSS() (stop func(), peak func() int64) {
	var mu sync.Mutex
	var max int64
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			if s := browserRSS(); s > 0 {
				mu.Lock()
				max = maxInt64(max, s)
				mu.Unlock()
			}
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func() { close(done) }, func() int64 { mu.Lock(); defer mu.Unlock(); return max }
}

func maxInt64(a, b int64) int64 {
	if a > b {
		return a
	}
	return b
}

// browserRSS sums VmRSS over /proc/*/status of chromium's processes.
func browserRSS() int64 {
	dirs, _ := filepath.Glob("/proc/[0-9]*/status")
	var sum int64
	for _, f := range dirs {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		s := string(b)
		name, _, _ := strings.Cut(strings.TrimPrefix(s, "Name:\t"), "\n")
		if !strings.Contains(name, "chrom") {
			continue
		}
		if _, rest, ok := strings.Cut(s, "VmRSS:"); ok {
			var kb int64
			if _, err := fmt.Sscan(strings.TrimSpace(rest), &kb); err == nil {
				sum += kb << 10
			}
		}
	}
	return sum
}
