#!/usr/bin/env bash
# imlab build script.
#   ./build.sh          build dist/ (the static site: index.html, main.wasm, wasm_exec.js, assets/,
#                       sw.js and manifest.webmanifest for offline use, imlab.html: the lab in one file)
#   ./build.sh serve    build, then serve dist/ at http://127.0.0.1:${PORT:-8080}
#   ./build.sh test     vet, native tests, core tests under wasm/node, a short fuzz run, browser e2e tests
#                       (with axe-core's accessibility audits)
#   ./build.sh cli      build the native CLI into bin/imlab
#   ./build.sh results  rebuild docs/results.md, the paper's tables and figures (SIZE=paper for full size)
#   ./build.sh bench    time imlab against scikit-learn and LIBLINEAR (docs/peers.md)
#   ./build.sh methods  rebuild docs/methods.md, every method's tables, τ* and the race (15–50 min)
set -euo pipefail
cd "$(dirname "$0")"

log() { printf '\n== %s\n' "$*" >&2; }

need_go() {
	command -v go >/dev/null 2>&1 || { echo "build.sh: Go 1.26 is required (https://go.dev/dl/)" >&2; exit 1; }
	go mod download
}

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# apt_install PKG... installs Debian packages that are missing.
apt_install() {
	local missing=()
	for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
	[ ${#missing[@]} -eq 0 ] && return 0
	log "installing ${missing[*]}"
	as_root apt-get update -qq
	DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}" >/dev/null
}

need_node() { command -v node >/dev/null 2>&1 || apt_install nodejs; }
need_chromium() { command -v chromium >/dev/null 2>&1 || apt_install chromium; }

# axe_core prints the path of axe-core's axe.min.js, installed once with npm
# into the user's cache, for the browser tests' accessibility audits
# (IMLAB_AXE); nothing if it cannot be had (the audits are then skipped, and
# the log says so).
axe_core() {
	local version=4.14.1
	local dir="${XDG_CACHE_HOME:-$HOME/.cache}/imlab/axe-core-$version"
	local js="$dir/node_modules/axe-core/axe.min.js"
	if [ ! -f "$js" ]; then
		command -v npm >/dev/null 2>&1 || apt_install npm || true
		log "installing axe-core $version (npm) for the accessibility audits"
		mkdir -p "$dir"
		npm install --prefix "$dir" --no-audit --no-fund --silent "axe-core@$version" >&2 || true
	fi
	if [ -f "$js" ]; then
		echo "$js"
	else
		echo "build.sh: axe-core could not be installed: the browser tests run without their accessibility audits" >&2
	fi
}

# commit names the checkout for the version in exports (lab.Version): the
# commit, "-dirty" if anything is uncommitted; "devel" outside git.
commit() {
	local rev
	rev=$(git rev-parse --short=12 HEAD 2>/dev/null) || { echo devel; return; }
	[ -z "$(git status --porcelain 2>/dev/null)" ] || rev+=-dirty
	echo "$rev"
}

build() {
	need_go
	log "building dist/"
	rm -rf dist && mkdir -p dist
	# -s -w: no symbol table or DWARF. -l (no inlining) for vecty and fmt: their
	# small helpers, inlined into every render function and every Errorf, cost
	# 56 kB of gzip and no measurable time. Also for the packages that only the
	# page's glue uses and the readers, printers and reflection that core calls
	# but not per example: their -l leaves core's solver and generation code as
	# it was (docs/size.md shows how this is checked); and for time, which core
	# calls per slice, evaluation or timed minibatch, never per example (2.4 kB
	# of gzip); and for the parts of core that run once per run or table, never
	# per example (the paper's engine, tables, budgets, the pipeline, the
	# method catalogue: 1.4 kB). Not for the rest of the standard library or
	# core: a package built with -l cannot be inlined into its callers.
	local noinline=(github.com/hexops/vecty/... fmt imlab/ui/... imlab/wasm honnef.co/go/js/dom/v2
		syscall/js reflect internal/fmtsort runtime/debug compress/... encoding/csv encoding/xml
		encoding/hex image/... time imlab/core/paper imlab/core/table imlab/core/budget
		imlab/core/pipeline imlab/core/method/catalog)
	local gcflags=() p
	for p in "${noinline[@]}"; do gcflags+=(-gcflags="$p=-l"); done
	GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w -X imlab/ui/lab.commit=$(commit)" "${gcflags[@]}" -o dist/main.wasm ./wasm
	# Go's linker writes the data as ~77,000 segments, split at every run of
	# 10 zero bytes; their headers cost 130 kB of gzip, the zeros nearly
	# nothing: merge them (the same memory, docs/size.md).
	go run ./cmd/wasmdata dist/main.wasm >&2
	cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" dist/
	cp index.html dist/
	[ -d assets ] && cp -r assets dist/
	local raw gz
	raw=$(wc -c <dist/main.wasm)
	gz=$(gzip -9 -c dist/main.wasm | wc -c)
	log "dist/main.wasm: $raw bytes raw, $gz bytes gzip"
	# Icons, web app manifest, service worker (sw.js) and imlab.html, the lab in one file.
	go run ./cmd/offline -dir dist -data ../shared/data
}

wasm_test() {
	GOOS=js GOARCH=wasm go test -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" "$@"
}

# list_pkgs GOOS/GOARCH PATTERN... lists the packages PATTERN names when
# built for that platform. A pattern that matches nothing there is an error,
# not go list's warning: a package dropped so would have its tests skipped
# without a word.
list_pkgs() {
	local platform=$1 out err
	shift
	err=$(mktemp)
	out=$(GOOS=${platform%/*} GOARCH=${platform#*/} go list "$@" 2>"$err") || { cat "$err" >&2; rm -f "$err"; return 1; }
	if grep -q 'matched no packages' "$err"; then
		echo "build.sh: under $platform, $(grep 'matched no packages' "$err" | sed 's/^go: warning: //')" >&2
		rm -f "$err"
		return 1
	fi
	cat "$err" >&2
	rm -f "$err"
	echo "$out"
}

# Packages whose tests run under js/wasm (node): all of core/, and the UI
# packages that do not import vecty (ui/browser, js-only: the workers'
# messages). Listed for js/wasm, where ui/browser exists.
wasm_pkgs() {
	list_pkgs js/wasm ./core/... ./ui/browser/... ./ui/chart/... ./ui/figures/... ./ui/lab/...
}

# Packages whose tests run natively: every package built for this machine
# (./... leaves out the js-only ones: ui/browser, ui/canvas, wasm, which have
# no native tests to lose; their tests are wasm_pkgs' and the browser's).
native_pkgs() {
	list_pkgs "$(go env GOOS)/$(go env GOARCH)" ./...
}

# untested NATIVE WASM fails if a package has tests for js/wasm but is in
# neither list: a js-only package whose tests nothing would run.
untested() {
	local p missing=()
	for p in $(GOOS=js GOARCH=wasm go list -f '{{if or .TestGoFiles .XTestGoFiles}}{{.ImportPath}}{{end}}' ./...); do
		grep -qxF "$p" <<<"$1"$'\n'"$2" || missing+=("$p")
	done
	if [ ${#missing[@]} -gt 0 ]; then
		echo "build.sh: tests that no run covers (add the package to wasm_pkgs): ${missing[*]}" >&2
		return 1
	fi
}

test_all() {
	need_go
	need_node
	log "go vet (native and js/wasm)"
	go vet ./...
	GOOS=js GOARCH=wasm go vet ./...
	log "native tests"
	local native wasm
	native=$(native_pkgs)
	# shellcheck disable=SC2086
	go test -count=1 $native
	log "core and UI tests under js/wasm (node)"
	wasm=$(wasm_pkgs)
	untested "$native" "$wasm"
	# shellcheck disable=SC2086
	wasm_test -count=1 $wasm
	# A count, not a duration: Go 1.26's fuzzer can fail a run with "context
	# deadline exceeded" when a duration ends while a worker is busy
	# (go.dev/issue/75804, fixed in Go 1.27); a count has no deadline.
	log "fuzzing the LIBSVM reader briefly (any input, long lines, a small memory budget, gzip and bzip2, PositiveClass)"
	for target in FuzzRead FuzzReadLongLines FuzzReadBudget FuzzReadCompressed FuzzPositiveClass; do
		go test -run='^$' -fuzz="^$target\$" -fuzztime=30000x ./core/libsvm
	done
	# Some of its inputs are lines of 256 MiB, seconds each; one worker, as
	# the fuzzer ends a worker that is silent for 10 s.
	log "fuzzing the default budget's line limit briefly"
	go test -run='^$' -fuzz='^FuzzReadDefaultLimit$' -fuzztime=1000x -parallel=1 ./core/libsvm
	log "fuzzing the link parser briefly (round trip and validation)"
	go test -run='^$' -fuzz='^FuzzParseHash$' -fuzztime=60000x ./ui/lab/setup
	log "fuzzing the generator's parameters briefly (laws, sizes, densities under a small budget)"
	go test -run='^$' -fuzz='^FuzzGenerate$' -fuzztime=5000x ./core/synth
	log "browser end-to-end tests"
	need_chromium
	# The canvas replayer's tests need a document: ui/chart's, in Chromium.
	local tmp
	tmp=$(mktemp -d)
	GOOS=js GOARCH=wasm go test -c -o "$tmp/chart.test" ./ui/chart
	go run ./bench/wasmrun "$tmp/chart.test" -test.run 'Replay' -test.v
	rm -rf "$tmp"
	build
	# The full log goes to a fresh file, printed once if anything failed.
	local e2e_log
	e2e_log=$(mktemp -t imlab-e2e.XXXXXX.log)
	# -timeout: the suite takes about 3 minutes on an idle 2-core machine, and
	# several times that on a loaded one; Go's default of 10 minutes cut it short.
	local axe
	axe=$(axe_core)
	IMLAB_E2E=1 IMLAB_AXE="$axe" go test -count=1 -timeout 60m -v ./e2e/ >"$e2e_log" 2>&1 || true
	grep -E '^(=== RUN|--- |PASS|FAIL|ok|\s+e2e_)' "$e2e_log" || true
	if ! grep -qE '^(ok|PASS)' "$e2e_log" || grep -q -- '--- FAIL' "$e2e_log"; then
		cat "$e2e_log"
		failures "$e2e_log"
		exit 1
	fi
	echo "e2e log: $e2e_log" >&2
}

# failures prints, last, each failed test of a go test -v log with the
# lines its test wrote: a CI record keeps the start and the end of a long
# log, and the end is then the reason.
failures() {
	echo "build.sh: what the failed tests wrote:" >&2
	awk '
		/^=== (RUN|NAME|CONT) / { cur = $3; next }
		/^ *--- FAIL: / { name = $3; print $0; printf "%s", said[name]; next }
		/^    / && cur != "" { said[cur] = said[cur] $0 "\n" }
	' "$1" >&2
}

case "${1:-build}" in
build) build ;;
serve)
	build
	go run ./cmd/serve -dir dist -addr "127.0.0.1:${PORT:-8080}"
	;;
test) test_all ;;
results)
	# Rebuild docs/results.md: every table and figure of the paper (SIZE=paper for n = 50,000).
	need_go
	data=()
	for f in ../shared/data/w8a.gz ../shared/data/ijcnn1.tr.gz; do [ -f "$f" ] && data+=("$f"); done
	go run ./cmd/imlab report -size "${SIZE:-quick}" -seeds "${SEEDS:-3}" -o docs \
		${data[@]+-data "$(IFS=,; echo "${data[*]}")"}
	;;
bench)
	need_go
	exec bench/peers.sh "${@:2}"
	;;
methods)
	# Rebuild docs/methods.md: the paper's tables per method, τ* against measurement, the race (docs/peers.md).
	need_go
	go run ./bench/methods -out docs/methods.md
	;;
cli)
	need_go
	mkdir -p bin && go build -o bin/imlab ./cmd/imlab && echo "bin/imlab"
	;;
*)
	echo "usage: $0 [build|serve|test|cli|results|bench|methods]" >&2
	exit 2
	;;
esac
