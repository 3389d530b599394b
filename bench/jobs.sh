#!/bin/bash
# bench/jobs.sh times `imlab paper -preset dense -size quick -seeds SEEDS`
# (default 3) with -jobs 1 and -jobs 2, interleaved, REPS times (default 3),
# logging wall, user and system seconds and the load average before each run
# (docs/jobs.md). It also checks that every run printed the same table. From
# the repository root:
#
#	bench/jobs.sh [REPS [SEEDS]]
set -euo pipefail
cd "$(dirname "$0")/.."
reps=${1:-3}
seeds=${2:-3}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go build -o "$dir/imlab" ./cmd/imlab
for rep in $(seq "$reps"); do
	for jobs in 1 2; do
		printf 'rep %d jobs %d load %s: ' "$rep" "$jobs" "$(cut -d' ' -f1-3 /proc/loadavg)"
		/usr/bin/time -f 'wall %e user %U sys %S' -o "$dir/time" \
			"$dir/imlab" paper -preset dense -size quick -seeds "$seeds" -jobs "$jobs" >"$dir/out-$rep-$jobs.csv" 2>/dev/null
		cat "$dir/time"
	done
done
if [ "$(md5sum "$dir"/out-*.csv | cut -d' ' -f1 | sort -u | wc -l)" -ne 1 ]; then
	echo "bench/jobs.sh: the tables differ between runs" >&2
	exit 1
fi
echo "every run printed the same table"
