#!/usr/bin/env bash
# bench/peers.sh — race imlab's SDCA and dfSDCA against scikit-learn (SAG, SAGA) and
# LIBLINEAR (-s 7 dual CD, -s 0 trust-region Newton) on w8a and ijcnn1.tr,
# single-threaded, on this machine, in one run.
#
#   bench/peers.sh            full run (τ sweep 3 runs each, then 5 interleaved timed
#                             repetitions of every solver; about 10 minutes)
#   bench/peers.sh --quick    smoke test (1 run each, fewer τ; a few minutes)
#   bench/peers.sh --runs N   N timed repetitions (median reported)
#   bench/peers.sh --wall     time solves by the wall clock instead of each
#                             process's CPU time (the default, which the
#                             other jobs of a shared machine disturb less)
#
# Problem: logistic loss, a constant-1 bias feature appended, λ = max_i ‖x_i‖/n
# (after the bias), P(w) = (1/n) Σ log(1 + exp(−y_i x_iᵀw)) + (λ/2)‖w‖².
# P* comes from `imlab optimum`. Each solver's time to P − P* ≤ 1e−6 and ≤ 1e−10
# is measured as described in docs/peers.md (the Python side in bench/peers.py).
#
# Prints a Markdown table on stdout and writes it, with the machine it ran on,
# between the "measured" markers of docs/peers.md (the rest of that file is
# hand-written and kept). Progress and logs go to stderr and to $BENCH_LOG_DIR
# (default: a temporary directory, removed at exit unless BENCH_KEEP_LOGS=1).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
data_dir="$(dirname "$0")/../../shared/data"

runs=5       # timed repetitions (median reported)
sweep_runs=3 # runs per τ in imlab's τ sweep
quick=0
clock=cpu
while [ $# -gt 0 ]; do
	case "$1" in
	--quick) quick=1 runs=1 sweep_runs=1 ;;
	--wall) clock=wall ;;
	--runs)
		runs=${2:?--runs needs a number}
		shift
		;;
	-h | --help)
		sed -n "2,20p" "$0" | sed 's/^# \{0,1\}//'
		exit 0
		;;
	*)
		echo "peers.sh: unknown argument '$1' (want --quick, --wall or --runs N)" >&2
		exit 2
		;;
	esac
	shift
done
case "$runs" in '' | *[!0-9]* | 0)
	echo "peers.sh: --runs wants a positive integer, got '$runs'" >&2
	exit 2
	;;
esac

log() { printf 'peers.sh: %s\n' "$*" >&2; }

datasets=(w8a:w8a.gz ijcnn1:ijcnn1.tr.gz)
for ds in "${datasets[@]}"; do
	if [ ! -f "$data_dir/${ds#*:}" ]; then
		log "skipping the benchmark: $data_dir/${ds#*:} not found (the LIBSVM files live in shared/data beside the repository)"
		exit 0
	fi
done
data_dir=$(cd "$data_dir" && pwd)

if [ $quick = 1 ]; then
	taus=(1 8 32)
	py_solvers=sag,saga,liblinear-s7,liblinear-s0
else
	taus=(1 2 4 8 16 32)
	py_solvers=sag,saga,liblinear-s7,liblinear-s0
fi
tau_workers=32
targets=(1e-6 1e-10)

# ---------------------------------------------------------------- tools

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

