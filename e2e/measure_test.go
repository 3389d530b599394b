//go:build !js

package e2e

import (
	"context"
	"fmt"
	"maps"
	"math"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
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
// IMLAB_BENCH_SETTLE=1 clicks Run only once the page knows P* of the
// settings shown and their method's theory (imlab.stats().pstarKnown and
// theoryKnown: asked of the data's worker at load), as a user who reads
// the page first would; =both measures each
// setting both ways; unset or 0, Run is clicked as soon as the page is
// ready (P* may then be part of the run). A build without the pstarKnown
// field waits IMLAB_BENCH_SETTLE_S seconds (default 3) instead.
// IMLAB_BENCH_HASH=keys adds link keys to the page's hash (lesson=4, …).
// IMLAB_BENCH_SETTLE_EXTRA=s waits s seconds more after that (the data's
// worker warms the run's code up once it has answered the theory: ui/lab/worker's
// warmup.go).
// IMLAB_BENCH_TIMELINE=1 also logs the run's moments (imlab.timeline()).
// Each MEASURE line has a CPU line beside it: every browser thread's CPU
// seconds over the run (cpuReport). IMLAB_BENCH_TRACE=prefix writes a
// Chromium trace of each run to prefix-workers=…-settle=….json.
func TestMeasureWorkers(t *testing.T) {
	if os.Getenv("IMLAB_BENCH") == "" {
		t.Skip("a measurement: run it with bench/page.sh (IMLAB_BENCH=1)")
	}
	keys, loads := benchWorkers("main", "1", "2", "auto"), benchLoads(false)
	settles := []bool{false}
	switch os.Getenv("IMLAB_BENCH_SETTLE") {
	case "1":
		settles = []bool{true}
	case "both":
		settles = []bool{false, true}
	}
	for _, key := range keys {
		for _, load := range loads {
			for _, settle := range settles {
				// A browser of its own for each measurement: the harness gives
				// a browser 170 s, and ends it with its subtest.
				t.Run(fmt.Sprintf("workers=%s,load=%v,settle=%v", key, load, settle), func(t *testing.T) {
					hash := "workers=" + key
					if extra := os.Getenv("IMLAB_BENCH_HASH"); extra != "" {
						hash += "&" + extra // a lesson, another data set…
					}
					p := open(t, hash)
					if settle {
						settleRun(t, p)
					}
					measureRun(t, p, key, load, settle)
				})
			}
		}
	}
}

// benchWorkers returns the workers= keys to measure: IMLAB_BENCH_WORKERS's,
// or def.
func benchWorkers(def ...string) []string {
	if keys := strings.Fields(os.Getenv("IMLAB_BENCH_WORKERS")); len(keys) > 0 {
		return keys
	}
	return def
}

// benchLoads returns whether to measure without and with busy loops on
// every core: IMLAB_BENCH_LOAD=0 without, 1 both, only with; unset, def.
func benchLoads(def ...bool) []bool {
	switch os.Getenv("IMLAB_BENCH_LOAD") {
	case "0":
		return []bool{false}
	case "1":
		return []bool{false, true}
	case "only":
		return []bool{true}
	}
	return def
}

// settleRun waits, after the page is ready, until it knows P* of the
// settings shown (or, on a build without that field, a fixed time).
func settleRun(t *testing.T, p *page) {
	start := time.Now()
	if !eval[bool](p, `"pstarKnown" in imlab.stats()`) {
		wait := 3.0
		if v, err := strconv.ParseFloat(os.Getenv("IMLAB_BENCH_SETTLE_S"), 64); err == nil {
			wait = v
		}
		time.Sleep(time.Duration(wait * float64(time.Second)))
		t.Logf("SETTLE fixed %.1f s (no pstarKnown in this build)", wait)
		return
	}
	// P*, and the method's theory where the build reports it (both asked of
	// the data's worker at load).
	for eval[float64](p, `(s => s.pstarKnown * ("theoryKnown" in s ? s.theoryKnown : 1))(imlab.stats())`) == 0 {
		if time.Since(start) > 60*time.Second {
			t.Logf("SETTLE P* (or the theory) still unknown after 60 s; clicking Run anyway")
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("SETTLE P* (and the theory) known %.2f s after ready", time.Since(start).Seconds())
	if v, err := strconv.ParseFloat(os.Getenv("IMLAB_BENCH_SETTLE_EXTRA"), 64); err == nil {
		time.Sleep(time.Duration(v * float64(time.Second)))
	}
}

// measureRun runs the page's loaded experiment once and logs one MEASURE
// line; with load, a busy loop per core runs in other processes meanwhile;
// settle says whether Run waited for P* (settleRun).
func measureRun(t *testing.T, p *page, key string, load, settle bool) {
	if load {
		stop := busyLoops(t, runtime.NumCPU())
		defer stop()
		time.Sleep(200 * time.Millisecond) // let the loops take the cores
	}
	if os.Getenv("IMLAB_BENCH_WARM") == "1" {
		// A run before the measured one, in the same page and workers: what
		// the first run pays once (the wasm code's tier-up) is then paid.
		p.do(chromedp.Click(chromedp.CSS("#run")))
		p.waitStatus(600*time.Second, "done")
		t.Logf("WARM a run before the measured one")
	}
	before := eval[string](p, statusText) // the warm run's "done", if any
	// The frames' record asks for every animation frame: IMLAB_BENCH_FRAMES=0
	// leaves it out (no gaps then), to see what it costs the run.
	eval[bool](p, `((rec) => {
		window.__tasks.length = 0;
		const r = window.__frames = { t: [], stop: false };
		const f = () => { r.t.push(performance.now()); if (!r.stop) requestAnimationFrame(f); };
		if (rec) requestAnimationFrame(f);
		return true;
	})(`+strconv.FormatBool(os.Getenv("IMLAB_BENCH_FRAMES") != "0")+`)`)
	trace := os.Getenv("IMLAB_BENCH_TRACE")
	if trace != "" {
		if err := chromedp.Do(p.ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, tracing.Start, tracing.StartParams{
				TransferMode: tracing.StartTransferModeReturnAsStream,
				TraceConfig:  &tracing.TraceConfig{IncludedCategories: runTraceCategories},
			})
			return err
		})); err != nil {
			t.Fatalf("starting the trace: %v", err)
		}
	}
	threads0, machine0 := browserThreads(), machineBusy()
	start := time.Now()
	p.do(chromedp.Click(chromedp.CSS("#run")))
	for i := 0; i < 400 && eval[string](p, statusText) == before; i++ {
		time.Sleep(5 * time.Millisecond) // until the click shows
	}
	st := p.waitStatus(600*time.Second, "done")
	wall := time.Since(start)
	threads1, machine1 := browserThreads(), machineBusy()
	if trace != "" {
		name := fmt.Sprintf("%s-workers=%s-settle=%v.json", trace, key, settle)
		if err := writeTrace(p.ctx, name); err != nil {
			t.Fatalf("writing the trace: %v", err)
		}
		t.Logf("TRACE %s", name)
	}
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
	t.Logf("MEASURE workers=%s load=%v settle=%v ran_on=%d wall_s=%.2f elapsed_s=%.2f solver_share=%.3f worker_idle_s=%.2f frames=%d worst_frame_gap_ms=%.1f p95_frame_gap_ms=%.1f "+
		"page_frame_max_ms=%.1f page_frame_mean_ms=%.2f parts_max_ms=%.0f/%.0f/%.0f/%.0f tasks_over_12ms=%d gcs=%.0f gc_pause_max_ms=%.1f heap_mib=%.0f loadavg=%q status=%q",
		key, load, settle, eval[int](p, `imlab.workers()`), wall.Seconds(), stats["elapsedMs"]/1e3, share, idle, len(frames), worst, p95,
		stats["maxFrameMs"], stats["meanFrameMs"], stats["snapMaxMs"], stats["renderMaxMs"], stats["plotsMaxMs"], stats["teachMaxMs"], len(tasks), stats["gcs"], stats["maxGCPauseMs"], stats["heapMiB"], loadAverage(), st)
	t.Logf("CPU workers=%s load=%v settle=%v wall_s=%.2f %s", key, load, settle, wall.Seconds(), cpuReport(threads0, threads1, machine1-machine0))
	t.Logf("THREADS workers=%s load=%v settle=%v %s", key, load, settle, threadReport(threads0, threads1))
	if os.Getenv("IMLAB_BENCH_TIMELINE") != "" {
		tl := eval[[]string](p, `imlab.timeline ? (imlab.timeline() || []) : []`)
		t.Logf("TIMELINE workers=%s load=%v settle=%v %s", key, load, settle, strings.Join(tl, "; "))
	}
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

// runTraceCategories are what IMLAB_BENCH_TRACE records of a run: the
// threads' tasks, script and garbage collection (the thread pool's share).
var runTraceCategories = []string{"toplevel", "v8", "disabled-by-default-v8.gc", "devtools.timeline", "blink.worker", "v8.wasm", "disabled-by-default-v8.cpu_profiler"}

// loadAverage is the machine's load average over 1, 5 and 15 minutes, or
// "?" where /proc/loadavg is missing.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "?"
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

// threadTimes is one thread's CPU time and run-queue wait so far, from
// /proc/<pid>/task/<tid>/schedstat (nanoseconds; utime+stime of its stat
// file, in clock ticks, where schedstat is missing).
type threadTimes struct {
	proc, comm string // the process's kind (browser, renderer, gpu, …) and the thread's name
	cpu, runq  float64
	pid, tid   int
	// user and system CPU s (stat's utime and stime, in clock ticks) and
	// minor page faults: where a thread's time goes, for the THREADS line
	user, sys, minflt float64
}

// browserThreads reads the times of every thread of the browser processes
// this test started (the descendants of this process whose command line
// names Chromium; the busy loops are not), keyed by pid and tid.
func browserThreads() map[[2]int]threadTimes {
	parent := map[int]int{}
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid …: comm may hold spaces, so cut after its ')'.
		if f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:])); len(f) > 1 {
			parent[pid], _ = strconv.Atoi(f[1])
		}
	}
	self := os.Getpid()
	descends := func(pid int) bool {
		for i := 0; i < 64 && pid > 1; i++ {
			if pid = parent[pid]; pid == self {
				return true
			}
		}
		return false
	}
	out := map[[2]int]threadTimes{}
	for pid := range parent {
		if !descends(pid) {
			continue
		}
		cmd, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
		// A zygote's children rewrite their command line as one string.
		args := strings.Fields(strings.ReplaceAll(string(cmd), "\x00", " "))
		if len(args) == 0 {
			continue
		}
		if !strings.Contains(args[0], "chrom") {
			continue
		}
		kind := "browser"
		for _, a := range args {
			if k, ok := strings.CutPrefix(a, "--type="); ok {
				kind = strings.TrimSuffix(k, "-process")
			}
		}
		tasks, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
		for _, e := range tasks {
			tid, _ := strconv.Atoi(e.Name())
			dir := fmt.Sprintf("/proc/%d/task/%d/", pid, tid)
			comm, err := os.ReadFile(dir + "comm")
			if err != nil {
				continue
			}
			tt := threadTimes{proc: kind, comm: strings.TrimSpace(string(comm)), pid: pid, tid: tid}
			if b, err := os.ReadFile(dir + "stat"); err == nil {
				if f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:])); len(f) > 13 {
					tt.minflt, _ = strconv.ParseFloat(f[7], 64)
					tt.user, _ = strconv.ParseFloat(f[11], 64)
					tt.sys, _ = strconv.ParseFloat(f[12], 64)
					tt.user, tt.sys = tt.user/100, tt.sys/100 // USER_HZ
				}
			}
			if b, err := os.ReadFile(dir + "schedstat"); err == nil {
				if f := strings.Fields(string(b)); len(f) >= 2 {
					run, _ := strconv.ParseFloat(f[0], 64)
					wait, _ := strconv.ParseFloat(f[1], 64)
					tt.cpu, tt.runq = run/1e9, wait/1e9
				}
			} else {
				tt.cpu = tt.user + tt.sys
			}
			out[[2]int{pid, tid}] = tt
		}
	}
	return out
}

