//go:build !js

package e2e

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdpio "github.com/chromedp/cdproto/io"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// TestMeasureReady measures, never asserts (bench/ready.sh runs it with
// IMLAB_BENCH=1): where the time goes between navigation and the page being
// ready (data generated, Run enabled), over IMLAB_BENCH_LOADS fresh loads
// (default 5), each in a new browser context: an empty cache, no service
// worker. Every figure is performance.now() in ms since navigation:
//
//	wasm_fetched     main.wasm's last byte (resource timing: the page's, or
//	                 the data's worker's when that fetched it)
//	compiled         the page has the compiled module: handed over by the
//	                 data's worker, or compiled by the page (loader mark)
//	go_main          the page's Go main started (after instantiate)
//	first_render     the page's first render
//	worker_new       the loader created the data's worker (new Worker)
//	worker_started   the worker's thread started (its performance.timeOrigin)
//	worker_boot      the data's worker ran its bootstrap script
//	worker_module    it received the compiled module
//	worker_inst      it instantiated it
//	worker_go        its Go program started
//	data_sent        the page sent it the data's command
//	worker_loaded    it posted the data it loaded
//	data_ms          how long the data took to load where it was loaded
//	page_got_data    the page received it
//	ready            data loaded and Run enabled (imlab.ready)
//	complete         the whole page rendered and laid out (imlab.complete): the
//	                 first render shows the header and run controls only, the
//	                 rest renders after ready
//
// The last line gives the median and range of each. IMLAB_BENCH_TRACE=file
// also writes a Chromium trace of the last load to file (JSON, for
// chrome://tracing or ui.perfetto.dev): which thread did what, when.
func TestMeasureReady(t *testing.T) {
	if os.Getenv("IMLAB_BENCH") == "" {
		t.Skip("a measurement: run it with bench/ready.sh (IMLAB_BENCH=1)")
	}
	loads := 5
	if n, err := strconv.Atoi(os.Getenv("IMLAB_BENCH_LOADS")); err == nil && n > 0 {
		loads = n
	}
	names := []string{"wasm_fetched", "compiled", "go_main", "first_render", "worker_new", "worker_started", "worker_boot", "worker_module", "worker_inst", "worker_go", "data_sent", "worker_loaded", "data_ms", "page_got_data", "ready", "complete"}
	all := map[string][]float64{}
	browser := startBrowser(t)
	for k := 0; k < loads; k++ {
		trace := ""
		if k == loads-1 {
			trace = os.Getenv("IMLAB_BENCH_TRACE")
		}
		got, where, err := loadReady(browser, trace)
		if err != nil {
			t.Fatalf("load %d: %v", k+1, err)
		}
		line := fmt.Sprintf("MEASURE ready load=%d where=%q", k+1, where)
		for _, n := range names {
			line += fmt.Sprintf(" %s=%.0f", n, got[n])
			all[n] = append(all[n], got[n])
		}
		t.Log(line)
	}
	line := fmt.Sprintf("MEASURE ready median of %d loads:", loads)
	for _, n := range names {
		xs := all[n]
		sort.Float64s(xs)
		line += fmt.Sprintf(" %s=%.0f [%.0f–%.0f]", n, xs[len(xs)/2], xs[0], xs[len(xs)-1])
	}
	t.Log(strings.TrimSpace(line))
}

