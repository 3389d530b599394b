package dfsdca

// TEMPORARY stand-in for optimum.Solve, which is being written in parallel;
// replaced once it lands.

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"imlab/core/problem"
)

// testOptimum returns P* by damped Newton to ‖∇P‖ ≤ 1e−13.
func testOptimum(t testing.TB, pr *problem.Problem) float64 {
	t.Helper()
	ds := pr.Data
	d := ds.D
	w := make([]float64, d)
	g := make([]float64, d)
	trial := make([]float64, d)
	for it := 0; it < 200; it++ {
		p := pr.Gradient(w, g)
		if mat.Norm(mat.NewVecDense(d, g), 2) <= 1e-13 {
			return p
		}
		h := mat.NewSymDense(d, nil)
		for i := 0; i < ds.N; i++ {
			c := pr.Loss.Curvature(problem.Dot(ds, i, w), ds.Y[i]) / float64(ds.N)
			idx, val := ds.Row(i)
			for a, ja := range idx {
				for b := a; b < len(idx); b++ {
					jb := idx[b]
					h.SetSym(int(ja), int(jb), h.At(int(ja), int(jb))+c*val[a]*val[b])
				}
			}
		}
		for j := 0; j < d; j++ {
			h.SetSym(j, j, h.At(j, j)+pr.Lambda)
		}
		var chol mat.Cholesky
		if !chol.Factorize(h) {
			t.Fatal("Hessian not positive definite")
		}
		var step mat.VecDense
		if err := chol.SolveVecTo(&step, mat.NewVecDense(d, g)); err != nil {
			t.Fatal(err)
		}
		for a := 1.0; a > 1e-20; a /= 2 {
			for j := range w {
				trial[j] = w[j] - a*step.AtVec(j)
			}
			if pr.Primal(trial) <= p+1e-15*math.Abs(p) {
				break
			}
		}
		copy(w, trial)
	}
	t.Fatal("Newton did not converge")
	return 0
}