// machineBusy is the CPU time all cores spent on anything but idle and
// iowait since boot, in seconds (/proc/stat's first line, USER_HZ = 100).
func machineBusy() float64 {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0
	}
	f := strings.Fields(strings.SplitN(string(b), "\n", 2)[0])
	busy := 0.0
	for i, v := range f[1:] {
		if i == 3 || i == 4 || i >= 8 { // idle, iowait; guest time is in user already
			continue
		}
		x, _ := strconv.ParseFloat(v, 64)
		busy += x
	}
	return busy / 100
}

// threadReport gives each renderer thread that used 5 ms or more its user
// and system CPU seconds and minor page faults over the run
// (name=user/sys/faults, named as in cpuReport), and the rest of the
// browser's in all.
func threadReport(before, after map[[2]int]threadTimes) string {
	keys, names := reportedThreads(after, func(k [2]int) bool { return after[k].cpu-before[k].cpu >= 0.005 })
	var parts []string
	var rest threadTimes
	for k, a := range after {
		b := before[k]
		if !slices.Contains(keys, k) {
			rest.user += a.user - b.user
			rest.sys += a.sys - b.sys
			rest.minflt += a.minflt - b.minflt
		}
	}
	for i, k := range keys {
		a, b := after[k], before[k]
		parts = append(parts, fmt.Sprintf("%s=%.2f/%.2f/%.0f", names[i], a.user-b.user, a.sys-b.sys, a.minflt-b.minflt))
	}
	parts = append(parts, fmt.Sprintf("others=%.2f/%.2f/%.0f", rest.user, rest.sys, rest.minflt))
	return strings.Join(parts, " ")
}

