package theory

import (
	"context"
	"errors"
	"math"
	"reflect"
	"strconv"
	"testing"

	"imlab/core/loss"
	"imlab/core/problem"
	"imlab/core/synth"
)

// smallMap is a map at a modest size, as the page computes it.
func smallMap(t testing.TB, laws []synth.Law, taus []int) *SpeedupMap {
	m := NewSpeedupMap(MapSpec{
		Data: synth.Config{N: 600, D: 30, Density: 0.8, Seed: 2},
		Loss: loss.Logistic{}, Laws: laws, Taus: taus, Seed: 1,
	})
	if err := m.Until(context.Background()); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestSpeedupMapMatchesRatioAtEveryCell(t *testing.T) {
	laws := []synth.Law{{Family: synth.ChiSquare, Param: 1.5}, {Family: synth.Extreme, Param: 200}}
	taus := []int{1, 3, 16}
	m := smallMap(t, laws, taus)
	for r := range laws {
		// The row's data is exactly what a link to it generates.
		ds, err := synth.Generate(m.RowData(r))
		if err != nil {
			t.Fatal(err)
		}
		pr, err := problem.New(ds, loss.Logistic{}, problem.DefaultLambda(ds))
		if err != nil {
			t.Fatal(err)
		}
		for c, tau := range taus {
			nice, imp, err := Ratio(pr, tau, "random", 1)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := m.Ratio[r][c], imp/nice; got != want {
				t.Errorf("%s τ = %d: map %v, Ratio %v", laws[r], tau, got, want)
			}
		}
		if got, want := m.Sigma[r], ds.Summarize().Sigma; got != want {
			t.Errorf("%s: σ = %v, want %v", laws[r], got, want)
		}
	}
}

func TestSpeedupMapSerialColumnIsClosedForm(t *testing.T) {
	// At τ = 1, θ_imp/θ_nice = (n + max v/(λγ)) / (n + mean v/(λγ)) (the
	// paper's §5.1); on extreme data with weight w and λ = √w/n this is
	// (1 + √w/4) / (1 + mean L/(4√w)), growing with w from exactly 1.
	var laws []synth.Law
	for _, w := range MapExtremeWeights {
		laws = append(laws, synth.Law{Family: synth.Extreme, Param: w})
	}
	m := smallMap(t, laws, []int{1})
	prev := 0.0
	for r, w := range MapExtremeWeights {
		n := 600.0
		mean := (n - 1 + w) / n
		want := (1 + math.Sqrt(w)/4) / (1 + mean/(4*math.Sqrt(w)))
		got := m.Ratio[r][0]
		if relDiff(got, want) > 1e-12 {
			t.Errorf("w = %v: ratio %v, closed form %v", w, got, want)
		}
		if !(got > prev) && w > 1 {
			t.Errorf("w = %v: ratio %v does not grow (previous %v)", w, got, prev)
		}
		prev = got
	}
	if relDiff(m.Ratio[0][0], 1) > 1e-12 {
		t.Errorf("w = 1: ratio %v, want 1 (all norms equal)", m.Ratio[0][0])
	}
}

func TestSpeedupMapPapersExtremeCell(t *testing.T) {
	// The paper's extreme data at n = 50,000: 8.8 at τ = 1.
	if testing.Short() {
		t.Skip("n = 50,000")
	}
	m := NewSpeedupMap(MapSpec{
		Data: synth.Config{N: 50000, D: 20, Density: 0.2, Seed: 1},
		Loss: loss.Logistic{}, Laws: []synth.Law{{Family: synth.Extreme, Param: synth.ExtremeNorm}}, Taus: []int{1}, Seed: 1,
	})
	if err := m.Until(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := m.Ratio[0][0]; math.Round(got*100) != 883 {
		t.Errorf("extreme, τ = 1: %v, want 8.83 (paper 8.8)", got)
	}
	if got := m.Sigma[0]; math.Round(got*10) != 9804 {
		t.Errorf("extreme σ = %v, want the paper's 980.4", got)
	}
}

func TestSpeedupMapHeterogeneityOrdersRows(t *testing.T) {
	// Rows run from χ²₁₀₀ to χ²₀.₅: σ grows row after row. The serial
	// speedup does not follow σ: with the paper's λ = max‖x_i‖/n it is
	// (1 + √M/4)/(1 + m/(4√M)) for M = max L, m = mean L, which stays
	// below 2 for every χ² law (the paper's table: 1.9 for chisq1 and
	// chisq10), while at τ = 16 the heavy tail gains clearly more.
	m := smallMap(t, MapLaws()[:len(MapChiSquareKs)], []int{1, 16})
	last := len(MapChiSquareKs) - 1
	for r := 1; r <= last; r++ {
		if !(m.Sigma[r] > m.Sigma[r-1]) {
			t.Errorf("%s: σ = %v not above %s's %v", m.Spec.Laws[r], m.Sigma[r], m.Spec.Laws[r-1], m.Sigma[r-1])
		}
	}
	for r, law := range m.Spec.Laws {
		t.Logf("%-10s σ = %6.2f  τ=1: %.3f  τ=16: %.3f", law, m.Sigma[r], m.Ratio[r][0], m.Ratio[r][1])
		if !(m.Ratio[r][0] < 2) {
			t.Errorf("τ = 1, %s: ratio %v, want below 2", law, m.Ratio[r][0])
		}
		if law.Param == 1 { // chisq10 needs the paper's n = 50,000 for its larger maximum
			if got := math.Round(m.Ratio[r][0]*10) / 10; got != 1.9 {
				t.Errorf("τ = 1, %s: ratio %v, the paper's 1.9", law, m.Ratio[r][0])
			}
		}
	}
	if !(m.Ratio[last][1] > 1.5*m.Ratio[0][1]) {
		t.Errorf("τ = 16: χ²₀.₅ %v vs χ²₁₀₀ %v", m.Ratio[last][1], m.Ratio[0][1])
	}
	for r := range m.Ratio {
		for c, v := range m.Ratio[r] {
			if !(v >= 1-1e-12) {
				t.Errorf("%s τ = %d: ratio %v below 1", m.Spec.Laws[r], m.Spec.Taus[c], v)
			}
		}
	}
}

// BenchmarkSpeedupMap times the default map (28 laws × 12 τ) on dense
// data; n = 2000, d = 50 is the page's size.
func BenchmarkSpeedupMap(b *testing.B) {
	for _, n := range []int{1000, 2000, 4000} {
		b.Run("n="+strconv.Itoa(n)+"/d=50", func(b *testing.B) {
			for b.Loop() {
				m := NewSpeedupMap(MapSpec{Data: synth.Config{N: n, D: 50, Density: 0.8, Seed: 1},
					Loss: loss.Logistic{}, Laws: MapLaws(), Taus: MapTaus, Seed: 1})
				if err := m.Until(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Step does a row's data, then one τ at a time: a map of 2 rows × 3 τ is
// 8 steps, whose rows appear as they complete, and ComputeRow finishes a
// row under way; a cancelled context stops Until before any step.
func TestSpeedupMapSteps(t *testing.T) {
	spec := MapSpec{
		Data: synth.Config{N: 300, D: 10, Density: 0.8, Seed: 2},
		Loss: loss.Logistic{}, Taus: []int{1, 2, 4}, Seed: 1,
		Laws: []synth.Law{{Family: synth.ChiSquare, Param: 2}, {Family: synth.Extreme, Param: 50}},
	}
	m := NewSpeedupMap(spec)
	steps := 0
	for {
		steps++
		done, err := m.Step()
		if err != nil {
			t.Fatal(err)
		}
		if steps == 4 && (m.Rows() != 1 || m.Ratio[0] == nil || m.Ratio[1] != nil) {
			t.Errorf("after 4 steps, %d rows", m.Rows())
		}
		if done {
			break
		}
	}
	if steps != 8 || !m.Done() {
		t.Errorf("%d steps, done %v; want 8, true", steps, m.Done())
	}
	byRow := NewSpeedupMap(spec)
	if _, err := byRow.Step(); err != nil { // the first row under way
		t.Fatal(err)
	}
	if more, err := byRow.ComputeRow(); !more || err != nil || byRow.Rows() != 1 {
		t.Errorf("ComputeRow: more %v, err %v, %d rows; want true, nil, 1", more, err, byRow.Rows())
	}
	if more, err := byRow.ComputeRow(); more || err != nil || !reflect.DeepEqual(byRow.Ratio, m.Ratio) {
		t.Errorf("ComputeRow: more %v, err %v, ratios %v; want false, nil, %v", more, err, byRow.Ratio, m.Ratio)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if c := NewSpeedupMap(spec); !errors.Is(c.Until(ctx), context.Canceled) || c.Rows() != 0 {
		t.Errorf("Until a cancelled context computed %d rows", c.Rows())
	}
}
