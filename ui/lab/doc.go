// Package lab is the browser lab's controller, free of any browser API so
// that it runs and is tested natively and under node: links (OpenLink),
// read by package setup, which holds the settings and their schema; the
// state machine that goes from settings to data to P*
// to the experiment's runs, the sizing of work slices between yields to the
// browser, progress and status text, the plot models, and the CSV/Markdown
// exports.
//
// Data flows one way. The UI calls an action (Generate, LoadFile, Run, Pause,
// Step, Reset); the controller does the work in a goroutine it owns, in
// slices of a few milliseconds separated by calls to Env.Yield, and reports
// every change through Env.Changed; the UI then renders a Snapshot. The host
// injects Yield and the clock, so the browser can hand control to its event
// loop (see ui/browser) while tests use a plain clock and no-op yields.
package lab
