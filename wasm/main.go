//go:build js && wasm

// Command wasm is the browser lab's entry point, built to main.wasm: it
// reads the settings from the URL hash, starts the controller on them
// (generating the default data at once, so one click on Run tells the
// paper's story) and renders the page.
//
// Hidden hooks for tests and measurements, on window.imlab:
//
//	imlab.firstRender  performance.now() when the page was first rendered
//	imlab.ready        performance.now() when the data was loaded and Run could be pressed
//	imlab.benchEpoch() times one dfSDCA epoch on the loaded data, in ms
package main

import (
	"fmt"
	"syscall/js"

	"github.com/hexops/vecty"

	"imlab/ui/app"
	"imlab/ui/browser"
	"imlab/ui/lab"
)

func main() {
	hooks := js.Global().Get("Object").New()
	js.Global().Set("imlab", hooks)

	settings, err := lab.ParseHash(browser.Hash(), lab.DefaultSettings())
	y := browser.NewYielder()
	var page *app.Page
	ctl := lab.New(lab.Env{Yield: y.Yield, Now: browser.Now, Changed: func() {
		if page != nil {
			page.Changed()
		}
	}})
	page = app.New(ctl, settings, func() {
		hooks.Set("ready", browser.Now().Seconds()*1e3)
	})
	hooks.Set("benchEpoch", js.FuncOf(func(js.Value, []js.Value) any {
		ds := ctl.Dataset()
		if ds == nil {
			return "no data"
		}
		d, err := lab.EpochTime(ds, browser.Now)
		if err != nil {
			return err.Error()
		}
		return d.Seconds() * 1e3
	}))
	vecty.SetTitle("Importance Minibatch Lab")
	ctl.Generate(settings)
	if err != nil { // after Generate, which clears the status
		ctl.ReportError(fmt.Errorf("the link's settings were not used: %w", err))
	}
	hooks.Set("firstRender", browser.Now().Seconds()*1e3)
	vecty.RenderBody(page)
}
