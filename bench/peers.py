"""Time scikit-learn's SAG/SAGA and LIBLINEAR (-s 7, -s 0) to a target precision.

bench/peers.sh calls it in two ways for each data set: first to search, for
each solver and target, the setting that reaches the target (--runs 0), then,
once per timed repetition, to time those settings (--plan SEARCH.csv --runs 1),
so that the repetitions interleave with imlab's. Either way it prints one CSV
row per (solver, target) on standard output (solver, data, target, knob,
seconds, runs, setting, gap) and progress on standard error.

The problem is the one imlab solves (Csiba & Richtárik's experiments):

    P(w) = (1/n) Σ_i log(1 + exp(−y_i x_iᵀw)) + (λ/2)‖w‖²,

on a LIBSVM file with a constant-1 bias feature appended, and by default the
paper's λ = max_i ‖x_i‖ / n (the norm, after the bias is appended). Both
peers minimise (1/2)‖w‖² + C Σ_i log(1 + exp(−y_i x_iᵀw)), which is n·C times
P when C = 1/(nλ); no intercept is fitted (the bias is a feature).

The peers do not expose their iterates, so the time to reach P(w) − P* ≤ ε is
found from whole runs:

* scikit-learn SAG/SAGA: tol = 0, so a run does exactly max_iter epochs, and
  with a fixed random_state a run of k epochs is the first k epochs of any
  longer run. The smallest k with P(w_k) − P* ≤ ε is found by doubling k,
  then bisecting; the time is the wall-clock time of
  LogisticRegression.fit with max_iter = k.
* LIBLINEAR: its stopping tolerance -e is lowered by factors of 10 until the
  returned w reaches ε, then the last decade is bisected in log(-e) (to a
  factor 10^(1/16)); the time is the wall-clock time of the C function
  train() at that -e, with the problem already built in memory
  (file reading and conversion are not timed). LIBLINEAR draws its
  coordinate order from the C library's rand(), which it never seeds, so
  srand(1) is called before every run to make runs repeatable.

P(w) is computed carefully enough to resolve 1e−10: margins by a sparse
product in float64, each loss by numpy.logaddexp(0, −y m), and the sums by
math.fsum (exactly rounded).

The number of threads of every numerical library is pinned to 1 (the shell
script also sets the variables before Python starts).
"""

import argparse
import csv
import ctypes
import math
import os
import re
import statistics
import sys
import time
import warnings

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402
import scipy.sparse as sp  # noqa: E402
from sklearn.datasets import load_svmlight_file  # noqa: E402
from sklearn.exceptions import ConvergenceWarning  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402

SOLVERS = ("sag", "saga", "liblinear-s7", "liblinear-s0")


# CLOCK[0] times the solves: time.perf_counter (wall) or time.process_time
# (this process's CPU time, --clock cpu), as bench/race's -clock does for imlab.
CLOCK = [time.perf_counter]


def log(msg):
    print("peers.py: " + msg, file=sys.stderr, flush=True)


# ---------------------------------------------------------------- the problem


class Problem:
    """A LIBSVM data set with a bias feature, labels ±1 and λ."""

    def __init__(self, path, lam=None):
        X, y = load_svmlight_file(path, dtype=np.float64)
        X = sp.csr_matrix(X)
        X.eliminate_zeros()  # ijcnn1.tr stores one explicit 13:0.0
        bias = sp.csr_matrix(np.ones((X.shape[0], 1)))
        self.X = sp.hstack([X, bias], format="csr")
        self.X.sort_indices()
        labels = np.unique(y)
        if len(labels) != 2:
            raise ValueError(f"{path}: want 2 classes, found {labels}")
        self.y = np.where(y == labels[1], 1.0, -1.0)
        self.n, self.d = self.X.shape
        norms = np.sqrt(np.asarray(self.X.multiply(self.X).sum(axis=1)).ravel())
        self.lam = float(norms.max()) / self.n if lam is None else lam
        self.C = 1.0 / (self.n * self.lam)

    def primal(self, w):
        """P(w), accurate to about 1e-15 relative."""
        w = np.asarray(w, dtype=np.float64)
        m = self.y * (self.X @ w)
        loss = math.fsum(np.logaddexp(0.0, -m)) / self.n
        return loss + 0.5 * self.lam * math.fsum(w * w)

    def newton_optimum(self, tol=1e-13, max_iter=50):
        """P* by Newton's method with a dense d×d Hessian (a cross-check of imlab's)."""
        w = np.zeros(self.d)
        Xt = self.X.T.tocsr()
        for _ in range(max_iter):
            m = self.y * (self.X @ w)
            s = np.exp(-np.logaddexp(0.0, m))  # σ(−m) = 1/(1+e^m)
            grad = Xt @ (-self.y * s) / self.n + self.lam * w
            if np.linalg.norm(grad) <= tol:
                break
            curv = s * (1.0 - s) / self.n
            H = (Xt @ self.X.multiply(curv[:, None])).toarray() + self.lam * np.eye(self.d)
            step = np.linalg.solve(H, grad)
            t, p0 = 1.0, self.primal(w)
            while self.primal(w - t * step) > p0 and t > 1e-10:
                t *= 0.5
            w = w - t * step
        return self.primal(w), float(np.linalg.norm(grad))


