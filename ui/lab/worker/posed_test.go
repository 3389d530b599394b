package worker

import (
	"errors"
	"testing"

	"imlab/core/loss"
	"imlab/core/problem"
	"imlab/ui/lab/internal/labtest"
)

// TestPosedSharesAProblem: the jobs, P* and theory of one loss and λ get one
// problem, another λ or loss its own, and a λ that cannot be posed is
// problem.New's error.
func TestPosedSharesAProblem(t *testing.T) {
	ds := labtest.Data(t, labtest.Small())
	p := newPosed(ds)
	logistic, square := loss.Spec{Kind: loss.LogisticKind}, loss.Spec{Kind: loss.SquareKind}
	lambda := problem.DefaultLambda(ds)
	a, err := p.problem(logistic, lambda)
	if err != nil {
		t.Fatal(err)
	}
	if a.Data != ds || a.Lambda != lambda || a.Loss != logistic.Loss() {
		t.Fatalf("posed %v on λ = %v, want the logistic loss on λ = %v of the data", a.Loss, a.Lambda, lambda)
	}
	if b, _ := p.problem(logistic, lambda); b != a {
		t.Error("the same loss and λ posed a second problem")
	}
	for _, other := range []struct {
		l      loss.Spec
		lambda float64
	}{{logistic, 2 * lambda}, {square, lambda}} {
		c, err := p.problem(other.l, other.lambda)
		if err != nil {
			t.Fatal(err)
		}
		if c == a || c.Loss != other.l.Loss() || c.Lambda != other.lambda {
			t.Errorf("%v at λ = %v: got %v at λ = %v (shared: %v)", other.l.Loss(), other.lambda, c.Loss, c.Lambda, c == a)
		}
	}
	if _, err := p.problem(logistic, -1); !errors.Is(err, problem.ErrLambda) {
		t.Errorf("λ = −1: %v, want problem.ErrLambda", err)
	}
}
