//go:build !js

// Command wasmrun runs a GOOS=js GOARCH=wasm program (a test binary, for
// instance) in headless Chromium, as go_js_wasm_exec runs one under node:
//
//	wasmrun [-chrome /usr/bin/chromium] prog.wasm [args...]
//
// It serves the program and Go's wasm_exec.js from 127.0.0.1, runs the
// program on the page's main thread with args as os.Args[1:], copies what
// it writes to stdout and stderr to stdout, and exits with its exit code.
// bench/epoch.sh and bench/wasmcost.sh use it to time code in the browser
// the page runs in. The page's own code (workers, yields) is not involved.
// The program has no file system (wasm_exec.js's stubs), so it suits
// benchmarks and plain tests; Example tests, which capture their output in
// a temporary file, fail.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"imlab/internal/headless"
)

const page = `<!doctype html><meta charset="utf-8"><title>wasmrun</title>
<script src="wasm_exec.js"></script>
<script>
let out = "";
const dec = new TextDecoder();
globalThis.fs.writeSync = function (fd, buf) { out += dec.decode(buf); return buf.length; };
window.wasmrunTake = () => { const o = out; out = ""; return o; };
window.wasmrunExit = null;
const go = new Go();
go.argv = ARGV;
go.exit = (code) => { window.wasmrunExit = code; };
WebAssembly.instantiateStreaming(fetch("prog.wasm"), go.importObject)
	.then((r) => go.run(r.instance))
	.catch((e) => { out += "wasmrun: " + e + "\n"; window.wasmrunExit = 2; });
</script>`

func main() {
	chrome := flag.String("chrome", "/usr/bin/chromium", "the Chromium executable")
	timeout := flag.Duration("timeout", time.Hour, "give up after this long")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: wasmrun [-chrome path] [-timeout d] prog.wasm [args...]")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() < 1 {
		flag.Usage()
		os.Exit(2)
	}
	code, err := run(*chrome, *timeout, flag.Arg(0), flag.Args()[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmrun:", err)
		os.Exit(2)
	}
	os.Exit(code)
}

func run(chrome string, timeout time.Duration, prog string, args []string) (int, error) {
	argv, err := json.Marshal(append([]string{filepath.Base(prog)}, args...))
	if err != nil {
		return 0, err
	}
	html := strings.Replace(page, "ARGV", string(argv), 1)
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, html)
		case "/wasm_exec.js":
			http.ServeFile(w, r, filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec.js"))
		case "/prog.wasm":
			w.Header().Set("Content-Type", "application/wasm")
			http.ServeFile(w, r, prog)
		default:
			http.NotFound(w, r)
		}
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	srv := &http.Server{Handler: mux}
	go srv.Serve(ln)
	defer srv.Close()

	profile, err := os.MkdirTemp("", "wasmrun-profile-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(profile)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), headless.Options(chrome, profile)...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, timeout)
	defer cancelT()
	if err := chromedp.Do(ctx, chromedp.Navigate("http://"+ln.Addr().String()+"/")); err != nil {
		return 0, err
	}
	for {
		// A running program holds the page's thread: this waits until it
		// blocks or exits. The exit code is read before the output so that
		// no output written before the exit is left behind.
		exit, err := chromedp.Run(ctx, chromedp.Evaluate[*int](`wasmrunExit`))
		if err != nil {
			return 0, err
		}
		out, err := chromedp.Run(ctx, chromedp.Evaluate[string](`wasmrunTake()`))
		if err != nil {
			return 0, err
		}
		os.Stdout.WriteString(out)
		if exit != nil {
			return *exit, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
}
