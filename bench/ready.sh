#!/usr/bin/env bash
# bench/ready.sh — time to ready: from navigation to the default data loaded
# and Run enabled, over fresh loads of the served page (each in a new browser
# context: empty cache, no service worker), with where the time goes (main.wasm
# fetched, compiled, Go's main started, first render, data loaded). Headless
# Chromium, driven by e2e/ready_test.go; it logs, never asserts. Method and
# figures: docs/ready.md.
#
#   bench/ready.sh                    build dist/ (unless BENCH_NO_BUILD=1), then 5 loads
#   IMLAB_BENCH_LOADS=9 bench/ready.sh
#   IMLAB_BENCH_TRACE=/tmp/ready.json bench/ready.sh   also a Chromium trace of the last load
#                                                      (ui.perfetto.dev or chrome://tracing)
set -euo pipefail
. "$(dirname "$0")/pagebench.sh"
IMLAB_E2E=1 IMLAB_BENCH=1 go test -count=1 -v -run '^TestMeasureReady$' ./e2e/ | grep -o 'MEASURE.*' || true
