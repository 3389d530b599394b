package experiment

import (
	"errors"
	"slices"
	"testing"

	"imlab/core/method"
	"imlab/core/table"
)

func TestParseTaus(t *testing.T) {
	for in, want := range map[string][]int{
		"1,2,4": {1, 2, 4}, "8 4, 2;1": {1, 2, 4, 8}, " 4,4 , 1 ": {1, 4}, "32": {32},
	} {
		got, err := ParseTaus(in, 0)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("ParseTaus(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, c := range []struct {
		in  string
		max int
	}{{"", 0}, {" , ", 0}, {"0", 0}, {"-1", 0}, {"1.5", 0}, {"two", 0}, {"1,4097", 4096},
		{"1,,2", 0}, {"1,2,", 0}, {";1", 0}, {"1, ;2", 0}} {
		if got, err := ParseTaus(c.in, c.max); !errors.Is(err, ErrTaus) {
			t.Errorf("ParseTaus(%q, %d) = %v, %v; want ErrTaus", c.in, c.max, got, err)
		}
	}
	if s := FormatTaus([]int{1, 2, 16}); s != "1,2,16" {
		t.Errorf("FormatTaus = %q", s)
	}
	if got, _ := ParseTaus(FormatTaus(PaperTaus), 0); !slices.Equal(got, PaperTaus) {
		t.Errorf("round trip of PaperTaus: %v", got)
	}
}

func TestTraceTable(t *testing.T) {
	tr := []method.Point{{Passes: 0, Primal: 0.7, Gap: 0.5}, {Passes: 0.25, Iter: 3, Primal: 0.25, Gap: 1e-3, Seconds: 0.01}}
	tab := TraceTable(tr)
	if !slices.Equal(tab.Header, TraceColumns) || len(tab.Rows) != 2 || tab.Rows[1][0] != "0.25" || tab.Rows[1][1] != "3" || tab.Rows[1][3] != "0.001" {
		t.Errorf("TraceTable: %+v", tab)
	}
	all := &table.Table{Header: TracesHeader()}
	AddTrace(all, "imp", 4, tr)
	if len(all.Header) != 7 || all.Header[0] != "sampling" || len(all.Rows) != 2 || all.Rows[0][1] != "4" || all.Rows[0][4] != "0.7" {
		t.Errorf("traces table: %+v", all)
	}
}

// The messages read well after a flag name or a field label.
func TestTausErrorMessages(t *testing.T) {
	for _, c := range []struct {
		in   string
		max  int
		want string
	}{
		{"1,x", 4096, `"x" is not a whole number in 1…4096`},
		{"0", 0, `"0" is not a whole number ≥ 1`},
		{",", 12, "the list is empty"},
		{"1,,2", 0, `"1,,2" has an empty entry (two commas in a row, or one at an end)`},
	} {
		_, err := ParseTaus(c.in, c.max)
		var te *TausError
		if !errors.As(err, &te) || err.Error() != c.want {
			t.Errorf("ParseTaus(%q, %d): %v, want %q", c.in, c.max, err, c.want)
		}
	}
}