// loadReady loads the site in a new browser context of browser, waits until
// it is ready and returns its timings, and where its data was loaded. With
// a trace file name, it writes a Chromium trace of the load there.
func loadReady(browser context.Context, trace string) (got map[string]float64, where string, err error) {
	fresh, cancelFresh := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	defer cancelFresh()
	ctx, cancel := context.WithTimeout(fresh, 60*time.Second)
	defer cancel()
	if trace != "" {
		if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, tracing.Start, tracing.StartParams{
				TransferMode: tracing.StartTransferModeReturnAsStream,
				TraceConfig:  &tracing.TraceConfig{IncludedCategories: traceCategoriesOf()},
			})
			return err
		})); err != nil {
			return nil, "", err
		}
		defer func() {
			if err == nil {
				err = writeTrace(ctx, trace)
			}
		}()
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(siteURL)); err != nil {
		return nil, "", err
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!!(window.imlab && imlab.ready && imlab.complete)`, chromedp.WithPollingInterval(5*time.Millisecond))); err != nil {
		return nil, "", err
	}
	if where, err = chromedp.Run(ctx, chromedp.Evaluate[string](`imlab.dataWhere ? imlab.dataWhere() : "?"`)); err != nil {
		return nil, "", err
	}
	got, err = chromedp.Run(ctx, chromedp.Evaluate[map[string]float64](`(() => {
		const mark = (n) => { const m = performance.getEntriesByName(n, "mark"); return m.length ? m[0].startTime : -1; };
		const w = performance.getEntriesByType("resource").find((e) => /main\.wasm$/.test(e.name)) || imlabWorkers.wasmEntry; // fetched by the data's worker
		return {
			wasm_fetched: w ? w.responseEnd : -1,
			compiled: mark("imlab:compiled"),
			go_main: mark("imlab:go-main"),
			first_render: imlab.firstRender,
			worker_new: mark("imlab:worker-new"),
			worker_started: mark("imlab:worker-started"),
			worker_boot: mark("imlab:worker-boot"),
			worker_module: mark("imlab:worker-module"),
			worker_inst: mark("imlab:worker-instantiated"),
			worker_go: mark("imlab:worker-go"),
			data_sent: mark("imlab:data-sent"),
			worker_loaded: mark("imlab:worker-loaded"),
			page_got_data: mark("imlab:page-got-data"),
			data_ms: imlab.dataMs ? imlab.dataMs() : -1,
			ready: imlab.ready,
			complete: imlab.complete,
		};
	})()`))
	return got, where, err
}

// traceCategories are what a trace of a load records: the threads' tasks,
// script, wasm compilation, workers and loading.
var traceCategories = []string{"devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel",
	"v8", "v8.wasm", "blink", "blink.worker", "loading", "navigation", "blink.user_timing"}

// traceCategoriesOf is traceCategories, with V8's CPU profiler's samples of
// every thread (the page's and the workers') when IMLAB_BENCH_PROFILE is set:
// a build that keeps main.wasm's name section shows Go's function names.
func traceCategoriesOf() []string {
	if os.Getenv("IMLAB_BENCH_PROFILE") == "" {
		return traceCategories
	}
	return append(traceCategories[:len(traceCategories):len(traceCategories)], "disabled-by-default-v8.cpu_profiler")
}

// writeTrace ends the tracing started on ctx's target and writes the trace
// to name.
func writeTrace(ctx context.Context, name string) error {
	complete := chromedp.Events(ctx, tracing.TracingComplete)
	var stream cdpio.StreamHandle
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, tracing.End, cdp.Empty{})
		return err
	}))
	if err != nil {
		return err
	}
	for ev, err := range complete {
		if err != nil {
			return err
		}
		stream = ev.Stream
		break
	}
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	defer f.Close()
	return chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		for {
			r, err := cdp.Call(ctx, tg, cdpio.Read, cdpio.ReadParams{Handle: stream, Size: 1 << 20})
			if err != nil {
				return err
			}
			if _, err := f.Write(r.Data); err != nil {
				return err
			}
			if r.EOF {
				_, err := cdp.Call(ctx, tg, cdpio.Close, cdpio.CloseParams{Handle: stream})
				return err
			}
		}
	}))
}

// TestReadyWithoutWorkers opens the served page where no worker can start —
// the browser has no Worker, or new Worker throws — so that the page itself
// must compile main.wasm (the data's worker compiles it when it can): it
// gets ready, with the data generated on its own thread.
func TestReadyWithoutWorkers(t *testing.T) {
	for name, script := range map[string]string{
		"no Worker":         `delete window.Worker; window.Worker = undefined;`,
		"new Worker throws": `window.Worker = class { constructor() { throw new Error("no workers here"); } };`,
	} {
		t.Run(name, func(t *testing.T) {
			p := openURL(t, siteURL, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				_, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument,
					cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: script})
				return err
			}))
			p.waitStatus(60*time.Second, "ready")
			if where := eval[string](p, `imlab.dataWhere()`); where != "main" {
				t.Errorf("data loaded in %q, want the page's main thread", where)
			}
		})
	}
}