python=/usr/bin/python3 # Debian's, where the python3-* packages install; not a pyenv shim
need_python() {
	local missing=() p
	for p in python3-sklearn python3-liblinear liblinear-tools; do
		dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
	done
	if [ ${#missing[@]} -gt 0 ]; then
		log "installing ${missing[*]}"
		as_root apt-get update -qq
		DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}" >/dev/null
	fi
	"$python" -c 'import sklearn, liblinear' || {
		log "$python cannot import sklearn and liblinear"
		exit 1
	}
}

command -v go >/dev/null 2>&1 || {
	log "Go is required"
	exit 1
}
need_python

logs=${BENCH_LOG_DIR:-}
if [ -z "$logs" ]; then
	logs=$(mktemp -d /tmp/imlab-peers.XXXXXX)
	[ "${BENCH_KEEP_LOGS:-0}" = 1 ] || trap 'rm -rf "$logs"' EXIT
fi
mkdir -p "$logs"
imlab="$logs/imlab"
race="$logs/race"
log "building the imlab CLI and bench/race"
(cd "$root" && go build -o "$imlab" ./cmd/imlab && go build -o "$race" ./bench/race)

export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1

# csv_col FILE NAME prints column NAME of the first data row of a CSV file.
csv_col() {
	awk -F, -v name="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i; next }
		NR == 2 { print $c; exit }' "$1"
}

# reach_times FILE TAU prints the solver seconds at the first trace rows with
# gap ≤ 1e-6 and gap ≤ 1e-10 ("nan" if not reached) and the passes/τ
# (iterations/n) of each: dfSDCA's trace has iter_per_n, the other methods'
# traces passes.
reach_times() {
	awk -F, -v tau="$2" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		{ g = $col["gap"] + 0; s = $col["seconds"]; x = ("iter_per_n" in col) ? $col["iter_per_n"] : $col["passes"] / tau
		  if (t6 == "" && g <= 1e-6) { t6 = s; x6 = x }
		  if (t10 == "" && g <= 1e-10) { t10 = s; x10 = x } }
		END { print (t6 == "" ? "nan" : t6), (t10 == "" ? "nan" : t10), (x6 == "" ? "nan" : x6), (x10 == "" ? "nan" : x10) }' "$1"
}

# median prints the median of its numeric arguments ("nan" values sort last;
# the median is nan if more than half are nan).
median() {
	printf '%s\n' "$@" | awk '$1 == "nan" { bad++; next } { v[++n] = $1 + 0 }
		END { tot = n + bad; if (n == 0 || bad > tot / 2) { print "nan"; exit }
		      asort_n(v, n); m = int((tot + 1) / 2); print (m <= n ? v[m] : "nan") }
		function asort_n(a, k,   i, j, t) { for (i = 2; i <= k; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t } }'
}

# imlab_run NAME FILE SAMPLING TAU WORKERS TAG [METHOD] runs `imlab run` once
# (METHOD: dfsdca, the default, or sdca) and prints "t6 t10 x6 x10" (solver
# seconds and passes/τ at 1e-6 and 1e-10; nan if not reached).
imlab_run() {
	local name=$1 file=$2 sampling=$3 tau=$4 workers=$5 tag=$6 method=${7:-dfsdca} procs=1 every out
	[ "$workers" -gt 1 ] && procs=$workers
	# P is evaluated every min(0.05, 0.2/τ) passes/τ, i.e. at least every 0.2
	# epochs (the peers' resolution is one epoch); evaluations are not timed.
	# The other methods' -eval-every is in passes: every 0.2.
	every=$(awk -v t="$tau" 'BEGIN { e = 0.2 / t; if (e > 0.05) e = 0.05; printf "%g", e }')
	[ "$method" = dfsdca ] || every=0.2
	out="$logs/imlab-$method-$name-$sampling-tau$tau-w$workers-$tag.csv"
	if GOMAXPROCS=$procs "$imlab" run -data "$file" -bias -method "$method" -sampling "$sampling" -tau "$tau" \
		-workers "$workers" -eps 1e-10 -eval-every "$every" -seed 1 >"$out" 2>"${out%.csv}.log"; then
		reach_times "$out" "$tau"
	else
		log "imlab run failed ($name $sampling τ=$tau): $(tail -n 1 "${out%.csv}.log")"
		echo nan nan nan nan
	fi
}

# imlab_timed FILE PSTAR SAMPLING TAU WORKERS METHOD ORDER times imlab the
# way bench/peers.py times the peers (bench/race: an untimed search for the
# whole epochs that reach each target, then a fresh timed solve of that many
# epochs, setup included, no evaluation of P inside the clock) and prints
# "t6 t10 e6 e10" (seconds and epochs; nan if not reached).
imlab_timed() {
	local file=$1 pstar=$2 sampling=$3 tau=$4 workers=$5 method=$6 order=$7 procs=1
	[ "$workers" -gt 1 ] && procs=$workers
	if ! GOMAXPROCS=$procs "$race" -data "$file" -pstar "$pstar" -targets "$targets_csv" -method "$method" \
		-sampling "$sampling" -tau "$tau" -workers "$workers" -order "$order" -seed 1 -clock "$clock" 2>>"$logs/race.log"; then
		log "bench/race failed ($method $sampling τ=$tau): $(tail -n 1 "$logs/race.log")"
		echo nan nan nan nan
	fi
}

# minimum prints the least of its numeric arguments ("nan" if all are nan).
minimum() {
	printf '%s\n' "$@" | awk '$1 != "nan" && (m == "" || $1 + 0 < m) { m = $1 + 0 } END { print (m == "" ? "nan" : m) }'
}

fmt() { # seconds with 3 significant digits, or "not reached"
	awk -v v="$1" 'BEGIN { if (v == "nan" || v == "") print "not reached"; else printf "%.3g\n", v }'
}

ratio() { # $1 / $2 with 2 decimals, or "—"
	awk -v a="$1" -v b="$2" 'BEGIN { if (a == "nan" || b == "nan" || a == "" || b == "" || b + 0 == 0) print "—"; else printf "%.2f\n", a / b }'
}

# ---------------------------------------------------------------- measuring

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
started=$(date -u '+%Y-%m-%d %H:%M UTC')
main_rows=() # "solver|data|median t6|median t10|min t6|min t10|runs|note"
tau_rows=()  # "data|sampling|tau|t6|t10|x6|x10"
verdict_rows=()
targets_csv=$(
	IFS=,
	echo "${targets[*]}"
)

for ds in "${datasets[@]}"; do
	name=${ds%%:*}
	file="$data_dir/${ds#*:}"
	log "$name: P* by imlab optimum"
	"$imlab" optimum -data "$file" -bias >"$logs/optimum-$name.csv"
	pstar=$(csv_col "$logs/optimum-$name.csv" primal)
	log "$name: P* = $pstar (gap bound $(csv_col "$logs/optimum-$name.csv" gap_bound))"

	# 1. imlab's τ sweep, which picks the best τ (least median seconds to 1e-10).
	best_tau="" best_t10=""
	for sampling in imp nice; do
		for tau in "${taus[@]}"; do
			log "$name: imlab $sampling τ=$tau, sweep ($sweep_runs runs)"
			t6s=() t10s=()
			for ((r = 1; r <= sweep_runs; r++)); do
				read -r a b x6 x10 < <(imlab_run "$name" "$file" "$sampling" "$tau" 1 "sweep$r")
				t6s+=("$a") t10s+=("$b")
			done
			a=$(median "${t6s[@]}") b=$(median "${t10s[@]}")
			tau_rows+=("$name|$sampling|$tau|$a|$b|$x6|$x10")
			if [ "$sampling" = imp ] && [ "$b" != nan ] &&
				{ [ -z "$best_t10" ] || awk -v x="$b" -v y="$best_t10" 'BEGIN { exit !(x < y) }'; }; then
				best_tau=$tau best_t10=$b
			fi
		done
	done

	# 2. The peers' settings that reach each target (bench/peers.py, untimed search).
	log "$name: scikit-learn and LIBLINEAR, searching the settings that reach ${targets[*]}"
	"$python" "$here/peers.py" --data "$file" --name "$name" --pstar "$pstar" --check \
		--runs 0 --solvers "$py_solvers" --targets "$targets_csv" \
		>"$logs/search-$name.csv" 2> >(tee "$logs/peers-$name.log" >&2)

	# 3. Timed repetitions, interleaved so that a change in the machine's load
	# hits every solver alike: each repetition runs every configuration once.
	# Each configuration is "sampling τ workers method order".
	configs=("importance 1 1 sdca shuffled" "importance 1 1 sdca iid" "imp 1 1 dfsdca iid")
	[ -n "$best_tau" ] && [ "$best_tau" != 1 ] && configs+=("imp $best_tau 1 dfsdca iid")
	[ -n "$best_tau" ] && configs+=("nice $best_tau 1 dfsdca iid")
	configs+=("imp $tau_workers 2 dfsdca iid")
	declare -A T6=() T10=() EP=()
	for ((r = 1; r <= runs; r++)); do
		log "$name: timed repetition $r of $runs"
		for c in "${configs[@]}"; do
			read -r sampling tau workers method order <<<"$c"
			read -r a b e6 e10 < <(imlab_timed "$file" "$pstar" "$sampling" "$tau" "$workers" "$method" "$order")
			T6[$c]+=" $a" T10[$c]+=" $b"
			EP[$c]="$e6; $e10 epochs"
		done
		"$python" "$here/peers.py" --data "$file" --name "$name" --pstar "$pstar" \
			--plan "$logs/search-$name.csv" --runs 1 --clock "$clock" >"$logs/timed-$name-rep$r.csv" 2>>"$logs/peers-$name.log"
		while IFS=, read -r solver _ target _ seconds _ _ _; do
			[ "$solver" = solver ] && continue
			if [ "$target" = 1e-06 ]; then T6[$solver]+=" $seconds"; else T10[$solver]+=" $seconds"; fi
		done <"$logs/timed-$name-rep$r.csv"
	done
	med6() { median ${T6[$1]:-nan}; }
	med10() { median ${T10[$1]:-nan}; }
	min6() { minimum ${T6[$1]:-nan}; }
	min10() { minimum ${T10[$1]:-nan}; }
	# row LABEL KEY NOTE: a main-table row for configuration KEY.
	row() { main_rows+=("$1|$name|$(med6 "$2")|$(med10 "$2")|$(min6 "$2")|$(min10 "$2")|$runs|$3"); }

	best="importance 1 1 sdca shuffled"
	row "imlab SDCA, importance, shuffled epochs" "$best" "${EP[$best]}; -method sdca -sampling importance -order shuffled"
	row "imlab SDCA, importance, i.i.d." "importance 1 1 sdca iid" "${EP[importance 1 1 sdca iid]}; -method sdca -sampling importance"
	[ "$best_tau" = 1 ] || row "imlab dfSDCA τ-importance, τ=1" "imp 1 1 dfsdca iid" "${EP[imp 1 1 dfsdca iid]}"
	if [ -n "$best_tau" ]; then
		row "imlab dfSDCA τ-importance, best τ=$best_tau" "imp $best_tau 1 dfsdca iid" "${EP[imp $best_tau 1 dfsdca iid]}; fastest to 1e−10 in the τ sweep"
		row "imlab dfSDCA τ-nice, τ=$best_tau" "nice $best_tau 1 dfsdca iid" "${EP[nice $best_tau 1 dfsdca iid]}; reference"
	fi
	row "imlab dfSDCA τ-importance, τ=$tau_workers, 2 workers" "imp $tau_workers 2 dfsdca iid" "${EP[imp $tau_workers 2 dfsdca iid]}; GOMAXPROCS=2"
	for solver in sag saga liblinear-s7 liblinear-s0; do
		setting=$(awk -F, -v s="$solver" '$1 == s { out = out (out == "" ? "" : "; ") $7 } END { print out }' "$logs/search-$name.csv")
		[ -n "$setting" ] || continue
		case $solver in
		sag) label="scikit-learn SAG" ;;
		saga) label="scikit-learn SAGA" ;;
		liblinear-s7) label="LIBLINEAR -s 7 (dual CD)" ;;
		liblinear-s0) label="LIBLINEAR -s 0 (primal Newton)" ;;
		esac
		row "$label" "$solver" "$setting"
	done
	for from in median "best run"; do
		if [ "$from" = median ]; then f6=med6 f10=med10; else f6=min6 f10=min10; fi
		v="$name|SDCA, importance, shuffled|$from"
		for peer in liblinear-s7 sag saga; do
			v+="|$(ratio "$($f6 "$best")" "$($f6 $peer)")|$(ratio "$($f10 "$best")" "$($f10 $peer)")"
		done
		verdict_rows+=("$v")
	done
	unset T6 T10 EP
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

