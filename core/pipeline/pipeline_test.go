package pipeline

import (
	"context"
	"errors"
	"testing"

	"imlab/core/experiment"
	"imlab/core/loss"
	"imlab/core/optimum"
	"imlab/core/problem"
	"imlab/core/synth"
)

func data(t testing.TB) *problem.Problem {
	t.Helper()
	ds, err := synth.Generate(synth.Config{N: 200, D: 8, Density: 0.5, Norms: synth.Norms{Paper: synth.ChiSq1Law}, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	pr, err := Pose(ds, loss.Logistic{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	return pr
}

func TestPoseAutoLambda(t *testing.T) {
	pr := data(t)
	if pr.Lambda != problem.DefaultLambda(pr.Data) {
		t.Errorf("λ = %v, want the paper's %v", pr.Lambda, problem.DefaultLambda(pr.Data))
	}
	if pr2, err := Pose(pr.Data, loss.Logistic{}, 0.5); err != nil || pr2.Lambda != 0.5 {
		t.Errorf("explicit λ: %v, %v", pr2, err)
	}
	if _, err := Pose(pr.Data, loss.Logistic{}, -1); err == nil {
		t.Error("λ = −1 accepted")
	}
}

func TestPrepareIsOptimumSolve(t *testing.T) {
	pr := data(t)
	prep, err := Prepare(context.Background(), pr)
	if err != nil {
		t.Fatal(err)
	}
	res, err := optimum.Solve(pr, optimum.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if prep.PStar() != res.P || prep.Warning != nil || prep.Problem != pr {
		t.Errorf("Prepare: P* %v, warning %v; optimum.Solve: %v", prep.PStar(), prep.Warning, res.P)
	}
	ex, err := prep.Experiment(experiment.Config{Taus: []int{2}, Eps: 1e-6})
	if err != nil {
		t.Fatal(err)
	}
	if err := ex.Until(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if r := ex.Rows()[0]; !(r.Empirical > 0) {
		t.Errorf("row %+v", r)
	}
}

func TestPrepareCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Prepare(ctx, data(t)); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

// A Preparation stepped by hand, as the page does, prepares what Prepare
// does, bit for bit.
func TestPreparationSteps(t *testing.T) {
	pr := data(t)
	want, err := Prepare(context.Background(), pr)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPreparation(pr)
	if err != nil {
		t.Fatal(err)
	}
	steps := 0
	for done := false; !done; steps++ {
		if done, err = p.Step(); err != nil {
			t.Fatal(err)
		}
	}
	got, err := p.Until(context.Background())
	if err != nil || got.PStar() != want.PStar() || got.Optimum.Iterations != want.Optimum.Iterations {
		t.Errorf("stepped: P* %v, err %v; Prepare's %v", got.PStar(), err, want.PStar())
	}
	if min := 1 + 2*got.Optimum.Iterations + got.Optimum.CGIterations; steps < min {
		t.Errorf("%d steps, want one per pass, at least %d", steps, min)
	}
}
