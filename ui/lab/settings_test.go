package lab

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestHashRoundTrip(t *testing.T) {
	s := DefaultSettings()
	s.Norms, s.Density, s.N, s.D, s.DataSeed = "extreme", 0.1, 2500, 40, 7
	s.Loss, s.Lambda, s.Eps, s.Taus, s.Partition, s.Seed = "smoothhinge:0.5", 1.5e-3, 1e-8, []int{1, 3, 9}, "balanced", 42
	s.Bias, s.PositiveClass = false, "3"
	got, err := ParseHash("#"+s.Hash(), DefaultSettings())
	if err != nil {
		t.Fatalf("ParseHash(%q): %v", s.Hash(), err)
	}
	if !reflect.DeepEqual(got, s) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, s)
	}
	if def := DefaultSettings(); strings.Contains(def.Hash(), "lambda") {
		t.Errorf("default λ should stay out of the link: %s", def.Hash())
	}
}

func TestParseHashPartialKeepsBase(t *testing.T) {
	got, err := ParseHash("n=500&taus=8,2,2,4", DefaultSettings())
	if err != nil {
		t.Fatal(err)
	}
	want := DefaultSettings()
	want.N, want.Taus = 500, []int{2, 4, 8}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

func TestParseHashErrors(t *testing.T) {
	for hash, wantInMsg := range map[string]string{
		"n=abc":             `n="abc"`,
		"eps=-1":            "ε",
		"density=1.5":       "density",
		"colour=red":        `unknown key "colour"`,
		"norms=cauchy":      "norms",
		"taus=1,x":          `"x"`,
		"partition=greedy":  "partition",
		"loss=huber":        "loss",
		"seed=-3":           `seed="-3"`,
		"n=100000&d=100000": "n·d",
	} {
		s, err := ParseHash(hash, DefaultSettings())
		if !errors.Is(err, ErrSettings) || !strings.Contains(err.Error(), wantInMsg) {
			t.Errorf("ParseHash(%q) error = %v, want ErrSettings mentioning %q", hash, err, wantInMsg)
		}
		if !reflect.DeepEqual(s, DefaultSettings()) {
			t.Errorf("ParseHash(%q) on error returned %+v, want the base settings", hash, s)
		}
	}
}

func TestParseTaus(t *testing.T) {
	got, err := ParseTaus(" 32, 1 4;2,4 ")
	if err != nil || !reflect.DeepEqual(got, []int{1, 2, 4, 32}) {
		t.Errorf("ParseTaus = %v, %v", got, err)
	}
	for _, bad := range []string{"", "0", "1,,x", "5000", "-2"} {
		if _, err := ParseTaus(bad); err == nil {
			t.Errorf("ParseTaus(%q) accepted", bad)
		}
	}
	if s := FormatTaus([]int{1, 2, 4}); s != "1,2,4" {
		t.Errorf("FormatTaus = %q", s)
	}
}

func TestFormRoundTripAndFieldErrors(t *testing.T) {
	s := DefaultSettings()
	s.Lambda, s.Taus = 0.002, []int{1, 8}
	got, err := FormOf(s).Settings()
	if err != nil || !reflect.DeepEqual(got, s) {
		t.Fatalf("FormOf(s).Settings() = %+v, %v; want %+v", got, err, s)
	}
	f := FormOf(DefaultSettings())
	f.Lambda = ""
	if got, err := f.Settings(); err != nil || got.Lambda != 0 {
		t.Errorf("empty λ: got %v, %v; want the default (0)", got.Lambda, err)
	}
	for _, c := range []struct {
		edit  func(*Form)
		field string
	}{
		{func(f *Form) { f.N = "ten" }, "n"},
		{func(f *Form) { f.D = "0" }, "d"},
		{func(f *Form) { f.Eps = "-1e-10" }, "eps"},
		{func(f *Form) { f.Lambda = "abc" }, "lambda"},
		{func(f *Form) { f.Taus = "1, 2, x" }, "taus"},
		{func(f *Form) { f.Density = "2" }, "density"},
		{func(f *Form) { f.N, f.D = "100000", "100000" }, "n"},
		{func(f *Form) { f.Loss = "huber" }, "loss"},
	} {
		f := FormOf(DefaultSettings())
		c.edit(&f)
		_, err := f.Settings()
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != c.field {
			t.Errorf("form %+v: error %v, want a FieldError on %q", f, err, c.field)
		}
	}
}