# ------------------------------------------------------------------ the peers


class SklearnSAG:
    """scikit-learn LogisticRegression with solver sag or saga; knob = epochs."""

    def __init__(self, pb, solver, seed=0):
        self.pb, self.solver, self.seed = pb, solver, seed
        self.name = solver

    def run(self, epochs):
        clf = LogisticRegression(solver=self.solver, C=self.pb.C, penalty="l2",
                                 fit_intercept=False, tol=0.0, max_iter=int(epochs),
                                 random_state=self.seed)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            start = CLOCK[0]()
            clf.fit(self.pb.X, self.pb.y)
            seconds = CLOCK[0]() - start
        return clf.coef_.ravel().copy(), seconds

    def setting(self, epochs):
        return f"max_iter={int(epochs)} tol=0 ({int(epochs)} epochs)"


class Liblinear:
    """LIBLINEAR's train() through its Python binding; knob = -e tolerance."""

    def __init__(self, pb, solver_type):
        import liblinear as ll  # Debian python3-liblinear (2.3.0), or a newer one on PYTHONPATH

        if hasattr(ll, "__path__"):
            # LIBLINEAR ≥ 2.4x's binding is a package (liblinear/python/liblinear),
            # its train() and types in the module liblinear.liblinear.
            from liblinear import liblinear as ll
        else:
            # The old binding uses the name "scipy" for what is numpy's API
            # (scipy.ctypeslib, scipy.empty, ...), which SciPy ≥ 1.x no longer
            # re-exports.
            ll.scipy = np
        self.ll, self.pb, self.type = ll, pb, solver_type
        self.name = f"liblinear-s{solver_type}"
        self.prob = ll.problem(pb.y, pb.X)  # built once, outside the timing
        self.prob.set_bias(-1)
        self.libc = ctypes.CDLL(None)

    def run(self, eps):
        ll = self.ll
        param = ll.parameter(f"-s {self.type} -c {self.pb.C!r} -e {eps!r} -B -1 -q")
        ll.liblinear.set_print_string_function(param.print_func)
        self.libc.srand(1)
        start = CLOCK[0]()
        ptr = ll.liblinear.train(self.prob, param)
        seconds = CLOCK[0]() - start
        model = ll.toPyModel(ptr)
        w = np.array([model.get_decfun_coef(j + 1) for j in range(model.get_nr_feature())])
        if model.get_labels()[0] != 1:  # w is for the first label seen
            w = -w
        return w, seconds

    def setting(self, eps):
        return f"-e {eps:.3g} ({self.iterations(eps)})"

    def iterations(self, eps):
        """LIBLINEAR's own count of outer iterations at -e eps (an untimed, verbose run)."""
        ll, text = self.ll, []
        capture = ll.PRINT_STRING_FUN(lambda s: text.append(s.decode()))
        param = ll.parameter(f"-s {self.type} -c {self.pb.C!r} -e {eps!r} -B -1")
        ll.liblinear.set_print_string_function(capture)
        self.libc.srand(1)
        ll.toPyModel(ll.liblinear.train(self.prob, param))
        ll.liblinear.set_print_string_function(ll.PRINT_STRING_FUN(ll.print_null))
        out = "".join(text)
        if self.type == 7:  # dual CD: "optimization finished, #iter = N", one per epoch
            m = re.search(r"#iter = (\d+)", out)
            return f"{m.group(1)} epochs" if m else "? epochs"
        newton = len(re.findall(r"^iter +\d+", out, flags=re.M))  # trust-region Newton steps
        return f"{newton} Newton steps"


# ------------------------------------------------------------------ searching


def find_epochs(peer, gap, target, start, max_epochs):
    """Smallest epoch count k (doubling, then bisection) with gap(k) ≤ target."""
    lo, hi = start - 1, start  # gap(lo) > target is assumed, hi is probed
    while True:
        g = gap(hi)
        log(f"{peer.name}: {hi} epochs -> gap {g:.3g}")
        if g <= target:
            break
        if hi >= max_epochs:
            return None
        lo, hi = hi, min(2 * hi, max_epochs)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        g = gap(mid)
        log(f"{peer.name}: {mid} epochs -> gap {g:.3g}")
        if g <= target:
            hi = mid
        else:
            lo = mid
    return hi


def find_eps(peer, gap, target, start, min_eps=1e-16):
    """Largest -e (decades, then 4 bisection steps in log(-e)) with gap ≤ target."""
    fail, eps = None, start
    while True:
        g = gap(eps)
        log(f"{peer.name}: -e {eps:.3g} -> gap {g:.3g}")
        if g <= target:
            break
        if eps <= min_eps:
            return None
        fail, eps = eps, eps / 10
    if fail is None:
        return eps
    lo, hi = math.log10(eps), math.log10(fail)  # passes at lo, fails at hi
    for _ in range(4):
        mid = 0.5 * (lo + hi)
        g = gap(10 ** mid)
        log(f"{peer.name}: -e {10 ** mid:.3g} -> gap {g:.3g}")
        if g <= target:
            lo = mid
        else:
            hi = mid
    return 10 ** lo


