// Command wasmdata merges the data segments of a Go WebAssembly module in
// place, so that it compresses better (package imlab/internal/wasmdata).
// ./build.sh runs it on dist/main.wasm:
//
//	go run ./cmd/wasmdata dist/main.wasm
package main

import (
	"flag"
	"fmt"
	"os"

	"imlab/internal/wasmdata"
)

func main() {
	gap := flag.Int("gap", 4096, "merge segments fewer than this many zero bytes apart")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: wasmdata [-gap N] FILE.wasm")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *gap); err != nil {
		fmt.Fprintln(os.Stderr, "wasmdata:", err)
		os.Exit(1)
	}
}

func run(path string, gap int) error {
	in, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	out, before, after, err := wasmdata.Join(in, gap)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		return err
	}
	fmt.Printf("%s: %d data segments merged into %d (%d bytes raw, was %d)\n", path, before, after, len(out), len(in))
	return nil
}
