package method

import (
	"math"

	"imlab/core/dataset"
	"imlab/core/fmath"
)

// Lazy applies the map every iteration of a proximal variance-reduced
// method makes on every coordinate,
//
//	w_j ← s (w_j − η b_j),  s = 1/(1 + ηλ),
//
// only when coordinate j is next needed. b_j (SAGA's mean gradient, L-SVRG's
// ∇f(u)) changes only on coordinates a minibatch touches, which are brought
// up to date first, so k pending maps collapse to
//
//	w_j ← s^k w_j − b_j (1 − s^k)/λ,
//
// and an iteration costs O(non-zeros of the minibatch) instead of O(d).
type Lazy struct {
	last   []int   // iteration up to which w_j is current
	logS   float64 // log s = −log1p(ηλ)
	lambda float64
	eta    float64
	// pow[k] = s^k and sum[k] = (s^k − 1)/λ for k < lazyTable: most
	// catch-ups are short, and two table loads beat exp and expm1.
	pow, sum []float64
}

// lazyTable is the number of precomputed catch-up lengths.
const lazyTable = 4096

// NewLazy returns the bookkeeping for d coordinates, all current at
// iteration 0.
func NewLazy(d int, eta, lambda float64) *Lazy {
	l := &Lazy{last: make([]int, d), logS: -math.Log1p(eta * lambda), lambda: lambda, eta: eta,
		pow: make([]float64, lazyTable), sum: make([]float64, lazyTable)}
	for k := range l.pow {
		l.pow[k] = fmath.Exp(float64(k) * l.logS)
		l.sum[k] = math.Expm1(float64(k)*l.logS) / lambda
	}
	return l
}

// CatchUp brings w_j up to iteration now.
func (l *Lazy) CatchUp(w, b []float64, j int32, now int) {
	if k := now - l.last[j]; k > 0 {
		w[j] = l.apply(w[j], b[j], k)
		l.last[j] = now
	}
}

// apply returns w after k maps with constant b.
func (l *Lazy) apply(w, b float64, k int) float64 {
	if k == 1 {
		return (w - float64(l.eta*b)) / (1 + float64(l.eta*l.lambda))
	}
	if k < lazyTable {
		return float64(l.pow[k]*w) + float64(b*l.sum[k])
	}
	return float64(fmath.Exp(float64(k)*l.logS)*w) + b*math.Expm1(float64(k)*l.logS)/l.lambda
}

// TouchAll records that every coordinate has been brought to iteration now.
func (l *Lazy) TouchAll(now int) {
	for j := range l.last {
		l.last[j] = now
	}
}

// CatchUpRows brings the coordinates of the rows of batch up to iteration
// now: those the iteration now reads.
func (l *Lazy) CatchUpRows(ds *dataset.Dataset, batch []int, w, b []float64, now int) {
	for _, i := range batch {
		idx, _ := ds.Row(i)
		for _, j := range idx {
			l.CatchUp(w, b, j, now)
		}
	}
}

// MapRows applies iteration now's map (ProxMap's) once to each coordinate
// of the rows of batch that is current at now, leaving it current at
// now + 1; the others wait for a CatchUp.
func (l *Lazy) MapRows(ds *dataset.Dataset, batch []int, w, b []float64, now int) {
	shrink := 1 / (1 + float64(l.eta*l.lambda))
	for _, i := range batch {
		idx, _ := ds.Row(i)
		for _, j := range idx {
			if l.last[j] == now {
				w[j] = proxMap(w[j], b[j], l.eta, shrink)
				l.last[j] = now + 1
			}
		}
	}
}

// CatchUpAll brings every coordinate up to iteration now.
func (l *Lazy) CatchUpAll(w, b []float64, now int) {
	for j := range w {
		l.CatchUp(w, b, int32(j), now)
	}
}

// LazyIfPreferred returns NewLazy(d, eta, lambda) for a solver with
// minibatches of τ rows of ds when lazy updates pay (PreferLazy), nil when
// dense updates are cheaper.
func LazyIfPreferred(ds *dataset.Dataset, tau int, eta, lambda float64) *Lazy {
	if !PreferLazy(ds, tau) {
		return nil
	}
	return NewLazy(ds.D, eta, lambda)
}

// PreferLazy reports whether lazy updates pay for minibatches of τ rows of
// ds: catching up and mapping the rows' coordinates costs about two passes
// over the minibatch's non-zeros m, the dense map one pass over d, so lazy
// wins when 2m < d.
func PreferLazy(ds *dataset.Dataset, tau int) bool {
	m := float64(tau) * float64(ds.NNZ()) / float64(ds.N)
	return 2*m < float64(ds.D)
}
