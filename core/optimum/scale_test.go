package optimum

import (
	"context"
	"errors"
	"math"
	"testing"

	"imlab/core/dataset"
	"imlab/core/loss"
	"imlab/core/problem"
)

// scaled returns a copy of ds with every value multiplied by c.
func scaled(ds *dataset.Dataset, c float64) *dataset.Dataset {
	out := *ds
	out.Val = make([]float64, len(ds.Val))
	for k, v := range ds.Val {
		out.Val[k] = c * v
	}
	return &out
}

// TestScaledDataSolve solves data scaled by 1e150: the tolerance is relative
// to ‖∇P(0)‖, so Solve converges where an absolute 1e-12 never could, and
// the solution is the unscaled one scaled back (w ↦ w/c, λ ↦ c²λ keeps the
// problem the same).
func TestScaledDataSolve(t *testing.T) {
	const c = 1e150
	ds := smallData(t, 3)
	big := scaled(ds, c)
	for _, l := range []loss.Loss{loss.Logistic{}, loss.Square{}} {
		lambda := problem.DefaultLambda(ds)
		res := mustSolve(t, mustProblem(t, ds, l, lambda))
		bigRes, err := Solve(mustProblem(t, big, l, lambda*c*c), Options{})
		if err != nil {
			t.Fatalf("%v: data scaled by %g: %v", l, c, err)
		}
		if bigRes.Tol <= DefaultGradTol || bigRes.GradNorm > bigRes.Tol {
			t.Errorf("%v: tolerance %g, ‖∇P‖ = %g", l, bigRes.Tol, bigRes.GradNorm)
		}
		if math.Abs(bigRes.P-res.P) > 1e-12*math.Abs(res.P) {
			t.Errorf("%v: P* = %.17g scaled, %.17g unscaled", l, bigRes.P, res.P)
		}
	}
}

// TestScaledDataDefaultLambda solves data scaled by 1e150 with the default
// λ (which grows like the scale, not its square, so the data's term
// dominates): at w = 0 every margin of the smoothed hinge with μ ≤ 1 lies
// where φ” = 0, the Hessian there is λI, and Newton's first step needs the
// quadratic bound to be accepted.
func TestScaledDataDefaultLambda(t *testing.T) {
	big := scaled(smallData(t, 3), 1e150)
	for _, l := range []loss.Loss{loss.SmoothHinge{Mu: 0.5}, loss.SmoothHinge{Mu: 1}, loss.SmoothHinge{Mu: 2}, loss.Logistic{}, loss.Square{}} {
		res, err := Solve(mustProblem(t, big, l, problem.DefaultLambda(big)), Options{})
		if err != nil {
			t.Errorf("%v: %v", l, err)
			continue
		}
		if !(res.GradNorm <= res.Tol) || res.Iterations == 0 {
			t.Errorf("%v: ‖∇P‖ = %g, tolerance %g, %d steps", l, res.GradNorm, res.Tol, res.Iterations)
		}
	}
}

// TestSolveContextStopsWithinAPass cancels the solve after every pass in
// turn: Until must return at once with ErrCanceled and context.Canceled,
// and the best point so far; an uncancelled context gives exactly Solve's
// result.
func TestSolveContextStopsWithinAPass(t *testing.T) {
	pr := mustProblem(t, smallData(t, 1), loss.Logistic{}, 1e-3)
	want := mustSolve(t, pr)
	_, passes, _ := stepSolve(t, pr)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for stopAt := 0; stopAt < passes; stopAt += max(1, passes/7) {
		s, err := NewSolver(pr, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for range stopAt {
			if done, err := s.Step(); done || err != nil {
				t.Fatalf("step of %d: done %v, err %v", stopAt, done, err)
			}
		}
		res, err := s.Until(ctx)
		if !errors.Is(err, ErrCanceled) || !errors.Is(err, context.Canceled) || res == nil {
			t.Fatalf("canceled after pass %d: %v", stopAt, err)
		}
		if !(res.GradNorm >= want.GradNorm) || len(res.W) != pr.Data.D {
			t.Errorf("canceled after pass %d: ‖∇P‖ = %g, better than the converged %g", stopAt, res.GradNorm, want.GradNorm)
		}
	}
	got, err := SolveContext(context.Background(), pr, Options{})
	if err != nil || got.P != want.P || got.GradNorm != want.GradNorm || got.Iterations != want.Iterations {
		t.Errorf("SolveContext = %+v, %v; want Solve's %+v", got, err, want)
	}
}