// reportedThreads returns the renderer threads of after that keep selects,
// in (process, thread) order, and their names in the reports: the number
// of their renderer (r1, r2, … in pid order, counting every renderer) and
// the thread's name, numbered #n where a renderer has several of that name
// (workers in the order they were created, always).
func reportedThreads(after map[[2]int]threadTimes, keep func(k [2]int) bool) (keys [][2]int, names []string) {
	var all [][2]int
	for k, a := range after {
		if a.proc == "renderer" {
			all = append(all, k)
		}
	}
	slices.SortFunc(all, func(x, y [2]int) int {
		if x[0] != y[0] {
			return x[0] - y[0]
		}
		return x[1] - y[1]
	})
	nth := map[string]int{}
	renderer := map[int]int{} // a renderer's pid → its number, in pid order
	for _, k := range all {
		if _, ok := renderer[k[0]]; !ok {
			renderer[k[0]] = len(renderer) + 1
		}
		if !keep(k) {
			continue
		}
		comm := after[k].comm
		name := fmt.Sprintf("r%d:%s", renderer[k[0]], strings.ReplaceAll(comm, " ", "_"))
		nth[name]++
		if n := nth[name]; n > 1 || strings.HasPrefix(comm, "DedicatedWorker") {
			name = fmt.Sprintf("%s#%d", name, n)
		}
		keys, names = append(keys, k), append(names, name)
	}
	return keys, names
}

