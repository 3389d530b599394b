package catalog

import (
	"context"
	"io"
	"math"

	"imlab/core/method"
	"imlab/core/problem"
	"imlab/core/theory"
)

// PassesTo is the passes the theory predicts from a gap of gap0 down to
// eps: PassesPerEFold · ln(gap0/eps), and 0 when gap0 ≤ eps. It is the
// contraction of the method's Lyapunov function read as a contraction of
// the gap, so a prediction of the shape of the curve (how it changes with
// the sampling and τ), not a bound on the gap itself. For SGD the rate
// holds only until the iterates reach their noise neighbourhood.
func (t Theory) PassesTo(gap0, eps float64) float64 {
	if !(gap0 > eps) {
		return 0
	}
	return t.PassesPerEFold * math.Log(gap0/eps)
}

// Measure builds method m for pr with the plan's sampling and runs it from
// w = 0 until its gap P(w) − pstar is at most eps or maxPasses passes are
// spent, evaluating P every evalEvery passes (0: method.DefaultEvalEvery).
// It returns the trace, whose gap crossings method.Crossing reads. A run
// that diverges returns method.ErrDiverged with the trace up to then; ctx
// ending returns ctx.Err().
func Measure(ctx context.Context, m Name, pr *problem.Problem, pl *theory.Plan, opt Options, stop method.Stop) ([]method.Point, error) {
	s, err := New(m, pr, pl, opt)
	if err != nil {
		return nil, err
	}
	if c, ok := s.(io.Closer); ok {
		defer c.Close()
	}
	run := method.NewRun(s, stop)
	err = run.Until(ctx, nil)
	return run.Trace(), err
}
