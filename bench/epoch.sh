#!/usr/bin/env bash
# bench/epoch.sh measures one dfSDCA epoch natively and under WebAssembly
# (node, and headless Chromium through bench/wasmrun), side by side, for
# docs/speed.md.
#
#   bench/epoch.sh                                   # 3 rounds, default set
#   ROUNDS=5 BENCHES='page/uniform/tau=1' bench/epoch.sh
#   bench/epoch.sh summarize DIR/results.txt …       # summarise earlier runs
#
# Method. Each BenchmarkEpoch case (core/dfsdca, sequential, logistic loss)
# runs in its own process for EPOCHS epochs (-test.benchtime=Nx) and reports
# its fastest epoch (least-ms/epoch) next to the mean (ns/op). On a shared
# machine other processes can only slow an epoch down, so the fastest of
# many short epochs estimates the undisturbed time far better than the mean.
# Native and wasm runs of a case follow each other within a round; see
# summarize for the statistics over rounds.
#
# Environment: ROUNDS (3), BENCHES (space-separated shape/sampling/tau),
# SIDES (native wasm chromium; "wasm" is node, "chromium" the browser),
# PAGE_EPOCHS (100), DENSE_EPOCHS (20) and PAPER_EPOCHS (5: the paper's
# dense size, n = 50,000, d = 1,000; one epoch is one pass, so 1000 ÷ its
# milliseconds is passes per second), OUT (directory for the raw
# results; default a fresh temporary one, printed at the end).
set -euo pipefail
cd "$(dirname "$0")/.."

# summarize FILE... prints, per case, the least and the median over the
# rounds of the fastest epoch on each side (lines "round side case
# least_ms mean_ms"; rounds are numbered per file), and wasm/native as the
# ratio of the least times, with the range of the per-round ratios.
summarize() {
	awk '
		FNR == 1 { f++ }
		{ r = f "." $1; v[$3, $2, r] = $4; w[$3, $2, r] = $5; rs[r] = 1
		  if (!($3 in seen)) { seen[$3] = 1; order[++n] = $3 }
		  if ($2 != "native" && !($2 in sseen)) { sseen[$2] = 1; sides[++ns] = $2 } }
		function stats(arr, b, s,   r, m, x, i, j, t) {
			m = 0
			for (r in rs) if ((b, s, r) in arr) x[++m] = arr[b, s, r]
			for (i = 2; i <= m; i++) for (j = i; j > 1 && x[j-1] > x[j]; j--) { t = x[j]; x[j] = x[j-1]; x[j-1] = t }
			least = x[1]; count = m
			return (m % 2) ? x[(m+1)/2] : (x[m/2] + x[m/2+1]) / 2
		}
		END {
			printf "%-22s %-8s %6s %18s %18s %24s %16s\n", "epoch, ms", "side", "rounds", "native least/med", "side least/med", "side/native (rounds)", "mean med n/side"
			for (k = 1; k <= n; k++) for (si = 1; si <= ns; si++) {
				b = order[k]; sd = sides[si]
				nm = stats(v, b, "native"); nl = least
				wm = stats(v, b, sd); wl = least; c = count
				if (c == 0) continue
				qlo = ""; qhi = ""
				for (r in rs) if ((b, "native", r) in v && (b, sd, r) in v) {
					q = v[b, sd, r] / v[b, "native", r]
					if (qlo == "" || q < qlo) qlo = q
					if (qhi == "" || q > qhi) qhi = q
				}
				printf "%-22s %-8s %6d %18s %18s %24s %16s\n", b, sd, c, sprintf("%.2f/%.2f", nl, nm), sprintf("%.2f/%.2f", wl, wm),
					sprintf("%.2f (%.2f–%.2f)", wl / nl, qlo, qhi), sprintf("%.1f/%.1f", stats(w, b, "native"), stats(w, b, sd))
			}
		}' "$@"
}

if [ "${1:-}" = summarize ]; then
	shift
	summarize "$@"
	exit 0
fi

rounds=${ROUNDS:-3}
benches=${BENCHES:-page/uniform/tau=1 page/importance/tau=1 page/nice/tau=32 page/imp/tau=32 dense/uniform/tau=1 dense/imp/tau=32}
out=${OUT:-$(mktemp -d -t imlab-epoch.XXXXXX)}
mkdir -p "$out"
: >"$out/results.txt"

go test -c -o "$out/native.test" ./core/dfsdca
GOOS=js GOARCH=wasm go test -c -o "$out/wasm.test" ./core/dfsdca
js_exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec"
sides=${SIDES:-native wasm chromium}
case " $sides " in *" chromium "*) go build -o "$out/wasmrun" ./bench/wasmrun ;; esac

for round in $(seq "$rounds"); do
	for bench in $benches; do
		epochs=${PAGE_EPOCHS:-100}
		case $bench in dense/*) epochs=${DENSE_EPOCHS:-20} ;; paper/*) epochs=${PAPER_EPOCHS:-5} ;; esac
		for side in $sides; do
			case $side in
			native) cmd=("$out/native.test") ;;
			wasm) cmd=("$js_exec" "$out/wasm.test") ;;
			chromium) cmd=("$out/wasmrun" "$out/wasm.test") ;;
			esac
			"${cmd[@]}" -test.run='^$' -test.bench="^BenchmarkEpoch\$/^${bench//\//\$/^}\$/^workers=1\$" \
				-test.benchtime="${epochs}x" >"$out/bench.txt"
			# Benchmark line: name N ns/op "ns/op" least "least-ms/epoch" ….
			awk -v r="$round" -v s="$side" -v b="$bench" '$1 ~ /^BenchmarkEpoch/ {
				for (i = 1; i < NF; i++) if ($(i+1) == "least-ms/epoch") least = $i
				printf "%s %s %s %s %.3f\n", r, s, b, least, $3 / 1e6 }' "$out/bench.txt" |
				tee -a "$out/results.txt" >&2
		done
	done
done

summarize "$out/results.txt"
echo "raw results: $out/results.txt" >&2
