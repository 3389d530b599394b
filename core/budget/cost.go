package budget

import "math"

// Cost coefficients, in bytes. They count the vectors imlab holds at once
// for one data set, from the code that allocates them.
const (
	// PerNonZero: 12 bytes stored (an int32 index and a float64 value),
	// doubled because a reader's appends may hold the old and the grown
	// slice at once.
	PerNonZero = 24

	// PerExample: 100 words of 8 bytes per example. The data set's row
	// pointer and label (2, doubled while reading), the squared norms, the
	// Hessian weights of core/optimum and the ESO's v take 7; the rest is
	// the experiment: every job's plan keeps its sampler (p and an alias
	// table or a partition) and every finished job's run keeps dfSDCA's α
	// and step sizes, about 4 words per job, for up to 24 jobs (12 values of
	// τ × 2 samplings, the page's maximum). Measured: 775 bytes per example
	// of live heap for such an experiment on 400,000 × 10 data.
	PerExample = 100 * 8

	// PerFeature: 18 d-sized vectors of 8 bytes: the feature counts |J_j|
	// (1); core/optimum's Newton-CG solver, w, g, wTry, gTry, the step, the
	// result, the Hessian diagonal and CG's r, z, p and Hp (11); the ESO's
	// factor, δ, ω and last-bucket vectors in core/theory (4); dfSDCA's w
	// and a run's gradient (2). core/synth's densities, thresholds and
	// label direction (3) are freed before the solvers start. Measured: 124
	// bytes per feature of live heap for a 24-job experiment on 200 ×
	// 2,000,000 data.
	PerFeature = 18 * 8

	// TextFactor bounds the decompressed text of a file at TextFactor times
	// the budget. Write's longest token is about 33 bytes per non-zero,
	// 1.4 times PerNonZero, so the file of any data set that fits is under
	// the bound; beyond it the input is mostly not data.
	TextFactor = 2
)

// Shape is what is known about a data set so far. A reader fills it in as
// it goes; a generator knows it in advance.
type Shape struct {
	Text     int64 // decompressed input bytes read; 0 for generated data
	Examples int64 // n
	Features int64 // d: the largest feature index seen
	NonZeros int64 // stored values
}

// Bytes is the memory the data set of shape s costs under the cost model.
// It is a float64 so that absurd shapes do not overflow.
func (s Shape) Bytes() float64 {
	// float64(…) rounds each product: no compiler may fuse it into the sum
	// (see package core), so the page and the CLI refuse the same shapes.
	return float64(PerExample*float64(s.Examples)) +
		float64(PerFeature*float64(s.Features)) +
		float64(PerNonZero*float64(s.NonZeros))
}

// saturate converts a non-negative float64 byte count to int64, capping it.
func saturate(x float64) int64 {
	if x >= math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(x)
}
