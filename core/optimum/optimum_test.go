package optimum

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"imlab/core/dataset"
	"imlab/core/loss"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/synth"
)

var testLosses = []loss.Loss{loss.Logistic{}, loss.Square{}, loss.SmoothHinge{Mu: 1}, loss.SmoothHinge{Mu: 0.1}}

// smallData is a 200×20 artificial data set with a norm spread like the
// paper's chisq10 law.
func smallData(t testing.TB, seed uint64) *dataset.Dataset {
	t.Helper()
	ds, err := synth.Generate(synth.Config{N: 200, D: 20, Density: 0.5, Norms: synth.Norms{Paper: synth.ChiSq10Law}, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

func mustProblem(t testing.TB, ds *dataset.Dataset, l loss.Loss, lambda float64) *problem.Problem {
	t.Helper()
	pr, err := problem.New(ds, l, lambda)
	if err != nil {
		t.Fatal(err)
	}
	return pr
}

func mustSolve(t testing.TB, pr *problem.Problem) *Result {
	t.Helper()
	res, err := Solve(pr, Options{})
	if err != nil {
		t.Fatalf("%v, λ=%g: %v", pr.Loss, pr.Lambda, err)
	}
	return res
}

func TestSolveReachesGradientTolerance(t *testing.T) {
	ds := smallData(t, 1)
	for _, l := range testLosses {
		for _, lambda := range []float64{problem.DefaultLambda(ds), 1e-4, 1} {
			pr := mustProblem(t, ds, l, lambda)
			res := mustSolve(t, pr)
			bound, primal := CertifiedGap(pr, res.W)
			gradNorm := math.Sqrt(2 * pr.Lambda * bound)
			if gradNorm > DefaultGradTol || res.GradNorm != gradNorm {
				t.Errorf("%v λ=%g: ‖∇P‖ = %g (reported %g)", l, lambda, gradNorm, res.GradNorm)
			}
			if primal != res.P || res.Gap != bound {
				t.Errorf("%v λ=%g: reported P = %v, gap %g; recomputed %v, %g", l, lambda, res.P, res.Gap, primal, bound)
			}
			if res.Iterations < 1 || res.CGIterations < res.Iterations {
				t.Errorf("%v λ=%g: %d Newton steps, %d CG steps", l, lambda, res.Iterations, res.CGIterations)
			}
		}
	}
}

// TestCertifiedGapBoundsTrueGap checks, for random points and for small
// perturbations of w*, that P* ≤ P(w) and P(w) − P* ≤ ‖∇P(w)‖²/(2λ). The
// slack 1e−15 covers the rounding error of the two compensated sums.
func TestCertifiedGapBoundsTrueGap(t *testing.T) {
	ds := smallData(t, 2)
	r := sampling.NewRand(3)
	for _, l := range testLosses {
		pr := mustProblem(t, ds, l, problem.DefaultLambda(ds))
		res := mustSolve(t, pr)
		for trial := 0; trial < 40; trial++ {
			scale := math.Pow(10, -float64(trial%8)) // from random points down to w* ± 1e−7
			w := make([]float64, ds.D)
			for j := range w {
				w[j] = res.W[j] + scale*r.NormFloat64()
			}
			bound, primal := CertifiedGap(pr, w)
			gap := primal - res.P
			if gap < -1e-15 {
				t.Errorf("%v: P(w) = %.17g below P* = %.17g", l, primal, res.P)
			}
			if gap > bound+1e-15 {
				t.Errorf("%v: gap %g exceeds certified bound %g (perturbation %g)", l, gap, bound, scale)
			}
		}
	}
}

// TestSquareLossIsRidgeRegression compares with the closed form
// (XᵀX/n + λI) w = Xᵀy/n solved by Cholesky.
func TestSquareLossIsRidgeRegression(t *testing.T) {
	ds := smallData(t, 4)
	for _, lambda := range []float64{problem.DefaultLambda(ds), 1e-3} {
		n, d := ds.N, ds.D
		X := mat.NewDense(n, d, nil)
		for i := 0; i < n; i++ {
			idx, val := ds.Row(i)
			for k, j := range idx {
				X.Set(i, int(j), val[k])
			}
		}
		var gram mat.SymDense
		gram.SymOuterK(1/float64(n), X.T())
		for j := 0; j < d; j++ {
			gram.SetSym(j, j, gram.At(j, j)+lambda)
		}
		var rhs mat.VecDense
		rhs.MulVec(X.T(), mat.NewVecDense(n, ds.Y))
		rhs.ScaleVec(1/float64(n), &rhs)
		var chol mat.Cholesky
		if !chol.Factorize(&gram) {
			t.Fatal("normal equations not positive definite")
		}
		var want mat.VecDense
		if err := chol.SolveVecTo(&want, &rhs); err != nil {
			t.Fatal(err)
		}
		res := mustSolve(t, mustProblem(t, ds, loss.Square{}, lambda))
		for j := 0; j < d; j++ {
			if math.Abs(res.W[j]-want.AtVec(j)) > 1e-10*(1+math.Abs(want.AtVec(j))) {
				t.Errorf("λ=%g: w_%d = %.15g, ridge solution %.15g", lambda, j, res.W[j], want.AtVec(j))
			}
		}
	}
}

// TestHessianMatchesGradientDifferences checks H v against the central
// difference (∇P(w+εv) − ∇P(w−εv))/(2ε) for the twice-differentiable losses.
func TestHessianMatchesGradientDifferences(t *testing.T) {
	ds := smallData(t, 5)
	r := sampling.NewRand(6)
	for _, l := range []loss.Loss{loss.Logistic{}, loss.Square{}} {
		pr := mustProblem(t, ds, l, 0.01)
		w, v := make([]float64, ds.D), make([]float64, ds.D)
		for j := range w {
			w[j], v[j] = 0.3*r.NormFloat64(), r.NormFloat64()
		}
		h := newHessian(pr)
		h.at(w)
		hv := make([]float64, ds.D)
		h.mulVec(hv, v)
		const eps = 1e-5
		plus, minus := make([]float64, ds.D), make([]float64, ds.D)
		wp, wm := make([]float64, ds.D), make([]float64, ds.D)
		floats.AddScaledTo(wp, w, eps, v)
		floats.AddScaledTo(wm, w, -eps, v)
		pr.Gradient(wp, plus)
		pr.Gradient(wm, minus)
		for j := range hv {
			fd := (plus[j] - minus[j]) / (2 * eps)
			if math.Abs(fd-hv[j]) > 1e-6*(1+math.Abs(hv[j])) {
				t.Errorf("%v: (Hv)_%d = %.10g, finite difference %.10g", l, j, hv[j], fd)
			}
		}
		for j, hj := range h.diag {
			e := make([]float64, ds.D)
			e[j] = 1
			h.mulVec(hv, e)
			if math.Abs(hv[j]-hj) > 1e-14*hj {
				t.Errorf("%v: diag_%d = %g, (H e_j)_j = %g", l, j, hj, hv[j])
			}
		}
	}
}

func TestSolveRejectsBadInput(t *testing.T) {
	ds := smallData(t, 7)
	pr := mustProblem(t, ds, loss.Logistic{}, 0.01)
	for _, tc := range []struct {
		name string
		pr   *problem.Problem
		opt  Options
		want error
	}{
		{"nil problem", nil, Options{}, ErrOptions},
		{"nil data", &problem.Problem{Loss: loss.Logistic{}, Lambda: 1}, Options{}, ErrOptions},
		{"nil loss", &problem.Problem{Data: ds, Lambda: 1}, Options{}, ErrOptions},
		{"zero λ", &problem.Problem{Data: ds, Loss: loss.Logistic{}}, Options{}, problem.ErrLambda},
		{"NaN λ", &problem.Problem{Data: ds, Loss: loss.Logistic{}, Lambda: math.NaN()}, Options{}, problem.ErrLambda},
		{"negative tolerance", pr, Options{GradTol: -1}, ErrOptions},
		{"NaN tolerance", pr, Options{GradTol: math.NaN()}, ErrOptions},
		{"negative MaxIter", pr, Options{MaxIter: -1}, ErrOptions},
		{"negative MaxCG", pr, Options{MaxCG: -2}, ErrOptions},
	} {
		res, err := Solve(tc.pr, tc.opt)
		if !errors.Is(err, tc.want) || res != nil {
			t.Errorf("%s: Solve = %v, %v; want error %v", tc.name, res, err, tc.want)
		}
	}
}

func TestNotConvergedReturnsBestPoint(t *testing.T) {
	pr := mustProblem(t, smallData(t, 8), loss.Logistic{}, 1e-4)
	res, err := Solve(pr, Options{MaxIter: 1})
	if !errors.Is(err, ErrNotConverged) || res == nil {
		t.Fatalf("Solve with MaxIter 1 = %v, %v; want a result and ErrNotConverged", res, err)
	}
	bound, primal := CertifiedGap(pr, res.W)
	zeroBound, zeroPrimal := CertifiedGap(pr, make([]float64, pr.Data.D))
	if res.Iterations != 1 || res.Gap != bound || res.P != primal || !(primal < zeroPrimal) || !(bound < zeroBound) {
		t.Errorf("after one step: %+v; P(w)=%v gap bound %g vs %v, %g at w=0", res, primal, bound, zeroPrimal, zeroBound)
	}
	// A tolerance that a loose limit reaches is not an error.
	if _, err := Solve(pr, Options{GradTol: 1e-3, MaxIter: 50}); err != nil {
		t.Errorf("GradTol 1e-3: %v", err)
	}
}

// stepSolve runs a Solver of pr to its end and counts its steps.
func stepSolve(t *testing.T, pr *problem.Problem) (*Result, int, error) {
	t.Helper()
	s, err := NewSolver(pr, Options{})
	if err != nil {
		t.Fatal(err)
	}
	steps := 0
	for {
		steps++
		if done, err := s.Step(); done {
			res, rerr := s.Result()
			if !errors.Is(rerr, err) || !errors.Is(err, rerr) {
				t.Errorf("Step's error %v, Result's %v", err, rerr)
			}
			return res, steps, err
		}
	}
}

// A Step is one pass over the data: the steps number at least one per
// Newton step for the Hessian and one for its line search, and one per
// Hessian-vector product, and give Solve's result.
func TestStepIsAPass(t *testing.T) {
	pr := mustProblem(t, smallData(t, 8), loss.Logistic{}, 1e-4)
	res, steps, err := stepSolve(t, pr)
	if err != nil {
		t.Fatal(err)
	}
	if min := 1 + 2*res.Iterations + res.CGIterations; steps < min {
		t.Errorf("%d steps, want at least %d", steps, min)
	}
	want := mustSolve(t, pr)
	if res.P != want.P || res.GradNorm != want.GradNorm || res.Iterations != want.Iterations {
		t.Errorf("stepped %+v; Solve %+v", res, want)
	}
}

// TestUnreachableToleranceStopsAtFloor asks for ‖∇P‖ ≤ 1e−30, far below the
// rounding error of ∇P: Solve must notice that it stopped making progress
// long before MaxIter, and report the floor it reached.
func TestUnreachableToleranceStopsAtFloor(t *testing.T) {
	ds := smallData(t, 9)
	for _, l := range testLosses {
		pr := mustProblem(t, ds, l, problem.DefaultLambda(ds))
		converged := mustSolve(t, pr)
		res, err := Solve(pr, Options{GradTol: 1e-30})
		if !errors.Is(err, ErrNotConverged) {
			t.Fatalf("%v: GradTol 1e-30 gave error %v", l, err)
		}
		if res.Iterations > converged.Iterations+2*maxStagnated || res.GradNorm > DefaultGradTol {
			t.Errorf("%v: %d Newton steps (%d to reach 1e-12), floor ‖∇P‖ = %g",
				l, res.Iterations, converged.Iterations, res.GradNorm)
		}
	}
}

// TestLargeValuesStopAtFloor scales the data by 1e6, which puts the
// rounding floor of ‖∇P‖ above 1e−12: Solve must stop on its own and still
// certify that P(W) is within 1e−20 of P*.
func TestLargeValuesStopAtFloor(t *testing.T) {
	ds, err := synth.Generate(synth.Config{N: 2000, D: 50, Density: 0.5, Norms: synth.Norms{Paper: synth.ChiSq1Law}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for k := range ds.Val {
		ds.Val[k] *= 1e6
	}
	pr := mustProblem(t, ds, loss.Logistic{}, problem.DefaultLambda(ds))
	res, err := Solve(pr, Options{})
	if err != nil && !errors.Is(err, ErrNotConverged) {
		t.Fatal(err)
	}
	if res.Iterations >= DefaultMaxIter || res.Gap > 1e-20 {
		t.Errorf("%d Newton steps, ‖∇P‖ = %g, certified gap %g (error %v)", res.Iterations, res.GradNorm, res.Gap, err)
	}
}

func BenchmarkSolve(b *testing.B) {
	for _, size := range [][2]int{{1000, 20}, {10000, 100}} {
		ds, err := synth.Generate(synth.Config{N: size[0], D: size[1], Density: 0.5, Norms: synth.Norms{Paper: synth.ChiSq10Law}, Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		for _, l := range []loss.Loss{loss.Logistic{}, loss.SmoothHinge{Mu: 1}} {
			pr := mustProblem(b, ds, l, problem.DefaultLambda(ds))
			b.Run(fmt.Sprintf("n=%d/d=%d/%v", size[0], size[1], l), func(b *testing.B) {
				var res *Result
				for range b.N {
					res = mustSolve(b, pr)
				}
				b.ReportMetric(float64(res.Iterations), "newton/op")
				b.ReportMetric(float64(res.CGIterations), "hessvec/op")
			})
		}
	}
}

func TestUsable(t *testing.T) {
	ds, err := synth.Generate(synth.Config{N: 2000, D: 50, Density: 0.5, Norms: synth.Norms{Paper: synth.ChiSq1Law}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for k := range ds.Val {
		ds.Val[k] *= 1e6 // the rounding floor of ‖∇P‖ is then above 1e−12
	}
	pr := mustProblem(t, ds, loss.Logistic{}, problem.DefaultLambda(ds))
	res, err := Solve(pr, Options{})
	if !errors.Is(err, ErrNotConverged) {
		t.Skipf("scaled data converged (err %v): the floor case did not arise", err)
	}
	if uerr := Usable(res, err); uerr != nil {
		t.Errorf("certified gap %g ≤ %g, yet Usable says %v", res.Gap, NegligibleGap, uerr)
	}
	loose := *res
	loose.Gap = 1e-12
	if Usable(&loose, err) == nil {
		t.Error("a certified gap of 1e-12 was accepted")
	}
	if Usable(nil, err) == nil || Usable(res, ErrOptions) == nil {
		t.Error("a failed solve was accepted")
	}
	if Usable(res, nil) != nil {
		t.Error("a converged solve was rejected")
	}
}
