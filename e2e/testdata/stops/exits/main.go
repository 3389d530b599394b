//go:build js && wasm

// Command exits stands in for the lab's main.wasm in the e2e tests
// (stopped_test.go): it exits at once with status 3, with no panic to name.
package main

import "os"

func main() { os.Exit(3) }
