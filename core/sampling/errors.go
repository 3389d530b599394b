package sampling

import "errors"

// Errors returned by the constructors, wrapped with detail naming the
// offending value and its position.
var (
	// ErrTau reports a minibatch size outside 1 ≤ τ ≤ n.
	ErrTau = errors.New("sampling: minibatch size τ out of range")
	// ErrProbabilities reports probabilities that are empty, non-positive,
	// non-finite or that do not sum to one.
	ErrProbabilities = errors.New("sampling: invalid probabilities")
	// ErrPartition reports buckets that are not a partition of {0, …, n−1}
	// into non-empty sets.
	ErrPartition = errors.New("sampling: invalid partition")
	// ErrWeights reports partition weights that are negative or non-finite.
	ErrWeights = errors.New("sampling: invalid weights")
	// ErrAdaptive reports an adaptive sampling configuration out of range.
	ErrAdaptive = errors.New("sampling: invalid adaptive configuration")
)
