//go:build js && wasm

package browser

import (
	"fmt"
	"os"
	"runtime/debug"
)

// ExitOnPanic, deferred by the page's main, turns a panic of its goroutine
// into an orderly end: the panic and its stack go to the console, as an
// unrecovered panic's would, window.imlab.stopped names it, and the program
// exits with status 2, which the page's loader (index.html) reports in the
// page with a way to reload. A panic in another goroutine ends the program
// too, with no name: the loader reports that as well.
func ExitOnPanic() {
	r := recover()
	if r == nil {
		return
	}
	fmt.Fprintf(os.Stderr, "panic: %v\n\n%s", r, debug.Stack())
	Hook("stopped", fmt.Sprintf("panic: %v", r))
	os.Exit(2)
}
