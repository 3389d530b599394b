#!/usr/bin/env bash
# bench/page.sh — the default run in the browser page, on the main thread and
# on Web Workers: wall time from the click on Run to "done" and the gaps
# between animation frames while solving (worst and 95th percentile), for
# workers=main, 1, 2 and auto (override with IMLAB_BENCH_WORKERS="1 2"), each
# without and with another process loading every core (one busy shell loop
# per core; IMLAB_BENCH_LOAD=0 measures without only, =only with only).
# Headless Chromium, driven by e2e/measure_test.go; it logs, never asserts.
# Method and figures: docs/workers.md.
#
#   bench/page.sh            build dist/ (unless BENCH_NO_BUILD=1), then measure
#   BENCH_REPEAT=3 bench/page.sh   repeat the whole measurement three times
#   BENCH_TASKS=1 bench/page.sh    also print the page's tasks over 12 ms
#   IMLAB_BENCH_HASH=lesson=4 bench/page.sh   measure a lesson's run (any link keys)
#   IMLAB_BENCH_SETTLE=1 bench/page.sh   click Run only once the page knows P*
#                                  (=both: each setting both ways; default: at ready)
#   IMLAB_BENCH_SETTLE_EXTRA=2 …     and 2 s after that (the data's worker's warm-up)
#   IMLAB_BENCH_TIMELINE=1 bench/page.sh also print each run's moments (P*, jobs);
#                                  bench/timeline.py OUT splits each worker's idle time
#   IMLAB_BENCH_FRAMES=0 bench/page.sh   no frame record (no frame gaps), to see its cost
#
# Each run prints a CPU line, every browser thread as name=cpu/runq: its
# seconds on a core and its seconds *waiting* for one (schedstat; not system
# time), and a THREADS line, each renderer thread as name=user/sys/faults:
# its user and system seconds and minor page faults (its stat file).
#
# Fair comparisons (eighth session, docs/workers.md): each measurement runs in
# a go test process of its own, so in a browser with a fresh profile: a
# shared profile let the wasm code cache carry V8's optimised code from one
# measurement to the next, so whatever ran later started warmer. The order
# of the settings alternates from one repetition to the next (1 2, then
# 2 1). IMLAB_BENCH_WARM=1 measures a page's second run instead (its first
# run pays the code's tier-up), a returning user's case.
set -euo pipefail
. "$(dirname "$0")/pagebench.sh"
# MEASURE lines, and any failure (a run that missed the harness's 170 s per browser)
pattern='MEASURE.*|CPU.*|THREADS.*|--- FAIL.*|_test.go:[0-9]+: [^MCT].*'
[ "${BENCH_TASKS:-0}" = 1 ] && pattern="TASKS.*|$pattern"
[ -n "${IMLAB_BENCH_TIMELINE:-}" ] && pattern="TIMELINE.*|$pattern"
read -ra keys <<<"${IMLAB_BENCH_WORKERS:-main 1 2 auto}"
case "${IMLAB_BENCH_LOAD:-1}" in
0) loads=(0) ;;
only) loads=(only) ;;
*) loads=(0 only) ;;
esac
for r in $(seq "${BENCH_REPEAT:-1}"); do
	order=("${keys[@]}")
	if [ $((r % 2)) = 0 ]; then # every other round backwards
		order=()
		for ((i = ${#keys[@]} - 1; i >= 0; i--)); do order+=("${keys[i]}"); done
	fi
	for key in "${order[@]}"; do
		for load in "${loads[@]}"; do
			echo "# load average: $(cut -d' ' -f1-3 /proc/loadavg)"
			IMLAB_E2E=1 IMLAB_BENCH=1 IMLAB_BENCH_WORKERS="$key" IMLAB_BENCH_LOAD="$load" \
				go test -count=1 -timeout 60m -v -run '^TestMeasureWorkers$' ./e2e/ | grep -Eo "$pattern" || true
		done
	done
done
