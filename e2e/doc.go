// Package e2e holds the browser lab's end-to-end tests: the built site
// (dist/) is served by the same handler as cmd/serve and driven in headless
// Chromium through chromedp. The tests skip, saying why, when dist/main.wasm
// or Chromium is missing; build with ./build.sh (or ./build.sh test).
//
// Set IMLAB_SCREENSHOT=path to save a screenshot of the page after the
// default run (the README's docs/screenshot.png).
package e2e
