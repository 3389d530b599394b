// Package speedupmap is the page's speed-up map: the predicted speed-up of
// τ-importance over τ-nice sampling for every law of ‖xᵢ‖² and τ, on data
// the size of N × D, made for the lab's settings, each cell a link to the
// settings that load and run it.
package speedupmap

import (
	"fmt"
	"strconv"

	"imlab/core/synth"
	"imlab/core/table"
	"imlab/core/theory"
	"imlab/ui/chart"
	"imlab/ui/lab/setup"
)

// The speedup map is computed at a modest size, so that its 336 cells take
// seconds in a browser; clicking a cell runs exactly that cell's data.
const (
	N = 2000
	D = 50
)

// Map is the page's speedup map: theory.SpeedupMap over the default
// laws and theory.MapTaus, on data of size N × D with the density,
// data seed, loss, partition and run seed of the settings it was made for.
type Map struct {
	*theory.SpeedupMap
	For setup.Settings // the settings it was computed for
}

// New returns the empty map for s (see Map.Step).
func New(s setup.Settings) (*Map, error) {
	data := s.Synth() // the preset's configuration, at the map's size
	data.N, data.D, data.Norms = N, D, synth.Norms{}
	m := theory.NewSpeedupMap(theory.MapSpec{
		Data: data,
		Loss: s.Loss.Loss(), Laws: theory.MapLaws(), Taus: theory.MapTaus, Partition: s.Partition, Seed: s.Seed,
	})
	return &Map{SpeedupMap: m, For: s}, nil
}

// Same reports whether the map for a equals the map for b.
func Same(a, b setup.Settings) bool {
	return a.Density == b.Density && a.DataSeed == b.DataSeed && a.Loss == b.Loss && a.Partition == b.Partition && a.Seed == b.Seed
}

// CellSettings are the settings that load and run cell (row, col): the
// row's data at the map's size and the column's τ, everything else as in
// the settings the map was made for.
func (m *Map) CellSettings(row, col int) setup.Settings {
	s := m.For
	cfg := m.RowData(row)
	s.Norms, s.N, s.D, s.Density, s.DataSeed = cfg.Norms, cfg.N, cfg.D, cfg.Density, cfg.Seed
	s.Taus = []int{m.Spec.Taus[col]}
	s.Lambda = 0
	return s
}

// CellText explains cell (row, col): what it is, its formula, its value.
func (m *Map) CellText(row, col int) string {
	law, tau := m.Spec.Laws[row], m.Spec.Taus[col]
	if m.Ratio[row] == nil {
		return fmt.Sprintf("%s, τ = %d: not computed yet", law.Label(), tau)
	}
	return fmt.Sprintf("%s, τ = %d: θ(τ-importance) / θ(τ-nice) = %s — the predicted speed-up on %d × %d data "+
		"with σ = max‖xᵢ‖² / mean‖xᵢ‖² = %s. Click to run it.",
		law.Label(), tau, table.Sig(m.Ratio[row][col], 3), m.Spec.Data.N, m.Spec.Data.D, table.Sig(m.Sigma[row], 3))
}

// Plot returns the heat map of the values computed so far, with cell
// selected outlined ({-1, -1} for none).
func (m *Map) Plot(selected [2]int) *chart.HeatMap {
	hm := &chart.HeatMap{
		Title:    fmt.Sprintf("Predicted speed-up θ(τ-imp) / θ(τ-nice), n = %d, d = %d, ω' = %s", m.Spec.Data.N, m.Spec.Data.D, table.Float(m.Spec.Data.Density)),
		XLabel:   "minibatch size τ",
		YLabel:   "law of ‖xᵢ‖²",
		Legend:   "speed-up",
		Selected: selected,
		Min:      1,
	}
	for _, t := range m.Spec.Taus {
		hm.Cols = append(hm.Cols, strconv.Itoa(t))
	}
	for r, law := range m.Spec.Laws {
		hm.Rows = append(hm.Rows, law.Label())
		note := ""
		if m.Ratio[r] != nil {
			note = "σ = " + table.Sig(m.Sigma[r], 2)
		}
		hm.Notes = append(hm.Notes, note)
		if r > 0 && law.Family != m.Spec.Laws[r-1].Family {
			hm.Breaks = append(hm.Breaks, r)
		}
		hm.Values = append(hm.Values, m.Ratio[r])
	}
	return hm
}

// Table returns the map's values as text rows for a table (its text
// alternative): a header row of τ, then per law its label, σ and ratios.
func (m *Map) Table() [][]string {
	head := []string{"law", "σ"}
	for _, t := range m.Spec.Taus {
		head = append(head, "τ = "+strconv.Itoa(t))
	}
	out := [][]string{head}
	for r, law := range m.Spec.Laws {
		row := []string{law.Label(), "–"}
		if m.Ratio[r] != nil {
			row[1] = table.Sig(m.Sigma[r], 3)
		}
		for c := range m.Spec.Taus {
			v := "–"
			if m.Ratio[r] != nil {
				v = table.Sig(m.Ratio[r][c], 3)
			}
			row = append(row, v)
		}
		out = append(out, row)
	}
	return out
}
