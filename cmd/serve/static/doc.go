// Package static serves the browser lab's built site (dist/) over HTTP: files
// from one directory only, with the application/wasm content type that
// WebAssembly.instantiateStreaming requires, gzip-compressed for clients that
// accept it (main.wasm shrinks to about a quarter). cmd/serve runs it, and the
// browser tests in e2e/ serve dist/ through the same handler.
package static
