// Command serve serves the browser lab's static site for local use:
//
//	go run ./cmd/serve -dir dist -addr 127.0.0.1:8080
//
// It sends application/wasm for .wasm files, compresses text and wasm with
// gzip for clients that accept it, never serves a file outside -dir, and
// prints the URL to open. PORT overrides the port of -addr.
package main

import (
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"time"

	"imlab/cmd/serve/static"
)

func main() {
	dir := flag.String("dir", "dist", "directory to serve (the built site)")
	addr := flag.String("addr", "127.0.0.1:8080", "listen address host:port (PORT overrides the port)")
	flag.Parse()
	if err := run(*dir, *addr, os.Getenv("PORT")); err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
}

func run(dir, addr, port string) error {
	st, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("%w (build the site first: ./build.sh)", err)
	}
	if !st.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	if port != "" {
		host, _, err := net.SplitHostPort(addr)
		if err != nil {
			return fmt.Errorf("-addr %q: %w", addr, err)
		}
		addr = net.JoinHostPort(host, port)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Printf("serving %s at http://%s/\n", dir, displayAddr(ln.Addr().String()))
	srv := &http.Server{Handler: static.Handler(dir), ReadHeaderTimeout: 10 * time.Second}
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// displayAddr turns a wildcard listen address into one a browser can open.
func displayAddr(a string) string {
	host, port, err := net.SplitHostPort(a)
	if err != nil {
		return a
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port)
}
