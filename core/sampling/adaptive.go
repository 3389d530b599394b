package sampling

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// StepRule names how a solver sets its step size θ when an adaptive
// sampling's probabilities change (see docs/adaptive.md).
type StepRule string

// The step rules of adaptive sampling.
const (
	// SafeStep: θ = min_i p_i nλγ/(v_i + nλγ) for the new p and its ESO
	// parameters v, the paper's Theorem for the sampling in force.
	SafeStep StepRule = "safe"
	// ResidueStep: θ = nλγ Σκ_i² / Σ κ_i²(v_i + nλγ)/p_i with the residues κ
	// of the refresh (never below the safe step), the bound under which the
	// expected decrease holds at the refresh itself, and each example's step
	// θ/p_i capped at 1/(1 + φ''_i v_i/(nλ)), φ''_i the loss's curvature at
	// the refresh; the run is only measured.
	ResidueStep StepRule = "residue"
)

// AdaptiveConfig says how an adaptive sampling follows the run.
type AdaptiveConfig struct {
	// Eta is the safeguard η ∈ (0, 1]: p = (1−η) p^adaptive + η p^static, so
	// that every p_i ≥ η p_i^static > 0. 1 is the static sampling.
	Eta float64
	// Epochs is the refresh period in epochs (n examples updated, n/τ
	// iterations); it must be positive.
	Epochs float64
	// Step is the step-size rule applied at each refresh.
	Step StepRule
}

// DefaultAdaptive is the configuration of the "adaptive" sampling kind,
// chosen by the benchmark in docs/adaptive.md.
var DefaultAdaptive = AdaptiveConfig{Eta: 0.5, Epochs: 3, Step: ResidueStep}

// Validate returns an error wrapping ErrAdaptive, naming the value, unless
// the safeguard is in (0, 1], the period positive and finite and the step
// rule one of the StepRules.
func (c AdaptiveConfig) Validate() error {
	if !(c.Eta > 0 && c.Eta <= 1) {
		return fmt.Errorf("%w: safeguard η = %v, want 0 < η ≤ 1", ErrAdaptive, c.Eta)
	}
	if !(c.Epochs > 0) || math.IsInf(c.Epochs, 0) {
		return fmt.Errorf("%w: refresh period %v epochs, want positive and finite", ErrAdaptive, c.Epochs)
	}
	if c.Step != SafeStep && c.Step != ResidueStep {
		return fmt.Errorf("%w: step rule %q (want %s or %s)", ErrAdaptive, c.Step, SafeStep, ResidueStep)
	}
	return nil
}

// Adaptive is a bucket sampling over a fixed partition whose probabilities
// within each bucket can be reset during a run (Reweight): dfSDCA's
// adaptive τ-importance sampling. Between resets it is the bucket sampling
// of its current probabilities, so the bucket sampling's ESO (theory.BucketV)
// holds for it with those probabilities. With one bucket it is a serial
// sampling (AdaSDCA's setting).
type Adaptive struct {
	bucket
	part   Partition
	static []float64 // p^static, normalised per bucket
	cfg    AdaptiveConfig

	// The probabilities in bucket order (bucket 0's members in the order
	// Partition lists them, then bucket 1's, …): p^static and the current
	// p. A refresh works on these, so that its sweeps read memory in order
	// rather than gathering p_i by example.
	staticOrdered, ordered []float64

	q     []float64 // alias-table scratch
	stack []int32
}

// NewAdaptive returns the adaptive bucket sampling on partition part that
// starts as the bucket sampling of the static probabilities (which must be
// valid bucket probabilities, as for NewBucket) and mixes them into every
// reset with weight cfg.Eta. Errors wrap ErrPartition, ErrProbabilities or
// ErrAdaptive.
func NewAdaptive(part Partition, static []float64, cfg AdaptiveConfig) (*Adaptive, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	b, err := NewBucket(part, static)
	if err != nil {
		return nil, err
	}
	n := len(static)
	a := &Adaptive{
		bucket: *b.(*bucket), part: part, cfg: cfg,
		staticOrdered: make([]float64, 0, n),
		q:             make([]float64, n), stack: make([]int32, n),
	}
	a.static = append([]float64(nil), a.p...)
	for _, b := range part.Buckets {
		for _, i := range b {
			a.staticOrdered = append(a.staticOrdered, a.p[i])
		}
	}
	a.ordered = append([]float64(nil), a.staticOrdered...)
	return a, nil
}

// Reweight sets, for every bucket B_l and i ∈ B_l,
//
//	p_i = (1−η) weights_i / Σ_{k∈B_l} weights_k + η p_i^static,
//
// (so Σ_{i∈B_l} p_i = 1 up to rounding), and rebuilds the alias tables in
// O(n). A bucket whose weights are all zero keeps p^static. Weights must be
// finite and non-negative (ErrWeights otherwise; the sampling is then left
// unchanged). The arithmetic is the same on every platform.
func (a *Adaptive) Reweight(weights []float64) error {
	if len(weights) != len(a.p) {
		return fmt.Errorf("%w: %d weights for %d examples", ErrWeights, len(weights), len(a.p))
	}
	for i, w := range weights {
		// One comparison of the bits: negative numbers, infinities and
		// NaN lie at or above +Inf's, −0 (accepted) among them.
		if x := math.Float64bits(w); x >= 0x7ff0000000000000 && x != 1<<63 {
			return fmt.Errorf("%w: weight[%d] = %v", ErrWeights, i, w)
		}
	}
	eta := a.cfg.Eta
	for l, b := range a.part.Buckets {
		off := a.off[l]
		p, static := a.ordered[off:off+len(b)], a.staticOrdered[off:off+len(b)]
		// The bucket's weights, gathered into p in one sweep (the
		// loads are independent, so they overlap).
		sum := 0.0
		for k, i := range b {
			p[k] = weights[i]
			sum += p[k]
		}
		// The mixed probabilities' sum, added in order as they are
		// written, is the one the alias table wants (total(p)).
		mixed := 0.0
		if sum > 0 {
			scale := (1 - eta) / sum
			for k, w := range p {
				p[k] = float64(scale*w) + float64(eta*static[k])
				mixed += p[k]
			}
		} else {
			copy(p, static)
			mixed = total(p)
		}
		for k, i := range b {
			a.p[i] = p[k]
		}
		a.table.fill(off, p, mixed, b, a.q, a.stack)
	}
	return nil
}

// Ordered returns the current probabilities in bucket order: those of
// Partition().Buckets[0]'s members in its order, then Buckets[1]'s, and so
// on (theory.BucketESO reads them so). The slice must not be modified.
func (a *Adaptive) Ordered() []float64 { return a.ordered }

// Partition returns the sampling's buckets; they must not be modified.
func (a *Adaptive) Partition() Partition { return a.part }

// Static returns p^static; the slice must not be modified.
func (a *Adaptive) Static() []float64 { return a.static }

// Config returns the configuration the sampling was made with.
func (a *Adaptive) Config() AdaptiveConfig { return a.cfg }

// Sample draws one example from each bucket with the current probabilities.
func (a *Adaptive) Sample(r *rand.Rand, dst []int) []int { return a.bucket.Sample(r, dst) }

func (a *Adaptive) String() string {
	return fmt.Sprintf("adaptive(τ=%d, η=%g, every %g epochs, %s step)", a.MaxSize(), a.cfg.Eta, a.cfg.Epochs, a.cfg.Step)
}