# ---------------------------------------------------------------- reporting

report() {
	if [ "$clock" = cpu ]; then
		echo -n "CPU seconds (the solving process's user + system time)"
	else
		echo -n "Wall-clock seconds"
	fi
	echo " of a fresh solve (setup included, data in memory, no evaluation of P inside the clock) to the whole epoch that first reaches the target: median of the timed repetitions, and the best (least) of them; all single-threaded except the 2-worker row."
	echo "Setting: how each peer was stopped, and the epochs (passes over the data) each solver used to reach 1e−6; 1e−10."
	echo
	echo "| solver | data set | time to 1e−6 (s) | time to 1e−10 (s) | best to 1e−6 | best to 1e−10 | runs | setting |"
	echo "|---|---|---:|---:|---:|---:|---:|---|"
	local row s d a b c e n note
	for row in "${main_rows[@]}"; do
		IFS='|' read -r s d a b c e n note <<<"$row"
		echo "| $s | $d | $(fmt "$a") | $(fmt "$b") | $(fmt "$c") | $(fmt "$e") | $n | $note |"
	done
	echo
	echo "imlab's time over the peers' (goal: below 1.00 against every peer at both precisions):"
	echo
	echo "| data set | imlab | from | ÷ LIBLINEAR -s 7, 1e−6 | ÷ LIBLINEAR -s 7, 1e−10 | ÷ SAG, 1e−6 | ÷ SAG, 1e−10 | ÷ SAGA, 1e−6 | ÷ SAGA, 1e−10 |"
	echo "|---|---|---|---:|---:|---:|---:|---:|---:|"
	for row in "${verdict_rows[@]}"; do
		echo "| ${row//|/ | } |"
	done
	echo
	echo "imlab's τ sweep ($sweep_runs run(s) each, median solver seconds; passes/τ = iterations/n at the first evaluation that reached the target):"
	echo
	echo "| data set | sampling | τ | time to 1e−6 (s) | time to 1e−10 (s) | passes/τ to 1e−6 | passes/τ to 1e−10 |"
	echo "|---|---|---:|---:|---:|---:|---:|"
	local sampling tau x6 x10
	for row in "${tau_rows[@]}"; do
		IFS='|' read -r d sampling tau a b x6 x10 <<<"$row"
		[ "$sampling" = imp ] && sampling=τ-importance || sampling=τ-nice
		echo "| $d | $sampling | $tau | $(fmt "$a") | $(fmt "$b") | $(fmt "$x6") | $(fmt "$x10") |"
	done
}

