//go:build !js

package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// TestMeasureFrameCPU measures, never asserts (IMLAB_BENCH=1, like
// TestMeasureWorkers, whose measureRun it wraps): the CPU time each thread
// of the browser spent during the default run, read from /proc — the page's
// main thread (CrRendererMain), the compositor, the workers, the GPU
// process — and the page's own frame work (imlab.stats) during the run, per
// frame and per second of run. On a machine loaded by other programs, wall
// times stretch with the load but a thread's CPU time does not: this is
// what the page's thread takes of the cores the workers need.
// IMLAB_BENCH_WORKERS and IMLAB_BENCH_LOAD select the runs as for
// TestMeasureWorkers (default "1 2", and 1: without and with busy loops).
// IMLAB_BENCH_TRACE=PREFIX also writes a Chromium trace of each run to
// PREFIX.workersN.loadB.json, whose main thread's tasks say where its time
// went (each task's tdur is its time on a CPU).
func TestMeasureFrameCPU(t *testing.T) {
	if os.Getenv("IMLAB_BENCH") == "" {
		t.Skip("a measurement: IMLAB_BENCH=1 IMLAB_E2E=1 go test -run TestMeasureFrameCPU ./e2e/")
	}
	keys := strings.Fields(os.Getenv("IMLAB_BENCH_WORKERS"))
	if len(keys) == 0 {
		keys = []string{"1", "2"}
	}
	loads := []bool{false, true}
	switch os.Getenv("IMLAB_BENCH_LOAD") {
	case "0":
		loads = []bool{false}
	case "only":
		loads = []bool{true}
	}
	for _, key := range keys {
		for _, load := range loads {
			t.Run(fmt.Sprintf("workers=%s,load=%v", key, load), func(t *testing.T) {
				p := open(t, "workers="+key)
				pid := browserPID(t, p)
				stats := func() map[string]float64 { return eval[map[string]float64](p, `imlab.stats()`) }
				if trace := os.Getenv("IMLAB_BENCH_TRACE"); trace != "" {
					startTrace(t, p)
					defer func() {
						name := fmt.Sprintf("%s.workers%s.load%v.json", trace, key, load)
						if err := chromedp.Do(p.ctx, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error { return writeTrace(ctx, name) })); err != nil {
							t.Errorf("writing the trace: %v", err)
						}
						t.Logf("TRACE %s", name)
					}()
				}
				s0, c0 := stats(), threadCPU(pid)
				measureRun(t, p, key, load, false)
				c1, s1 := threadCPU(pid), stats()
				frames := s1["frames"] - s0["frames"]
				work := s1["meanFrameMs"]*s1["frames"] - s0["meanFrameMs"]*s0["frames"]
				elapsed := s1["elapsedMs"] / 1e3
				var parts []string
				for _, k := range slices.Sorted(mapKeys(c1)) {
					if d := c1[k] - c0[k]; d > 0 {
						parts = append(parts, fmt.Sprintf("%s=%d", k, d.Milliseconds()))
					}
				}
				// The renderer's main thread keeps the process's name (or is
				// CrRendererMain).
				var main time.Duration
				for _, k := range []string{"renderer/CrRendererMain", "renderer/chromium", "renderer/chrome"} {
					main += c1[k] - c0[k]
				}
				mainMs := float64(main.Milliseconds())
				t.Logf("FRAMECPU workers=%s load=%v elapsed_s=%.2f page_frames=%.0f frame_work_ms=%.0f per_frame_ms=%.2f per_s_ms=%.0f "+
					"main_thread_cpu_ms=%.0f main_per_s_ms=%.0f gcs=%.0f threads_cpu_ms: %s",
					key, load, elapsed, frames, work, work/max(1, frames), work/max(elapsed, 1e-3),
					mainMs, mainMs/max(elapsed, 1e-3), s1["gcs"]-s0["gcs"], strings.Join(parts, " "))
			})
		}
	}
}

// startTrace starts a Chromium trace on p's tab (writeTrace ends it).
func startTrace(t *testing.T, p *page) {
	t.Helper()
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, tracing.Start, tracing.StartParams{
			TransferMode: tracing.StartTransferModeReturnAsStream,
			// With the V8 sampler: its profile names the page's functions
			// (Go's, in a main.wasm built without -s).
			TraceConfig: &tracing.TraceConfig{IncludedCategories: append(slices.Clone(traceCategories), "disabled-by-default-v8.cpu_profiler")},
		})
		return err
	}))
}

func mapKeys[K comparable, V any](m map[K]V) func(func(K) bool) {
	return func(yield func(K) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// browserPID is the process id of p's browser.
func browserPID(t *testing.T, p *page) int {
	c := chromedp.FromContext(p.ctx)
	if c == nil || c.Browser == nil || c.Browser.Process() == nil {
		t.Skip("no browser process to measure")
	}
	return c.Browser.Process().Pid
}

// threadCPU sums the CPU time (user and system) of the threads of browser
// process pid and its descendants, by process type (the --type flag,
// "browser" for the browser itself) and thread name: the renderer's main
// thread, the page's, is "renderer/chromium" (the process's name) or
// "renderer/CrRendererMain". Linux only; empty elsewhere.
func threadCPU(pid int) map[string]time.Duration {
	out := map[string]time.Duration{}
	parent := map[int]int{}
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		id, _ := strconv.Atoi(filepath.Base(d))
		if f := statFields(filepath.Join(d, "stat")); len(f) > 1 {
			parent[id], _ = strconv.Atoi(f[1])
		}
	}
	ours := func(id int) bool {
		for ; id > 1; id = parent[id] {
			if id == pid {
				return true
			}
		}
		return false
	}
	const tick = 10 * time.Millisecond // USER_HZ = 100
	for id := range parent {
		if !ours(id) {
			continue
		}
		kind := "browser"
		cmd, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", id))
		// Chromium rewrites its children's command lines as one string.
		for _, a := range strings.Fields(strings.ReplaceAll(string(cmd), "\x00", " ")) {
			if v, ok := strings.CutPrefix(a, "--type="); ok {
				kind = v
			}
		}
		tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/[0-9]*", id))
		for _, task := range tasks {
			comm, _ := os.ReadFile(filepath.Join(task, "comm"))
			name := kind + "/" + strings.TrimSpace(string(comm))
			// schedstat's first field is the time on a CPU in ns; stat's
			// utime and stime count 10 ms ticks.
			if b, err := os.ReadFile(filepath.Join(task, "schedstat")); err == nil {
				if f := strings.Fields(string(b)); len(f) > 0 {
					if ns, err := strconv.ParseInt(f[0], 10, 64); err == nil {
						out[name] += time.Duration(ns)
						continue
					}
				}
			}
			f := statFields(filepath.Join(task, "stat"))
			if len(f) < 13 {
				continue
			}
			u, _ := strconv.Atoi(f[11])
			s, _ := strconv.Atoi(f[12])
			out[name] += time.Duration(u+s) * tick
		}
	}
	return out
}

// statFields is a /proc stat file's fields after the command name (which
// may hold spaces): state, ppid, …; utime and stime are [11] and [12].
func statFields(name string) []string {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return nil
	}
	return strings.Fields(string(b[i+1:]))
}
