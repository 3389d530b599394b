// Package e2e holds the browser lab's end-to-end tests: the built site
// (dist/) is served by the same handler as cmd/serve and driven in headless
// Chromium through chromedp. They run when IMLAB_E2E=1 (./build.sh test
// builds dist/ and sets it) and skip, saying why, when it is unset or when
// dist/main.wasm or Chromium is missing:
//
//	./build.sh && IMLAB_E2E=1 go test -v ./e2e/
//
// Set IMLAB_SCREENSHOT=path to save a screenshot of the page after the
// default run (the README's docs/screenshot.png).
package e2e
