#!/usr/bin/env bash
# bench/papersize.sh — the page at the paper's size: the dense preset with
# n = 50,000, d = 1,000 (40 M non-zeros) generated, P* solved and the default
# run taken to its end in headless Chromium, with the workers the memory
# budget allows, the page's heap and the browser's peak resident memory.
# Driven by e2e/papersize_test.go; it logs, never asserts. Figures: docs/workers.md.
#
#   bench/papersize.sh                     build dist/ (unless BENCH_NO_BUILD=1), then one run
#   IMLAB_BENCH_PAPER_HASH='n=50000&d=1000&taus=1,32' bench/papersize.sh
set -euo pipefail
. "$(dirname "$0")/pagebench.sh"
IMLAB_E2E=1 IMLAB_BENCH_PAPER=1 go test -count=1 -timeout 90m -v -run '^TestMeasurePaperSize$' ./e2e/ | grep -E -o 'MEASURE.*|FAIL.*|--- .*|.*_test.go:[0-9]+:.*' || true
