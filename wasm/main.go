//go:build js && wasm

// Command wasm is the browser lab's entry point, built to main.wasm: it
// opens the link in the URL hash (generating the preset data at once, so
// one click on Run tells the paper's story, or asking for the file a link
// names) and renders the page.
//
// Hidden hooks for tests and measurements, on window.imlab:
//
//	imlab.firstRender  performance.now() when the page was first rendered
//	imlab.ready        performance.now() when the data was loaded and Run could be pressed
//	imlab.complete     performance.now() when the whole page was rendered and laid out (after ready: the
//	                   first render shows the header and the run controls only)
//	imlab.benchEpoch() times one dfSDCA epoch on the loaded data, in ms
//	imlab.stats(gc)    work slices, frame drawing and memory: counts, mean and max ms (after a GC if gc);
//	                   the run's elapsed time and its workers' summed solver time; pstarKnown, theoryKnown: P* and the method's theory of the settings shown are known
//	imlab.tracesCSV()  the traces of the run on screen, as the CSV export writes them
//	imlab.workers()    how many workers ran the run on screen (0 = the main thread)
//	imlab.timeline()   the moments of the last run (P* asked and known, jobs out, each job's first and last update)
//	imlab.dataMs()     how long the data on screen took to generate or parse
//	imlab.dataWhere()  where it was: "worker" or "main" (thread)
//	imlab.stopped      the panic that ended the program during its start, if one did (browser.ExitOnPanic)
//
// The same module is the solver's Web Worker: run inside one (the loader's
// bootstrap sets self.imlabWorker), main serves the page's jobs instead.
package main

import (
	"runtime"
	"time"

	"github.com/hexops/vecty"

	"imlab/ui/app"
	"imlab/ui/browser"
	"imlab/ui/lab"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

func main() {
	if browser.IsWorker() {
		browser.ServeWorker()
		return
	}
	// A panic while the page starts (a link no check foresaw) ends the
	// program with its reason in the page, not on "loading…" (the loader,
	// index.html, says what happened and offers a reload).
	defer browser.ExitOnPanic()
	browser.Mark("imlab:go-main")
	// No collection until the page is ready (or 10 s have passed: a link to
	// a file waits for the user): the start's garbage is small, and each
	// collection costs far more under wasm (browser.HoldGC).
	releaseGC := browser.HoldGC()
	time.AfterFunc(10*time.Second, releaseGC)
	y := browser.NewYielder()
	var page *app.Page
	complete := make(chan struct{}) // closed once the whole page has rendered
	ctl := lab.New(lab.Env{Yield: y.Yield, Now: browser.Now, Frame: browser.NextFrame, Workers: browser.WorkerHost{},
		Shown: func() { <-complete },
		Changed: func() {
			if page != nil {
				page.Changed()
			}
		}})
	browser.KeepSource() // for the Save button (app.saveLab)
	ctl.SetGallery(browser.Gallery{})
	settings, teaching, err := ctl.OpenLink(app.StartHash())
	if err == nil { // the address holds the settings of what is shown from the first render on
		browser.SetHash(setup.JoinHash(settings, teaching))
		app.LoadBakedFile(ctl, settings)
	}
	// OpenLink started the data's load in a goroutine, which runs only when
	// this one blocks: yield once, so that it sends its worker the command
	// now rather than after the first render, a long task (docs/ready.md).
	y.Yield()
	page = app.New(ctl, settings, func() {
		browser.Hook("ready", browser.Now().Seconds()*1e3)
	}, func() {
		// The rest of the page renders after ready: until it has, the
		// collector, a spare worker's start, the service worker's install
		// and the load's preparations for a run (lab.Env.Shown) would take
		// the page's thread or a core from it.
		close(complete)
		releaseGC()
		browser.WorkersWarm()
	})
	page.SetTeaching(teaching)
	browser.HookFunc("benchEpoch", func(bool) any {
		ds := ctl.Dataset()
		if ds == nil {
			return "no data"
		}
		d, err := lab.EpochTime(ds, browser.Now)
		if err != nil {
			return err.Error()
		}
		return d.Seconds() * 1e3
	})
	browser.HookFunc("stats", func(gc bool) any {
		if gc {
			runtime.GC()
		}
		snap := ctl.Snapshot()
		sl, fr := snap.Slices, page.FrameStats()
		parts := page.FrameParts()
		ms := func(d time.Duration) float64 { return d.Seconds() * 1e3 }
		mean := func(s worker.SliceStats) float64 { return ms(s.Total) / float64(max(1, s.Count)) }
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		maxPause := uint64(0)
		for _, p := range m.PauseNs {
			maxPause = max(maxPause, p)
		}
		pstarKnown, theoryKnown := 0, 0 // numbers, as every other field
		if ctl.PStarKnown() {
			pstarKnown = 1
		}
		if ctl.TheoryKnown() {
			theoryKnown = 1
		}
		return map[string]any{
			"slices": sl.Count, "maxSliceMs": ms(sl.Max), "meanSliceMs": mean(sl), "slowSlices": sl.Slow,
			"frames": fr.Count, "maxFrameMs": ms(fr.Max), "meanFrameMs": mean(fr), "slowFrames": fr.Slow,
			"snapMaxMs": ms(parts[0].Max), "renderMaxMs": ms(parts[1].Max), "plotsMaxMs": ms(parts[2].Max), "teachMaxMs": ms(parts[3].Max),
			"workers": snap.Workers, "workerBusyMs": ms(snap.WorkerBusy), "elapsedMs": ms(snap.Elapsed),
			"gcs": m.NumGC, "maxGCPauseMs": float64(maxPause) / 1e6, "heapMiB": float64(m.HeapAlloc) / (1 << 20),
			"pstarKnown": pstarKnown, "theoryKnown": theoryKnown,
		}
	})
	browser.HookFunc("tracesCSV", func(bool) any {
		snap := ctl.Snapshot()
		files, err := lab.Exports(&snap, "imlab")
		if err != nil {
			return err.Error()
		}
		return string(files[0].Data)
	})
	browser.HookFunc("dataMs", func(bool) any {
		if d := ctl.Snapshot().Data; d != nil {
			return d.LoadTime.Seconds() * 1e3
		}
		return -1
	})
	browser.HookFunc("dataWhere", func(bool) any {
		switch d := ctl.Snapshot().Data; {
		case d == nil:
			return "none"
		case d.InWorker:
			return "worker"
		}
		return "main"
	})
	browser.HookFunc("timeline", func(bool) any {
		var out []any
		for _, e := range ctl.Timeline() {
			out = append(out, e.String())
		}
		return out
	})
	browser.HookFunc("workers", func(bool) any { return ctl.Snapshot().Workers })
	vecty.SetTitle("Importance Minibatch Lab")
	browser.Hook("firstRender", browser.Now().Seconds()*1e3)
	vecty.RenderBody(page)
}
