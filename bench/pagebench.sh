# bench/pagebench.sh — sourced by the page's benchmarks (page.sh, ready.sh,
# papersize.sh): moves to the repository, builds dist/ unless
# BENCH_NO_BUILD=1, and prints the run's header line.
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
if [ "${BENCH_NO_BUILD:-0}" != 1 ]; then
	./build.sh >&2
fi
echo "# $(date -u +%FT%TZ) $(git rev-parse --short HEAD), $(nproc) cores, $(uname -m), load $(cut -d' ' -f1-3 /proc/loadavg)"
