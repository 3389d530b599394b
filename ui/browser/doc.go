//go:build js && wasm

// Package browser is the lab's thin layer over the JavaScript host: a yield
// that hands control back to the browser between slices of work, the page's
// monotonic clock, a once-per-frame redraw scheduler, file reading, downloads
// and the clipboard, the page's elements, the solver's Web Workers. Everything
// that is not a host call lives in ui/lab, which is tested natively; this
// package only adapts.
//
// It is written on honnef.co/go/js/dom/v2 (the location, animation frames,
// elements and their focus, files from an <input>, the download link, and
// in ui/canvas the 2-D context) through dom/v2's concrete types only: its
// functions that return one of its interfaces cost main.wasm 70–134 kB
// gzip each. raw.go holds the host calls dom/v2 has no API for, or only
// such a costly one, and says why; workers.go and yield.go, the messaging,
// are syscall/js throughout, as dom/v2 has no Worker or MessageChannel.
//
// Go's js/wasm port has no preemption: while any goroutine is runnable, the
// browser cannot paint or deliver input. Work therefore runs in a goroutine
// that calls Yield every few milliseconds; Yield posts a message on a
// MessageChannel and parks the goroutine on a Go channel until the message
// arrives, so the event loop gets a turn (rendering, input) in between.
// A MessageChannel round trip costs about 60 µs, where time.Sleep costs at
// least 4 ms (timer clamping) and runtime.Gosched does not yield to the
// browser at all.
package browser
