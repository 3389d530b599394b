#!/usr/bin/env bash
# bench/epoch.sh times one dfSDCA epoch natively and under WebAssembly (node),
# interleaving the two so that both see the same machine load, and prints for
# every benchmark the range of ns/op on each side and the range of the
# ratio wasm/native (docs/speed.md).
#
#   bench/epoch.sh                       # 3 rounds of the default set
#   ROUNDS=5 BENCH='Epoch/page/.*/.*/workers=1$' bench/epoch.sh
#
# BENCHTIME is passed to -test.benchtime (default 0.5s); OUT keeps the raw
# outputs (default: a fresh temporary directory, whose name is printed).
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=${ROUNDS:-3}
bench=${BENCH:-'Epoch/(page|dense)/.*/.*/workers=1$'}
benchtime=${BENCHTIME:-0.5s}
out=${OUT:-$(mktemp -d -t imlab-epoch.XXXXXX)}
mkdir -p "$out"
: >"$out/native.txt"
: >"$out/wasm.txt"

go test -c -o "$out/native.test" ./core/dfsdca
GOOS=js GOARCH=wasm go test -c -o "$out/wasm.test" ./core/dfsdca
js_exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec"

for round in $(seq "$rounds"); do
	echo "round $round/$rounds" >&2
	args=(-test.run='^$' -test.bench="$bench" -test.benchtime="$benchtime")
	"$out/native.test" "${args[@]}" | sed "s/^/$round /" >>"$out/native.txt"
	"$js_exec" "$out/wasm.test" "${args[@]}" | sed "s/^/$round /" >>"$out/wasm.txt"
done

# Columns: round, name, iterations, ns/op, …. Under load a round can only be
# slowed down, so the minimum is the best estimate of each side's time and
# the median shows the spread; wasm/native is the ratio of the minima, with
# the range of the per-round ratios.
awk '
	FNR == 1 { side = (FILENAME ~ /wasm/) ? "wasm" : "native" }
	$2 ~ /^Benchmark/ {
		name = $2; sub(/-[0-9]+$/, "", name); sub(/^Benchmark/, "", name)
		t[side, name, $1] = $4 / 1e6
		if (!(name in seen)) { seen[name] = 1; order[++n] = name }
		if ($1 > rounds) rounds = $1
	}
	# stats sets lo and med to the minimum and median of side over the rounds.
	function stats(side, name,   r, m, v, i, j, x) {
		m = 0
		for (r = 1; r <= rounds; r++) if ((side, name, r) in t) v[++m] = t[side, name, r]
		for (i = 2; i <= m; i++) for (j = i; j > 1 && v[j-1] > v[j]; j--) { x = v[j]; v[j] = v[j-1]; v[j-1] = x }
		lo = v[1]; med = (m % 2) ? v[(m+1)/2] : (v[m/2] + v[m/2+1]) / 2
	}
	END {
		printf "%-40s %15s %15s %20s\n", "one epoch", "native min/med", "wasm min/med", "wasm/native"
		for (k = 1; k <= n; k++) {
			name = order[k]; qlo = ""; qhi = ""
			for (r = 1; r <= rounds; r++) if (("native", name, r) in t && ("wasm", name, r) in t) {
				q = t["wasm", name, r] / t["native", name, r]
				if (qlo == "" || q < qlo) qlo = q
				if (qhi == "" || q > qhi) qhi = q
			}
			stats("native", name); nlo = lo; nmed = med
			stats("wasm", name); wlo = lo; wmed = med
			printf "%-40s %15s %15s %20s\n", name, sprintf("%.2f/%.2f ms", nlo, nmed), sprintf("%.2f/%.2f ms", wlo, wmed),
				sprintf("%.2f (%.2f–%.2f)", wlo / nlo, qlo, qhi)
		}
	}' "$out/native.txt" "$out/wasm.txt"
echo "raw outputs: $out" >&2
