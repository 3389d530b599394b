// Command offline adds the offline parts to the built site: app icons, the
// web app manifest, the service worker and imlab.html, the whole lab in one
// file. First it inlines wasm_exec.js into index.html, so that the page's
// loader starts its first worker from that text at once, with no request
// of the worker's own (docs/ready.md), then gives index.html its
// Content-Security-Policy, with the hashes of its inline scripts
// (internal/csp; the single file gets its own). ./build.sh runs it after
// building dist/:
//
//	go run ./cmd/offline -dir dist
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"imlab/internal/csp"
	"imlab/internal/offline"
	"imlab/ui/lab/setup"
)

// singleGoal is the size the single file's lab, less the data sets it
// embeds, should stay under, to be mailed.
const singleGoal = 2_000_000

func main() {
	dir := flag.String("dir", "dist", "the built site")
	data := flag.String("data", "", "a folder of the data gallery's files (../shared/data) to copy into the site, if present")
	flag.Parse()
	if err := gallery(*dir, *data); err != nil {
		fmt.Fprintln(os.Stderr, "offline:", err)
		os.Exit(1)
	}
	if err := inlineRuntime(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "offline:", err)
		os.Exit(1)
	}
	if err := setPolicy(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "offline:", err)
		os.Exit(1)
	}
	sum, err := offline.Write(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "offline:", err)
		os.Exit(1)
	}
	fmt.Printf("%s/%s: build %s, precaches %d files\n", *dir, offline.ServiceWorkerFile, sum.Build, len(sum.Precached))
	fmt.Printf("%s/%s: %d bytes (main.wasm %d bytes raw, embedded gzip+text7)\n", *dir, offline.SingleFile, sum.SingleBytes, sum.WasmBytes)
	if sum.DataBytes > 0 {
		fmt.Printf("%s: of which %d bytes are the data gallery's embedded sets\n", offline.SingleFile, sum.DataBytes)
	}
	if sum.SingleBytes-sum.DataBytes > singleGoal {
		fmt.Printf("warning: %s is over the %d-byte goal\n", offline.SingleFile, singleGoal)
	}
}

// inlineRuntime replaces index.html's <script id="wasm-exec"
// src="wasm_exec.js"> in dir by the script's text (wasm_exec.js stays in
// dir, for pages cached before). A page whose script is inline already is
// left as it is, so that running this twice is harmless.
func inlineRuntime(dir string) error {
	read := func(name string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, filepath.FromSlash(name))) }
	index, err := read("index.html")
	if err != nil {
		return err
	}
	if !bytes.Contains(index, []byte(`src="wasm_exec.js"`)) {
		return nil
	}
	out, err := offline.InlineScript(index, "wasm-exec", read)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "index.html"), out, 0o644)
}

// setPolicy writes index.html's Content-Security-Policy into it, as a
// <meta>, for hosts that send no header (cmd/serve sends the same one). Run
// after inlineRuntime: the policy has the hashes of the inline scripts.
func setPolicy(dir string) error {
	p := filepath.Join(dir, "index.html")
	index, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	out, err := csp.SetMeta(index, csp.Served)
	if err != nil {
		return fmt.Errorf("%s: %w", p, err)
	}
	return os.WriteFile(p, out, 0o644)
}

// gallery copies the data gallery's files from from (if it is given and
// holds any) into dir's data/ folder, and lists them in index.html, for
// the page to offer (lab.Gallery).
func gallery(dir, from string) error {
	var sets []setup.GallerySet
	if from != "" {
		var err error
		if sets, err = offline.CopyGallery(dir, from); err != nil {
			return err
		}
	}
	p := filepath.Join(dir, "index.html")
	index, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	out, err := offline.MarkGallery(index, sets)
	if err != nil {
		return fmt.Errorf("%s: %w", p, err)
	}
	names := make([]string, len(sets))
	for i, g := range sets {
		names[i] = g.File
	}
	fmt.Printf("%s/%s: the data gallery has %d of %d sets %v\n", dir, setup.GalleryDir, len(sets), len(setup.Gallery), names)
	return os.WriteFile(p, out, 0o644)
}
