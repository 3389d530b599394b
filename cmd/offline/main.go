// Command offline adds the offline parts to the built site: app icons, the
// web app manifest, the service worker and imlab.html, the whole lab in one
// file. ./build.sh runs it after building dist/:
//
//	go run ./cmd/offline -dir dist
package main

import (
	"flag"
	"fmt"
	"os"

	"imlab/internal/offline"
)

// singleGoal is the size the single file should stay under, to be mailed.
const singleGoal = 2_000_000

func main() {
	dir := flag.String("dir", "dist", "the built site")
	flag.Parse()
	sum, err := offline.Write(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "offline:", err)
		os.Exit(1)
	}
	fmt.Printf("%s/%s: build %s, precaches %d files\n", *dir, offline.ServiceWorkerFile, sum.Build, len(sum.Precached))
	fmt.Printf("%s/%s: %d bytes (main.wasm %d bytes raw, embedded gzip+text7)\n", *dir, offline.SingleFile, sum.SingleBytes, sum.WasmBytes)
	if sum.SingleBytes > singleGoal {
		fmt.Printf("warning: %s is over the %d-byte goal\n", offline.SingleFile, singleGoal)
	}
}
