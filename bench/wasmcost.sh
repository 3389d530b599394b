#!/usr/bin/env bash
# bench/wasmcost.sh times data generation (core/synth BenchmarkGenerate) and
# the P* solve (core/optimum BenchmarkSolve) natively, under node and in
# headless Chromium (bench/wasmrun), side by side, for docs/speed.md.
#
#   bench/wasmcost.sh                    # 3 rounds
#   ROUNDS=5 SIDES='native wasm' bench/wasmcost.sh
#   bench/wasmcost.sh summarize DIR/results.txt …
#
# Method. Each case runs in its own process as COUNT (7) separate one-op
# benchmarks (-test.benchtime=1x -test.count=COUNT); the run reports its
# fastest op, which on a shared machine estimates the undisturbed time (see
# bench/epoch.sh). Sides of a case follow each other within a round; the
# summary (bench/epoch.sh summarize) gives per case the least and median
# over rounds and side/native as the ratio of the least times.
#
# CPU=1 measures CPU time instead, which a loaded machine disturbs far less
# than wall time: the process's user + system CPU (/usr/bin/time) for
# COUNT + 1 ops minus that for 1 op (start-up, compilation, data set-up),
# divided by COUNT; the results' two figures are then both that. Chromium
# is skipped (its CPU time is spread over browser processes).
#
# BASE=DIR (another checkout, e.g. `git archive main | tar -x -C DIR`) adds
# an A/B comparison: each case runs on every side with DIR's code first,
# then with this tree's, in every round; DIR's results are reported as the
# case "base:package/benchmark".
#
# Environment: CPU, ROUNDS (3), COUNT (7), SIDES (native wasm chromium), CASES
# (space-separated package:benchmark, the benchmark as -test.bench's
# slash-separated path), BASE, OUT (raw results directory).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = summarize ]; then
	shift
	exec bench/epoch.sh summarize "$@"
fi

rounds=${ROUNDS:-3}
count=${COUNT:-7}
sides=${SIDES:-native wasm chromium}
cases=${CASES:-synth:Generate/n=10000/d=100/density=0.8 synth:Generate/n=5000/d=1000/density=0.8 optimum:Solve/n=10000/d=100/logistic optimum:Solve/n=10000/d=100/smoothhinge:1}
out=${OUT:-$(mktemp -d -t imlab-wasmcost.XXXXXX)}
mkdir -p "$out"
: >"$out/results.txt"
js_exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec"
trees=this
[ -n "${BASE:-}" ] && trees="base this"
for pkg in $(for c in $cases; do echo "${c%%:*}"; done | sort -u); do
	go test -c -o "$out/this.$pkg.native" "./core/$pkg"
	GOOS=js GOARCH=wasm go test -c -o "$out/this.$pkg.wasm" "./core/$pkg"
	if [ -n "${BASE:-}" ]; then
		(cd "$BASE" && go test -c -o "$out/base.$pkg.native" "./core/$pkg" &&
			GOOS=js GOARCH=wasm go test -c -o "$out/base.$pkg.wasm" "./core/$pkg")
	fi
done
case " $sides " in *" chromium "*) go build -o "$out/wasmrun" ./bench/wasmrun ;; esac

for round in $(seq "$rounds"); do
	echo "round $round: $(uptime)" >&2
	for c in $cases; do
		for tree in $trees; do
			pkg=${c%%:*} bench=${c#*:}
			name=$pkg/$bench
			[ "$tree" = base ] && name=base:$name
			for side in $sides; do
				case $side in
				native) cmd=("$out/$tree.$pkg.native") ;;
				wasm) cmd=("$js_exec" "$out/$tree.$pkg.wasm") ;;
				chromium) cmd=("$out/wasmrun" "$out/$tree.$pkg.wasm") ;;
				esac
				pattern="^Benchmark${bench//\//\$/^}\$"
				pattern=${pattern//./\\.}
				if [ "${CPU:-}" = 1 ]; then
					[ "$side" = chromium ] && continue
					cpu() { /usr/bin/time -f '%U %S' -o "$out/time.txt" "$@" >/dev/null && awk '{ print $1 + $2 }' "$out/time.txt"; }
					one=$(cpu "${cmd[@]}" -test.run='^$' -test.bench="$pattern" -test.benchtime=1x)
					many=$(cpu "${cmd[@]}" -test.run='^$' -test.bench="$pattern" -test.benchtime="$((count + 1))x")
					awk -v r="$round" -v s="$side" -v b="$name" -v one="$one" -v many="$many" -v n="$count" \
						'BEGIN { ms = (many - one) / n * 1000; printf "%s %s %s %.1f %.1f\n", r, s, b, ms, ms }' |
						tee -a "$out/results.txt" >&2
					continue
				fi
				"${cmd[@]}" -test.run='^$' -test.bench="$pattern" -test.benchtime=1x -test.count="$count" >"$out/bench.txt"
				# Lines: round side case least_ms median_ms.
				awk -v r="$round" -v s="$side" -v b="$name" '$1 ~ /^Benchmark/ { x[++n] = $3 / 1e6 }
					END {
						if (n == 0) { print "no result for " b > "/dev/stderr"; exit 1 }
						for (i = 2; i <= n; i++) for (j = i; j > 1 && x[j-1] > x[j]; j--) { t = x[j]; x[j] = x[j-1]; x[j-1] = t }
						printf "%s %s %s %.3f %.3f\n", r, s, b, x[1], (n % 2) ? x[(n+1)/2] : (x[n/2] + x[n/2+1]) / 2
					}' "$out/bench.txt" | tee -a "$out/results.txt" >&2
			done
		done
	done
done

bench/epoch.sh summarize "$out/results.txt"
echo "raw results: $out/results.txt" >&2
