package synth

import (
	"errors"
	"fmt"
	"math"

	"imlab/core/budget"
)

// Config describes one artificial data set.
type Config struct {
	N, D    int     // examples and features, both ≥ 1
	Density float64 // target mean density ω' ∈ (0, 1]
	Norms   Norms   // law of ‖x_i‖²
	Seed    uint64  // the same seed gives the same data on every platform
	// Budget bounds the data set and the vectors built for it; 0 means
	// budget.Default. It does not change the data.
	Budget budget.Budget
}

// LabelNoise is the probability that a label disagrees with the hidden
// hyperplane.
const LabelNoise = 0.05

// Errors returned by Generate and NormSquares, wrapped with detail.
var (
	// ErrConfig reports a size or density outside its valid range.
	ErrConfig = errors.New("synth: invalid configuration")
	// ErrLaw reports an unknown norm law, or a law's parameter outside its
	// range (Family.Range).
	ErrLaw = errors.New("synth: invalid norm law")
	// ErrTooLarge reports a data set over Config.Budget; it also wraps the
	// *budget.Error that names the quantity.
	ErrTooLarge = errors.New("synth: data set too large")
	// ErrCanceled reports that the context of GenerateContext or
	// Generator.Until ended generation.
	ErrCanceled = errors.New("synth: canceled")
)

// Check returns the error Generate would return for cfg, without
// allocating or drawing: a *ParamError for a size, density or law outside
// its range (params.go), or an error wrapping ErrTooLarge for a data set
// over the budget.
func (cfg Config) Check() error {
	if err := cfg.checkParams(); err != nil {
		return err
	}
	b := cfg.Budget
	if b <= 0 {
		b = budget.Default
	}
	if err := b.Check(cfg.Shape()); err != nil {
		return fmt.Errorf("%w: %w", ErrTooLarge, err)
	}
	return nil
}

// Shape is the size of cfg's data set as the budget prices it. Its
// non-zeros bound those Generate allocates room for: the expected n·d·ω',
// plus n for rows that get one forced feature, plus five standard
// deviations. N·D itself costs neither memory nor, since patterns are drawn
// by skipping, time.
func (cfg Config) Shape() budget.Shape {
	mean := float64(float64(cfg.N) * float64(cfg.D) * cfg.Density)
	nnz := mean + float64(cfg.N) + float64(5*math.Sqrt(mean)) + 16
	return budget.Shape{Examples: int64(cfg.N), Features: int64(cfg.D), NonZeros: int64(min(nnz, math.MaxInt64/2))}
}