machine() {
	local cpu sk ll
	cpu=$(awk -F': ' '/^model name/ { m = $2 } /^cache size/ { c = $2 } END { print m ", " c " cache" }' /proc/cpuinfo)
	sk=$("$python" -c 'import sklearn, numpy, scipy; print(f"scikit-learn {sklearn.__version__}, NumPy {numpy.__version__}, SciPy {scipy.__version__}")')
	ll=$(dpkg-query -W -f='${Version}' python3-liblinear 2>/dev/null || echo unknown)
	echo "- date: $started; $( [ $quick = 1 ] && echo "**--quick** run" || echo "full run"), $runs timed repetition(s) per entry (median), $sweep_runs run(s) per τ in the sweep; timed by $( [ $clock = cpu ] && echo "CPU time" || echo "wall clock")"
	echo "- machine: $(env -u OMP_NUM_THREADS -u OMP_THREAD_LIMIT nproc) CPUs ($cpu), $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo) RAM, $(uname -sr)"
	echo "- load average (1, 5, 15 min) before: $load_before; after: $load_after (the machine is shared)"
	echo "- $(go version | cut -d' ' -f3-); Python $("$python" -c 'import platform; print(platform.python_version())'); $sk; LIBLINEAR $ll (Debian python3-liblinear)"
	local ds
	for ds in "${datasets[@]}"; do
		local n=${ds%%:*} check
		check=$(sed -n "s/^peers.py: $n: |P\*(given) − P\*(Newton here)| = //p" "$logs/peers-$n.log" | head -n 1)
		echo "- $n: P* = $(csv_col "$logs/optimum-$n.csv" primal) by \`imlab optimum\` (certified gap bound $(csv_col "$logs/optimum-$n.csv" gap_bound)); bench/peers.py's own Newton solve differs by ${check:-(not run)}"
	done
	echo "- imlab at commit $(cd "$root" && git rev-parse --short HEAD 2>/dev/null || echo unknown)$(cd "$root" && [ -n "$(git status --porcelain 2>/dev/null)" ] && echo " + uncommitted changes")"
}

table=$(report)
echo "$table"

doc="$root/docs/peers.md"
begin='<!-- measured:begin (written by bench/peers.sh; do not edit by hand) -->'
end='<!-- measured:end -->'
block=$(printf '%s\n\n%s\n\n%s\n%s\n' "$begin" "$(machine)" "$table" "$end")
mkdir -p "$(dirname "$doc")"
if [ -f "$doc" ] && grep -qF "$begin" "$doc" && grep -qF "$end" "$doc"; then
	BLOCK="$block" awk -v b="$begin" -v e="$end" '
		$0 == b { print ENVIRON["BLOCK"]; skip = 1; next }
		$0 == e { skip = 0; next }
		!skip' "$doc" >"$doc.tmp" && mv "$doc.tmp" "$doc"
else
	[ -f "$doc" ] && cp "$doc" "$doc.bak"
	printf '# imlab against its peers\n\n%s\n' "$block" >"$doc"
fi
log "wrote $doc"
