#!/bin/bash
# The measurements bench/cores.sh prepares (copied there as run.sh beside
# the static binaries imlab and cores). Results go to $OUT, as text:
# machine.txt, run.txt (one run's scaling), workers.txt (the split path's
# benchmark), layout.txt (the layout model), jobs.txt (paper -jobs N),
# report.txt (imlab report -size paper), summary.txt (all of it).
# BUDGET (seconds, default 360) bounds the whole; N (default 50000) is
# stage 1's number of examples.
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$here/results}
budget=${BUDGET:-360}
mkdir -p "$out"
cores=$(nproc)
start=$SECONDS
left() { echo $((budget - (SECONDS - start))); }
{
	echo "commit $(cat "$here/commit" 2>/dev/null)"
	date -u
	echo "nproc $cores"
	grep -m1 'model name' /proc/cpuinfo
	grep -E 'MemTotal|MemAvailable' /proc/meminfo
	cat /proc/loadavg
	command -v lscpu >/dev/null && lscpu | grep -Ei 'socket|numa|cache|thread|core'
} >"$out/machine.txt" 2>&1

workers=1,2,4,8,16
case ",$workers," in *",$cores,"*) ;; *) [ "$cores" -gt 1 ] && workers="$workers,$cores" ;; esac

# 1. One run's scaling (about 1.5 minutes on 16 cores).
echo "== stage 1: one run, workers $workers ($(left) s left)" >>"$out/summary.txt"
timeout 200 "$here/cores" -n "${N:-50000}" -taus 64,256 -workers "$workers" -reps 1 >"$out/run.txt" 2>&1
echo "exit $?" >>"$out/run.txt"
cat "$out/run.txt" >>"$out/summary.txt"

# 1b. The split path alone, part 0's share balanced and equal (about 40 s).
echo "== stage 1b: BenchmarkWorkers at τ = 64 ($(left) s left)" >>"$out/summary.txt"
if [ -x "$here/dfsdca.test" ] && [ "$(left)" -gt 120 ]; then
	timeout 90 "$here/dfsdca.test" -test.run '^$' -test.bench 'Workers/tau=64/' -test.benchtime 20x >"$out/workers.txt" 2>&1
	echo "exit $?" >>"$out/workers.txt"
	grep -E '^Benchmark|^exit' "$out/workers.txt" >>"$out/summary.txt"
fi

# 1c. The layout model: the solver's way of sharing a minibatch against
# margins by feature blocks (bench/cores/layout.go), τ = 64 (about 20 s).
echo "== stage 1c: layout model at τ = 64, up to $cores parts ($(left) s left)" >>"$out/summary.txt"
if [ "$(left)" -gt 150 ]; then
	timeout 60 "$here/cores" -n "${N:-50000}" -taus 64 -workers "$cores" -blocks "$((cores > 16 ? cores : 16))" -layout -reps 3 >"$out/layout.txt" 2>&1
	echo "exit $?" >>"$out/layout.txt"
	cat "$out/layout.txt" >>"$out/summary.txt"
fi

# 2. Jobs: the quick dense table (about 40 s).
echo "== stage 2: paper -preset dense -size quick -seeds 1 -jobs N ($(left) s left)" >>"$out/summary.txt"
echo "jobs wall user sys" >"$out/jobs.txt"
for j in 1 2 4 8 16; do
	[ "$(left)" -lt 60 ] && break
	TIMEFORMAT="$j %R %U %S"
	{ time timeout 120 "$here/imlab" paper -preset dense -size quick -seeds 1 -jobs "$j" >"$out/paper-jobs$j.csv" 2>"$out/paper-jobs$j.err"; } 2>>"$out/jobs.txt"
done
if ls "$out"/paper-jobs*.csv >/dev/null 2>&1 &&
	[ "$(md5sum "$out"/paper-jobs*.csv | cut -d' ' -f1 | sort -u | wc -l)" -ne 1 ]; then
	echo "the tables differ between -jobs counts" >>"$out/jobs.txt"
fi
cat "$out/jobs.txt" >>"$out/summary.txt"

# 3. The paper's tables at full size, three seeds, in what time is left.
rest=$(($(left) - 10))
echo "== stage 3: report -size paper -seeds 3 -jobs $cores, limit $rest s" >>"$out/summary.txt"
if [ "$rest" -gt 30 ]; then
	t0=$SECONDS
	TIMEFORMAT="wall %R user %U sys %S"
	{ time timeout "$rest" "$here/imlab" report -size paper -seeds 3 -jobs "$cores" -o "$out/report" 2>&1 |
		while IFS= read -r line; do echo "$((SECONDS - t0)) $line"; done >"$out/report.txt"; } 2>>"$out/report.txt"
	tail -n 40 "$out/report.txt" >>"$out/summary.txt"
	rm -rf "$out/report/figures"
fi
echo "== done after $((SECONDS - start)) s" >>"$out/summary.txt"
cat "$out/summary.txt"
