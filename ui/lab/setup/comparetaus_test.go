package setup

import (
	"slices"
	"testing"

	"imlab/core/experiment"
)

// TestCompareTausByDefault: a link comparing methods without τ runs
// compareTaus, fewer curves than the paper's six τ; τ given, or a lesson's
// own, stay; and the form's rule goes both ways.
func TestCompareTausByDefault(t *testing.T) {
	for _, c := range []struct {
		hash string
		want []int
	}{
		{"compare=saga", compareTaus},
		{"compare=sdca,saga", compareTaus},
		{"compare=saga&taus=2,4", []int{2, 4}},
		{"compare=saga&taus=1,2,4,8,16,32", experiment.PaperTaus},
		{"taus=1,2", []int{1, 2}},
		{"", experiment.PaperTaus},
	} {
		s, err := ParseHash(c.hash, DefaultSettings())
		if err != nil {
			t.Fatalf("%q: %v", c.hash, err)
		}
		if !slices.Equal(s.Taus, c.want) {
			t.Errorf("%q: τ %v, want %v", c.hash, s.Taus, c.want)
		}
		if back, err := ParseHash(s.Hash(), DefaultSettings()); err != nil || !slices.Equal(back.Taus, s.Taus) {
			t.Errorf("%q: its link %q reads back as τ %v (%v)", c.hash, s.Hash(), back.Taus, err)
		}
	}
	lesson := DefaultSettings()
	lesson.Taus = []int{4}
	if s, _ := ParseHash("compare=saga", lesson); !slices.Equal(s.Taus, []int{4}) {
		t.Errorf("compare over a base of τ = 4: τ %v, want the base's", s.Taus)
	}
	if got := TausForCompare(experiment.PaperTaus, true); !slices.Equal(got, compareTaus) {
		t.Errorf("comparing over the paper's τ: %v", got)
	}
	if got := TausForCompare(compareTaus, false); !slices.Equal(got, experiment.PaperTaus) {
		t.Errorf("comparing no more over compareTaus: %v", got)
	}
	if got := TausForCompare([]int{3, 5}, true); !slices.Equal(got, []int{3, 5}) {
		t.Errorf("a list of the user's changed to %v", got)
	}
}
