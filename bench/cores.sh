#!/bin/bash
# bench/cores.sh prepares the many-core measurements of docs/cores.md for a
# machine with no Go toolchain: it builds static binaries of imlab and
# bench/cores into DIR (default bin/cores, ignored by git, a few MB) beside a
# run.sh that, run on the big machine, writes its results as text to $OUT
# (default DIR/results). From the repository root:
#
#	bench/cores.sh [DIR]        # here: build
#	bash bin/cores/run.sh       # there (or here): measure, about 6 minutes
#
# On a machine lent through a tool that copies the checkout and carries
# ignored folders by name: run bench/cores.sh in that checkout, then there
# `bash bin/cores/run.sh`, carrying bin/cores (about 13 MB).
#
# run.sh measures, in order, stopping each stage at its time limit so that
# what finished is kept:
#   1. one run's scaling: bench/cores at n = 50,000, d = 1,000 (the paper's
#      dense shape), τ = 64 and 256, 1/2/4/8/16 workers (and the CPU count),
#      τ-importance to gap 1e−6, the bare sparse loop beside it;
#   1b. the split path alone: core/dfsdca's BenchmarkWorkers at τ = 64 (an
#      epoch at n = 20,000 for 1, 2, 4, … workers, part 0's share of the
#      margins balanced and equal);
#   1c. the layout model (bench/cores/layout.go): the solver's way of
#      sharing a minibatch among parts against margins by feature blocks,
#      1, 2, 4, … parts up to the CPU count;
#   2. jobs: imlab paper -preset dense -size quick -seeds 1 with -jobs
#      1/2/4/8/16 (wall, user and system seconds; the tables must agree);
#   3. imlab report -size paper -seeds 3 -jobs $(nproc) in what time is left
#      (BUDGET seconds in all, default 360), its progress lines time-stamped.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-bin/cores}
mkdir -p "$dir"
export CGO_ENABLED=0 GOOS=linux GOARCH=amd64
go build -trimpath -o "$dir/imlab" ./cmd/imlab
go build -trimpath -o "$dir/cores" ./bench/cores
go test -c -trimpath -o "$dir/dfsdca.test" ./core/dfsdca
git rev-parse HEAD >"$dir/commit" 2>/dev/null || true
cp bench/cores-run.sh "$dir/run.sh"
chmod +x "$dir/run.sh" "$dir/imlab" "$dir/cores" "$dir/dfsdca.test"
du -sh "$dir"
echo "bench/cores.sh: built $(cat "$dir/commit" 2>/dev/null) into $dir; run: bash $dir/run.sh"
