#!/usr/bin/env bash
# bench/epoch.sh measures one dfSDCA epoch natively and under WebAssembly
# (node), side by side, for docs/speed.md.
#
#   bench/epoch.sh                                   # 3 rounds, default set
#   ROUNDS=5 BENCHES='page/uniform/tau=1' bench/epoch.sh
#
# Method. Each BenchmarkEpoch case (core/dfsdca, sequential) runs in its own
# process twice, for LO and HI epochs (-test.benchtime=Nx), and the process's
# CPU time (user + system, /usr/bin/time) is recorded. The difference divided
# by HI − LO is the CPU time of one epoch, free of start-up, data generation
# and JIT compilation. CPU time, unlike wall time, hardly depends on what else
# the machine runs, which on a shared machine is what makes the figures
# comparable; wall times per epoch (ns/op of the HI run) are kept as well.
# Native and wasm runs alternate within each round; see summarize for the
# statistics. `bench/epoch.sh summarize FILE...` summarises earlier raw
# results together (for example runs of two versions, alternated by hand).
#
# Environment: ROUNDS (3), BENCHES (space-separated shape/sampling/tau),
# PAGE_EPOCHS and DENSE_EPOCHS ("LO HI"), OUT (directory for the raw
# results; default a fresh temporary one, printed at the end).
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=${ROUNDS:-3}
benches=${BENCHES:-page/uniform/tau=1 page/importance/tau=1 page/nice/tau=32 page/imp/tau=32 dense/uniform/tau=1 dense/imp/tau=32}
out=${OUT:-$(mktemp -d -t imlab-epoch.XXXXXX)}
mkdir -p "$out"
: >"$out/results.txt"

go test -c -o "$out/native.test" ./core/dfsdca
GOOS=js GOARCH=wasm go test -c -o "$out/wasm.test" ./core/dfsdca
js_exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec"

epochs() {
	case $1 in
	page/*) echo "${PAGE_EPOCHS:-20 220}" ;;
	*) echo "${DENSE_EPOCHS:-4 44}" ;;
	esac
}

# run SIDE BENCH N runs N epochs and prints "cpu_seconds wall_ns_per_epoch".
run() {
	local side=$1 bench=$2 n=$3 pattern cmd
	pattern="^BenchmarkEpoch\$/^${bench//\//\$/^}\$/^workers=1\$"
	cmd=("$out/native.test")
	[ "$side" = wasm ] && cmd=("$js_exec" "$out/wasm.test")
	/usr/bin/time -f '%U %S' -o "$out/time" "${cmd[@]}" -test.run='^$' -test.bench="$pattern" \
		-test.benchtime="${n}x" >"$out/bench.txt"
	local wall
	wall=$(awk '$1 ~ /^BenchmarkEpoch/ { print $3 }' "$out/bench.txt")
	[ -n "$wall" ] || { cat "$out/bench.txt" >&2; exit 1; }
	awk -v wall="$wall" '{ print $1 + $2, wall }' "$out/time"
}

# summarize FILE... prints, per case, the least and the median CPU time per
# epoch on each side, over the rounds (lines "round side case cpu_ms
# wall_ms"; rounds are numbered per file), and wasm/native as the ratio of
# the least times, with the range of the per-round ratios. Other processes
# can only slow a run down, so the least time is the best estimate.
summarize() {
	awk '
		FNR == 1 { f++ }
		{ r = f "." $1; v[$3, $2, r] = $4; w[$3, $2, r] = $5; rs[r] = 1
		  if (!($3 in seen)) { seen[$3] = 1; order[++n] = $3 } }
		function stats(arr, b, s,   r, m, x, i, j, t) {
			m = 0
			for (r in rs) if ((b, s, r) in arr) x[++m] = arr[b, s, r]
			for (i = 2; i <= m; i++) for (j = i; j > 1 && x[j-1] > x[j]; j--) { t = x[j]; x[j] = x[j-1]; x[j-1] = t }
			least = x[1]; count = m
			return (m % 2) ? x[(m+1)/2] : (x[m/2] + x[m/2+1]) / 2
		}
		END {
			printf "%-22s %3s %18s %18s %24s %16s\n", "CPU ms per epoch", "n", "native least/med", "wasm least/med", "wasm/native (rounds)", "wall med n/w"
			for (k = 1; k <= n; k++) {
				b = order[k]
				nm = stats(v, b, "native"); nl = least
				wm = stats(v, b, "wasm"); wl = least; c = count
				qlo = ""; qhi = ""
				for (r in rs) if ((b, "native", r) in v && (b, "wasm", r) in v) {
					q = v[b, "wasm", r] / v[b, "native", r]
					if (qlo == "" || q < qlo) qlo = q
					if (qhi == "" || q > qhi) qhi = q
				}
				printf "%-22s %3d %18s %18s %24s %16s\n", b, c, sprintf("%.2f/%.2f", nl, nm), sprintf("%.2f/%.2f", wl, wm),
					sprintf("%.2f (%.2f–%.2f)", wl / nl, qlo, qhi), sprintf("%.1f/%.1f", stats(w, b, "native"), stats(w, b, "wasm"))
			}
		}' "$@"
}

if [ "${1:-}" = summarize ]; then
	shift
	summarize "$@"
	exit 0
fi

for round in $(seq "$rounds"); do
	for bench in $benches; do
		read -r lo hi <<<"$(epochs "$bench")"
		for side in native wasm; do
			read -r cpuLo _ <<<"$(run "$side" "$bench" "$lo")"
			read -r cpuHi wall <<<"$(run "$side" "$bench" "$hi")"
			echo "$round $side $bench $(awk -v a="$cpuLo" -v b="$cpuHi" -v n=$((hi - lo)) 'BEGIN { printf "%.3f", (b - a) / n * 1000 }') $(awk -v w="$wall" 'BEGIN { printf "%.3f", w / 1e6 }')" |
				tee -a "$out/results.txt" >&2
		done
	done
done

summarize "$out/results.txt"
echo "raw results: $out/results.txt" >&2
