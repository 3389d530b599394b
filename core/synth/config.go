package synth

import (
	"errors"
	"fmt"
	"math"
)

// Config describes one artificial data set.
type Config struct {
	N, D    int     // examples and features, both ≥ 1
	Density float64 // target mean density ω' ∈ (0, 1]
	Norms   string  // law of ‖x_i‖², one of Laws
	Seed    uint64  // the same seed gives the same data on every platform
}

// LabelNoise is the probability that a label disagrees with the hidden
// hyperplane.
const LabelNoise = 0.05

// MaxNNZ bounds the expected number of stored values (12 bytes each), so
// that an absurd request fails with an error instead of exhausting memory.
const MaxNNZ = 1 << 28

// Errors returned by Generate and NormSquares, wrapped with detail.
var (
	// ErrConfig reports a size or density outside its valid range.
	ErrConfig = errors.New("synth: invalid configuration")
	// ErrLaw reports an unknown norm law.
	ErrLaw = errors.New("synth: unknown norm law")
	// ErrTooLarge reports a data set whose expected size exceeds MaxNNZ.
	ErrTooLarge = errors.New("synth: data set too large")
)

// validate checks the parts of cfg that NormSquares does not.
func (cfg Config) validate() error {
	switch {
	case cfg.N <= 0:
		return fmt.Errorf("%w: N = %d examples, want N ≥ 1", ErrConfig, cfg.N)
	case cfg.D <= 0:
		return fmt.Errorf("%w: D = %d features, want D ≥ 1", ErrConfig, cfg.D)
	case cfg.D > math.MaxInt32:
		return fmt.Errorf("%w: D = %d features, want D ≤ %d", ErrConfig, cfg.D, math.MaxInt32)
	case !(cfg.Density > 0 && cfg.Density <= 1):
		return fmt.Errorf("%w: density ω' = %v, want 0 < ω' ≤ 1", ErrConfig, cfg.Density)
	}
	if nnz := float64(cfg.N) * float64(cfg.D) * cfg.Density; nnz > MaxNNZ {
		return fmt.Errorf("%w: N·D·ω' = %.3g expected non-zeros, limit %d", ErrTooLarge, nnz, MaxNNZ)
	}
	return nil
}
