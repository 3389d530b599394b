//go:build js && wasm

// Command panics stands in for the lab's main.wasm in the e2e tests
// (stopped_test.go): its start panics, behind the recover the lab's main
// has (browser.ExitOnPanic), as the lab's would on a link that reaches a bug.
package main

import "imlab/ui/browser"

func main() {
	defer browser.ExitOnPanic()
	if browser.IsWorker() {
		return // a worker's end is the page's to handle (workers.go)
	}
	panic("a test's panic during the start")
}
