package synth_test

import (
	"fmt"

	"imlab/core/synth"
)

// The paper's "extreme" law: one example of squared norm 1000, all others 1,
// so σ = max/mean = 1000·n/(n−1+1000), 500.25 for n = 1000.
func ExampleGenerate() {
	ds, err := synth.Generate(synth.Config{N: 1000, D: 50, Density: 0.1, Norms: synth.Norms{Paper: synth.ExtremeLaw}, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	st := ds.Summarize()
	fmt.Printf("%d×%d, σ = %.2f, ‖x_0‖² = %.0f\n", st.N, st.D, st.Sigma, ds.SquaredNorms()[0])

	_, err = synth.Generate(synth.Config{N: 1000, D: 50, Density: 1.5, Norms: synth.Norms{Paper: synth.ExtremeLaw}})
	fmt.Println(err)
	// Output:
	// 1000×50, σ = 500.25, ‖x_0‖² = 1000
	// synth: invalid configuration: density ω' = 1.5, want 0 < ω' ≤ 1
}

func ExampleNormSquares() {
	fmt.Println(synth.PaperLaws)
	L, _ := synth.NormSquares(synth.Norms{Paper: synth.ExtremeLaw}, 4, nil)
	fmt.Println(L)
	// Output:
	// [uniform chisq100 chisq10 chisq1 extreme]
	// [1000 1 1 1]
}
