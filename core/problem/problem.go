package problem

import (
	"errors"
	"fmt"
	"math"
	"sync"

	"imlab/core/dataset"
	"imlab/core/loss"
	"imlab/core/sparse"
)

// Problem is one instance of the ERM problem: data, loss and λ > 0. The
// data must not change while a Problem is in use: solvers read it as
// checked.
type Problem struct {
	Data   *dataset.Dataset
	Loss   loss.Loss
	Lambda float64

	checked *dataset.Dataset // the data New validated
	norms   []float64        // its squared norms
}

// ErrLambda reports a regulariser that is not a positive finite number, or
// one outside LambdaRange.
var ErrLambda = errors.New("problem: invalid λ")

// LambdaRange is the range of λ computable for n examples and a loss of
// smoothness constant γ: where nλγ, the weight that the theory, the dual
// methods and the duality gap set against every squared norm (θ =
// min_i p_i·nλγ/(v_i + nλγ)), is a normal floating-point number. Outside,
// nλγ overflows to +Inf or loses its bits in the subnormals, and θ and the
// ratios built on it come out 0, +Inf or NaN.
func LambdaRange(n int, gamma float64) (lo, hi float64) {
	ng := float64(float64(n) * gamma)
	return 0x1p-1022 / ng, math.MaxFloat64 / ng
}

// New returns a Problem after checking λ (against LambdaRange too) and the
// data set (Dataset.Validate and CheckNorms), once: see CheckData.
func New(ds *dataset.Dataset, l loss.Loss, lambda float64) (*Problem, error) {
	if !(lambda > 0) || math.IsInf(lambda, 0) {
		return nil, fmt.Errorf("%w: %v, want positive and finite", ErrLambda, lambda)
	}
	if ds == nil || ds.N == 0 {
		return nil, dataset.ErrNoRows
	}
	if lo, hi := LambdaRange(ds.N, l.Gamma()); !(lambda >= lo && lambda <= hi) {
		return nil, fmt.Errorf("%w: λ = %v is outside %.3g ≤ λ ≤ %.3g, where nλγ is a normal number for n = %d and γ = %v",
			ErrLambda, lambda, lo, hi, ds.N, l.Gamma())
	}
	if err := ds.Validate(); err != nil {
		return nil, err
	}
	norms := ds.SquaredNorms()
	if err := dataset.CheckNormsOf(norms); err != nil {
		return nil, err
	}
	return &Problem{Data: ds, Loss: l, Lambda: lambda, checked: ds, norms: norms}, nil
}

// SquaredNorms returns ‖x_i‖² for every example (Dataset.SquaredNorms): the
// slice New computed to check them, shared and not to be modified, or a
// fresh one for data New did not check (see CheckData).
func (p *Problem) SquaredNorms() []float64 {
	if p.Data != nil && p.Data == p.checked {
		return p.norms
	}
	return p.Data.SquaredNorms()
}

// CheckData returns Data.Validate's error, with nothing to do when New
// validated this very data set: a solver checks the data before it reads a
// row, and a run's set-up (a fresh solver per run, several per table) then
// pays no pass over the non-zeros for it. A Problem written as a literal,
// or given other data since, is validated at every call; nil data is
// dataset.ErrNoRows.
func (p *Problem) CheckData() error {
	switch {
	case p.Data == nil:
		return dataset.ErrNoRows
	case p.Data == p.checked:
		return nil
	}
	return p.Data.Validate()
}

// DefaultLambda is the paper's choice λ = max_i ‖x_i‖ / n (the norm, not its
// square), computed on the data as solved.
func DefaultLambda(ds *dataset.Dataset) float64 {
	return DefaultLambdaOf(ds.Summarize())
}

// DefaultLambdaOf is DefaultLambda from the data's statistics, for a caller
// that has them already.
func DefaultLambdaOf(st dataset.Stats) float64 {
	return st.MaxNorm / float64(st.N)
}

// Dot returns x_iᵀw, summed in the order of the row's entries by
// sparse.DotOrdered: P, ∇P and the traces keep the plain loop's bits.
func Dot(ds *dataset.Dataset, i int, w []float64) float64 {
	idx, val := ds.Row(i)
	return sparse.DotOrdered(idx, val, w)
}

