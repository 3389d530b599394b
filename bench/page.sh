#!/usr/bin/env bash
# bench/page.sh — the default run in the browser page, on the main thread and
# on Web Workers: wall time from the click on Run to "done" and the worst gap
# between animation frames while solving, for workers=main, 1, 2 and auto
# (override with IMLAB_BENCH_WORKERS="1 2"). Headless Chromium, driven by
# e2e/measure_test.go; it logs, never asserts. Method and figures:
# docs/workers.md.
#
#   bench/page.sh            build dist/ (unless BENCH_NO_BUILD=1), then measure
#   BENCH_REPEAT=3 bench/page.sh   repeat the whole measurement three times
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
if [ "${BENCH_NO_BUILD:-0}" != 1 ]; then
	./build.sh >&2
fi
echo "# $(date -u +%FT%TZ) $(git rev-parse --short HEAD), $(nproc) cores, $(uname -m)"
for _ in $(seq "${BENCH_REPEAT:-1}"); do
	IMLAB_E2E=1 IMLAB_BENCH=1 go test -count=1 -v -run '^TestMeasureWorkers$' ./e2e/ | grep -o 'MEASURE.*' || true
done
