package paper

import (
	"fmt"
	"math"
	"slices"

	"imlab/core/table"
)

// series is one source's ratios at taus, theoretical or empirical, beside
// the paper's (NaN where the paper has no cell).
type series struct {
	src          Source
	taus         []int
	ours, theirs []float64
}

// theorySeries and empiricalSeries are the series of rule k's cells of res.
func theorySeries(res *Result, k int) []series    { return resultSeries(res, k, false) }
func empiricalSeries(res *Result, k int) []series { return resultSeries(res, k, true) }

func resultSeries(res *Result, k int, empirical bool) []series {
	var out []series
	for s, src := range res.Sources {
		c := res.Cells[s][k]
		if c.Seeds == 0 {
			continue
		}
		sr := series{src: src}
		for _, row := range c.Rows {
			pt, pe, ok := Cell(src.Table.Rows(), src.Name, row.Tau)
			ours, theirs := row.Theory, pt
			if empirical {
				ours, theirs = row.Empirical, pe
			}
			if !ok {
				theirs = math.NaN()
			}
			sr.taus, sr.ours, sr.theirs = append(sr.taus, row.Tau), append(sr.ours, ours), append(sr.theirs, theirs)
		}
		out = append(out, sr)
	}
	return out
}

// fullSeries are the series of a FullSizeTheory table.
func fullSeries(tt *TheoryTable) []series {
	var out []series
	for _, row := range tt.Rows {
		sr := series{src: row.Source, taus: tt.Taus, ours: row.Ratio}
		for _, tau := range tt.Taus {
			pt, _, ok := Cell(tt.Table.Rows(), row.Source.Name, tau)
			if !ok {
				pt = math.NaN()
			}
			sr.theirs = append(sr.theirs, pt)
		}
		out = append(out, sr)
	}
	return out
}

// published are the indexes of the cells the paper has.
func (sr series) published() []int {
	var idx []int
	for k, p := range sr.theirs {
		if !math.IsNaN(p) && !math.IsNaN(sr.ours[k]) {
			idx = append(idx, k)
		}
	}
	return idx
}

// beyond are the indexes of the cells more than tol away from the paper's.
func (sr series) beyond(tol float64) []int {
	var idx []int
	for _, k := range sr.published() {
		if math.Abs(sr.ours[k]/sr.theirs[k]-1) > tol {
			idx = append(idx, k)
		}
	}
	return idx
}

// label names a source in prose: its law's label, or the data set's name.
func label(src Source) string {
	if src.Law != 0 {
		return src.Law.Label()
	}
	return src.Name
}

// where says which of the published cells idx are: "at every τ", "at
// τ ≥ 8", "at τ = 2 and 16".
func (sr series) where(idx []int) string {
	pub := sr.published()
	switch {
	case len(idx) == len(pub):
		return "at every τ"
	case len(idx) > 1 && slices.Equal(idx, pub[len(pub)-len(idx):]):
		return fmt.Sprintf("at τ ≥ %d", sr.taus[idx[0]])
	}
	taus := make([]string, len(idx))
	for i, k := range idx {
		taus[i] = fmt.Sprint(sr.taus[k])
	}
	return "at τ = " + and(taus)
}

// deviation says how cells idx differ from the paper's: "χ²₁₀ comes out
// 10–11% lower at τ ≥ 16 (3.1 and 3.2 against 3.5 and 3.6)".
func (sr series) deviation(idx []int) string {
	lo, hi, higher := math.Inf(1), 0.0, 0
	var ours, theirs []string
	for _, k := range idx {
		d := sr.ours[k]/sr.theirs[k] - 1
		lo, hi = min(lo, math.Abs(d)), max(hi, math.Abs(d))
		if d > 0 {
			higher++
		}
		ours, theirs = append(ours, table.Sig(sr.ours[k], 2)), append(theirs, table.Sig(sr.theirs[k], 2))
	}
	way := "off"
	switch higher {
	case len(idx):
		way = "higher"
	case 0:
		way = "lower"
	}
	values := fmt.Sprintf("%s against %s", and(ours), and(theirs))
	if last := idx[len(idx)-1]; len(idx) > 2 {
		values = fmt.Sprintf("%s against %s at τ = %d", ours[len(ours)-1], theirs[len(theirs)-1], sr.taus[last])
	}
	return fmt.Sprintf("%s comes out %s %s %s (%s)", label(sr.src), percents(lo, hi), way, sr.where(idx), values)
}