// cpuReport says where the CPU went between two snapshots: each renderer
// thread that used 5 ms or more (its CPU s / its run-queue wait s; the
// workers' threads numbered in the order they were created), the rest of
// the renderer, each other process in all, the browser's total and the
// machine's busy time (all processes, everyone's) over the same interval.
func cpuReport(before, after map[[2]int]threadTimes, machine float64) string {
	keys, names := reportedThreads(after, func(k [2]int) bool {
		return after[k].cpu-before[k].cpu >= 0.005 || strings.HasPrefix(after[k].comm, "DedicatedWorker")
	})
	type use struct{ cpu, runq float64 }
	procs := map[string]*use{}
	rest := &use{} // the renderers' threads not named
	total := 0.0
	for k, a := range after {
		b := before[k] // zero for a thread started during the run
		d := use{a.cpu - b.cpu, a.runq - b.runq}
		total += d.cpu
		p := rest
		if a.proc != "renderer" {
			if p = procs[a.proc]; p == nil {
				p = &use{}
				procs[a.proc] = p
			}
		} else if slices.Contains(keys, k) {
			continue
		}
		p.cpu += d.cpu
		p.runq += d.runq
	}
	var parts []string
	for i, k := range keys {
		a, b := after[k], before[k]
		parts = append(parts, fmt.Sprintf("%s=%.3f/%.3f", names[i], a.cpu-b.cpu, a.runq-b.runq))
	}
	parts = append(parts, fmt.Sprintf("renderer-other=%.3f/%.3f", rest.cpu, rest.runq))
	for _, k := range slices.Sorted(maps.Keys(procs)) {
		parts = append(parts, fmt.Sprintf("%s=%.3f/%.3f", k, procs[k].cpu, procs[k].runq))
	}
	parts = append(parts, fmt.Sprintf("browser_total=%.3f machine_busy=%.3f", total, machine))
	return strings.Join(parts, " ")
}
