package speedupmap

import (
	"context"
	"strings"
	"testing"

	"imlab/core/synth"
	"imlab/core/theory"
	"imlab/ui/lab/setup"
)

func TestSpeedupMapCellLinksReproduceTheCell(t *testing.T) {
	s := setup.DefaultSettings()
	m, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	// Two rows are enough: one per family.
	m.Spec.Laws = []synth.Law{{Family: synth.ChiSquare, Param: 1.5}, {Family: synth.Extreme, Param: 300}}
	m.SpeedupMap = theory.NewSpeedupMap(m.Spec)
	if err := m.Until(context.Background()); err != nil {
		t.Fatal(err)
	}
	for row := range m.Spec.Laws {
		col := 7 // τ = 16
		cs := m.CellSettings(row, col)
		back, err := setup.ParseHash(cs.Hash(), setup.DefaultSettings())
		if err != nil {
			t.Fatalf("row %d: the cell's link %q does not parse: %v", row, cs.Hash(), err)
		}
		if back.Norms != (synth.Norms{Law: m.Spec.Laws[row]}) || back.N != N || back.D != D || len(back.Taus) != 1 || back.Taus[0] != 16 {
			t.Errorf("row %d: link gives %+v", row, back)
		}
		if back.Synth() != m.RowData(row) {
			t.Errorf("row %d: link's data %+v, map's %+v", row, back.Synth(), m.RowData(row))
		}
		if txt := m.CellText(row, col); !strings.Contains(txt, "τ = 16") || !strings.Contains(txt, "σ =") {
			t.Errorf("cell text %q", txt)
		}
	}
	hm := m.Plot([2]int{1, 7})
	if len(hm.Rows) != 2 || len(hm.Cols) != len(theory.MapTaus) || len(hm.Breaks) != 1 {
		t.Errorf("plot rows %v cols %v breaks %v", hm.Rows, hm.Cols, hm.Breaks)
	}
	tab := m.Table()
	if len(tab) != 3 || len(tab[1]) != 2+len(theory.MapTaus) || tab[2][0] != "extreme w = 300" {
		t.Errorf("table %v", tab)
	}
}
