//go:build js && wasm

package browser

import "fmt"

// ExitOnPanic, deferred by the page's main, names a panic of its goroutine
// in window.imlab.stopped, then panics again: the Go runtime prints the
// panic and its stack to the console and ends the program, and the page's
// loader (index.html), told of the end, says in the page what happened,
// with a way to reload. A panic in another goroutine ends the program too,
// with no name: the loader reports that as well.
func ExitOnPanic() {
	if r := recover(); r != nil {
		Hook("stopped", fmt.Sprintf("panic: %v", r))
		panic(r)
	}
}