// Primal returns P(w), summing the n loss terms and the d squares of w with
// compensated summation.
func (p *Problem) Primal(w []float64) float64 {
	var losses, reg Accumulator
	ds := p.Data
	buf := getScratch(ds.N)
	defer scratch.Put(buf)
	z := *buf
	sparse.DotRows(ds.RowPtr, ds.Col, ds.Val, w, z) // as in Gradient
	l, y := p.Loss, ds.Y[:ds.N]
	for i, yi := range y {
		var v float64
		switch l := l.(type) {
		case loss.Logistic:
			v = l.Value(z[i], yi)
		case loss.SmoothHinge:
			v = l.Value(z[i], yi)
		case loss.Square:
			v = l.Value(z[i], yi)
		default:
			v = l.Value(z[i], yi)
		}
		losses.Add(v)
	}
	for _, wj := range w {
		reg.Add(float64(wj * wj))
	}
	return losses.Sum()/float64(ds.N) + float64(0.5*p.Lambda*reg.Sum())
}

// Gradient writes ∇P(w) = (1/n) Σ φ_i'(x_iᵀw) x_i + λw into grad (len d) and
// returns P(w), which it gets for free from the same pass.
//
// The margins come first, all in one call (sparse.DotRows); the loss is
// then called by its concrete type (a type switch the compiler resolves
// with one comparison, the call then direct or inlined) rather than
// through the interface, with one call for φ and φ' (ValueDeriv: the
// logistic loss's one exponential). In WebAssembly a call costs more than a
// short row's arithmetic. The bits are those of a loop calling DotOrdered,
// Value, Deriv and Axpy row by row: the margins read w, the updates write
// grad, and each keeps its order.
func (p *Problem) Gradient(w, grad []float64) float64 {
	ds := p.Data
	var losses, reg Accumulator
	for j := range grad {
		grad[j] = 0
	}
	buf := getScratch(ds.N)
	defer scratch.Put(buf)
	z := *buf
	sparse.DotRows(ds.RowPtr, ds.Col, ds.Val, w, z)
	l, y := p.Loss, ds.Y[:ds.N]
	for i, yi := range y {
		var v, g float64
		switch l := l.(type) {
		case loss.Logistic:
			v, g = l.ValueDeriv(z[i], yi)
		case loss.SmoothHinge:
			v, g = l.ValueDeriv(z[i], yi)
		case loss.Square:
			v, g = l.Value(z[i], yi), l.Deriv(z[i], yi)
		default:
			v, g = l.Value(z[i], yi), l.Deriv(z[i], yi)
		}
		losses.Add(v)
		z[i] = g
	}
	for i, g := range z {
		if g == 0 {
			continue
		}
		idx, val := ds.Row(i)
		sparse.Axpy(g, idx, val, grad)
	}
	invN := 1 / float64(ds.N)
	for j, wj := range w {
		grad[j] = float64(grad[j]*invN) + float64(p.Lambda*wj)
		reg.Add(float64(wj * wj))
	}
	return float64(losses.Sum()*invN) + float64(0.5*p.Lambda*reg.Sum())
}

// scratch holds Primal's and Gradient's buffers of n margins, so that a pass allocates
// nothing (and concurrent passes over one Problem stay safe).
var scratch sync.Pool

// getScratch returns a buffer of length n from scratch.
func getScratch(n int) *[]float64 {
	if b, ok := scratch.Get().(*[]float64); ok && cap(*b) >= n {
		*b = (*b)[:n]
		return b
	}
	b := make([]float64, n)
	return &b
}

// Accumulator sums float64 values with Neumaier's compensated summation; the
// error is O(ε) independent of the count. Its zero value is an empty sum.
type Accumulator struct {
	sum, comp float64
}

// Add adds x to the sum.
func (a *Accumulator) Add(x float64) {
	t := a.sum + x
	if math.Abs(a.sum) >= math.Abs(x) {
		a.comp += (a.sum - t) + x
	} else {
		a.comp += (x - t) + a.sum
	}
	a.sum = t
}

// Sum returns the compensated total.
func (a *Accumulator) Sum() float64 { return a.sum + a.comp }
