package synth

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// TestLawRanges requires the probe's laws, and every parameter just outside
// its family's range, to be refused by name, draws and all, with the range
// in the message; and the ends themselves to be accepted.
func TestLawRanges(t *testing.T) {
	for _, bad := range []string{
		"chisq:5e-324", "chisq:1e-300", "chisq:1e-310", "chisq:1e-323", "chisq:1e306", "chisq:1e308",
		"chisq:1e400", "chisq:0.1", "chisq:10001", "extreme:1e308", "extreme:5e-324", "extreme:1e-296",
		"extreme:1.1e288", "chisq:nan", "extreme:inf", "chisq:-1",
	} {
		_, err := ParseNorms(bad)
		if !errors.Is(err, ErrLaw) {
			t.Errorf("ParseNorms(%q) = %v, want ErrLaw", bad, err)
			continue
		}
		want := ChiSquare.Range().String()
		if strings.HasPrefix(bad, "extreme") {
			want = Extreme.Range().String()
		}
		if !strings.Contains(err.Error(), want) {
			t.Errorf("ParseNorms(%q) = %q, want the range %q in it", bad, err, want)
		}
		// The same law made in code, not parsed: Generate checks it too.
		prefix, param, _ := strings.Cut(bad, ":")
		law := Law{Family: ChiSquare}
		if prefix == "extreme" {
			law.Family = Extreme
		}
		law.Param, _ = strconv.ParseFloat(param, 64) // ±Inf beyond float64's range
		if _, err := Generate(Config{N: 10, D: 5, Density: 0.5, Norms: Norms{Law: law}}); !errors.Is(err, ErrLaw) {
			t.Errorf("Generate(%q) error = %v, want ErrLaw", bad, err)
		}
	}
	for _, l := range []Law{{ChiSquare, MinChiSquareK}, {ChiSquare, MaxChiSquareK}, {Extreme, MinExtremeWeight}, {Extreme, MaxExtremeWeight}} {
		if n, err := ParseNorms(l.String()); err != nil || n.Check() != nil {
			t.Errorf("%v: %v", l, err)
		}
		ds, err := Generate(Config{N: 50, D: 20, Density: 0.3, Norms: Norms{Law: l}, Seed: 1})
		if err != nil {
			t.Fatalf("%v: %v", l, err)
		}
		for i, L := range ds.SquaredNorms() {
			if !(L >= MinNormSquare/2 && L <= MaxNormSquare) || ds.RowPtr[i+1] == ds.RowPtr[i] {
				t.Fatalf("%v: row %d has ‖x‖² = %v and %d values", l, i, L, ds.RowPtr[i+1]-ds.RowPtr[i])
			}
		}
	}
}

// TestCheckNamesTheParameter requires Config.Check to name the parameter
// at fault, in Param's order, so that a caller can name its flag or key.
func TestCheckNamesTheParameter(t *testing.T) {
	ok := Config{N: 10, D: 5, Density: 0.5, Norms: Norms{Paper: ChiSq1Law}}
	for _, tc := range []struct {
		edit func(*Config)
		want Param
		is   error
	}{
		{func(c *Config) { c.N = 0 }, ParamN, ErrConfig},
		{func(c *Config) { c.D = -1 }, ParamD, ErrConfig},
		{func(c *Config) { c.D = 1 << 31 }, ParamD, ErrConfig},
		{func(c *Config) { c.Density = 0 }, ParamDensity, ErrConfig},
		{func(c *Config) { c.Norms = Norms{Law: Law{Family: ChiSquare, Param: 1e306}} }, ParamNorms, ErrLaw},
		{func(c *Config) { c.Norms = Norms{} }, ParamNorms, ErrLaw},
		{func(c *Config) { c.N, c.Norms = 0, Norms{} }, ParamN, ErrConfig},
	} {
		cfg := ok
		tc.edit(&cfg)
		err := cfg.Check()
		var pe *ParamError
		if !errors.As(err, &pe) || pe.Param != tc.want || !errors.Is(err, tc.is) {
			t.Errorf("%+v: Check() = %v, want a ParamError on %d wrapping %v", cfg, err, tc.want, tc.is)
		}
	}
	if err := ok.Check(); err != nil {
		t.Errorf("%+v: %v", ok, err)
	}
}