def search(peer, pb, pstar, targets, max_epochs):
    """Yield (target, knob) for each target; knob is None if it was not reached."""
    cache = {}

    def gap(knob):
        if knob not in cache:
            w, _ = peer.run(knob)
            cache[knob] = pb.primal(w) - pstar
        return cache[knob]

    sag_like = isinstance(peer, SklearnSAG)
    knob = 1 if sag_like else 1e2
    for target in targets:
        if knob is None:  # a larger target was not reached: this one is not either
            yield target, None
            continue
        if sag_like:
            knob = find_epochs(peer, gap, target, knob, max_epochs)
        else:
            knob = find_eps(peer, gap, target, knob)
        yield target, knob


def timed(peer, pb, pstar, name, target, knob, runs):
    """One result row: the median of runs timed runs at knob (runs = 0: none)."""
    if knob is None:
        return [peer.name, name, f"{target:g}", "nan", "nan", "0", "not reached", "nan"]
    times, g = [], float("nan")
    for _ in range(runs):
        w, seconds = peer.run(knob)
        times.append(seconds)
        g = pb.primal(w) - pstar
    med = statistics.median(times) if times else float("nan")
    if times:
        log(f"{peer.name}: {target:g} at {peer.setting(knob)}: {med:.4f}s "
            f"(runs {', '.join(f'{t:.4f}' for t in times)})")
    return [peer.name, name, f"{target:g}", repr(knob), f"{med:.6f}", str(runs),
            peer.setting(knob), f"{g:.3g}"]


def make_peer(pb, solver):
    if solver in ("sag", "saga"):
        return SklearnSAG(pb, solver)
    if solver in ("liblinear-s7", "liblinear-s0"):
        return Liblinear(pb, int(solver[-1]))
    raise ValueError(f"unknown solver {solver!r} (want {', '.join(SOLVERS)})")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", required=True, help="LIBSVM file (.gz/.bz2 by extension)")
    ap.add_argument("--name", help="data set name for the output (default: file name)")
    ap.add_argument("--pstar", type=float, help="P* (default: this script's own Newton solve)")
    ap.add_argument("--lambda", dest="lam", type=float, help="λ (default: max‖x_i‖/n)")
    ap.add_argument("--targets", default="1e-6,1e-10", help="comma-separated P − P* targets")
    ap.add_argument("--solvers", default=",".join(SOLVERS), help="comma-separated, from " + ", ".join(SOLVERS))
    ap.add_argument("--runs", type=int, default=3,
                    help="timed runs per (solver, target), median reported; 0 = only search")
    ap.add_argument("--plan", help="CSV output of an earlier run: time its knobs instead of searching")
    ap.add_argument("--max-epochs", type=int, default=4096, help="epoch budget for SAG/SAGA")
    ap.add_argument("--check", action="store_true", help="also print |P*(imlab) − P*(Newton here)| on stderr")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="time solves by wall clock or by this process's CPU time (user + system)")
    args = ap.parse_args()
    if args.clock == "cpu":
        CLOCK[0] = time.process_time

    name = args.name or os.path.basename(args.data)
    pb = Problem(args.data, args.lam)
    log(f"{name}: n = {pb.n}, d = {pb.d} (with bias), nnz = {pb.X.nnz}, λ = {pb.lam:.17g}")
    pstar = args.pstar
    if pstar is None or args.check:
        p_newton, gnorm = pb.newton_optimum()
        log(f"{name}: P* by Newton here = {p_newton:.17g} (‖∇P‖ = {gnorm:.1e})")
        if pstar is None:
            pstar = p_newton
        else:
            log(f"{name}: |P*(given) − P*(Newton here)| = {abs(pstar - p_newton):.2e}")
    print("solver,data,target,knob,seconds,runs,setting,gap")
    if args.plan:  # time the knobs a search found
        peers = {}
        with open(args.plan) as f:
            for row in csv.DictReader(f):
                if row["solver"] not in peers:
                    peers[row["solver"]] = make_peer(pb, row["solver"])
                peer = peers[row["solver"]]
                knob = None if row["knob"] == "nan" else float(row["knob"])
                if isinstance(peer, SklearnSAG) and knob is not None:
                    knob = int(knob)
                print(",".join(timed(peer, pb, pstar, name, float(row["target"]), knob, args.runs)), flush=True)
        return
    targets = [float(t) for t in args.targets.split(",")]
    for solver in args.solvers.split(","):
        try:
            peer = make_peer(pb, solver)
        except ValueError as err:
            ap.error(f"--solvers: {err}")
        for target, knob in search(peer, pb, pstar, targets, args.max_epochs):
            print(",".join(timed(peer, pb, pstar, name, target, knob, args.runs)), flush=True)


if __name__ == "__main__":
    main()
