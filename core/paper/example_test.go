package paper_test

import (
	"fmt"

	"imlab/core/paper"
	"imlab/core/synth"
)

// The page and the CLI print the paper's published ratios beside their own:
// MatchPreset finds the row a preset mirrors, and Cell its values at a τ.
func ExampleMatchPreset() {
	m, ok := paper.MatchPreset(synth.Norms{Paper: synth.PaperLaws[0]}, paper.SparseDensity, paper.SizeN/10, 100)
	fmt.Println(m, ok, m.Same)
	theory, empirical, ok := m.Cell(paper.Taus[1])
	fmt.Println(paper.Taus[1], theory, empirical, ok)
	// Output:
	// scaled down from the paper's Table 2 (sparse artificial data, ω' = 0.1), row uniform (n = 50,000 there) true false
	// 2 1.2 1.1 true
}
