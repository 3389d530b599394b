package setup

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"imlab/core/loss"
	"imlab/core/method/catalog"
	"imlab/core/synth"
)

func TestHashRoundTrip(t *testing.T) {
	s := DefaultSettings()
	s.Norms, s.Density, s.N, s.D, s.DataSeed = synth.Norms{Paper: synth.ExtremeLaw}, 0.1, 2500, 40, 7
	s.Loss, s.Lambda, s.Eps, s.Taus, s.Partition, s.Seed = loss.Spec{Kind: loss.SmoothHingeKind, Mu: 0.5}, 1.5e-3, 1e-8, []int{1, 3, 9}, "balanced", 42
	s.Bias, s.PositiveClass, s.MaxPasses = false, "3", 2.5e4
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
		"n=abc":             `Examples n: "abc"`,
		"eps=-1":            "Target gap ε",
		"density=1.5":       "Density ω'",
		"colour=red":        `unknown key "colour"`,
		"norms=cauchy":      "Law of ‖xᵢ‖²",
		"taus=1,x":          `Minibatch sizes τ: "1,x"`,
		"partition=greedy":  "Buckets (τ-importance)",
		"loss=huber":        "Loss",
		"seed=-3":           `Run seed: "-3"`,
		"n=100000&d=100000": "Examples n × Features d × Density ω'",
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
	f[FieldLambda] = ""
	if got, err := f.Settings(); err != nil || got.Lambda != 0 {
		t.Errorf("empty λ: got %v, %v; want the default (0)", got.Lambda, err)
	}
	for _, c := range []struct {
		edit  Form
		field FieldKey
	}{
		{Form{FieldN: "ten"}, FieldN},
		{Form{FieldD: "0"}, FieldD},
		{Form{FieldEps: "-1e-10"}, FieldEps},
		{Form{FieldLambda: "abc"}, FieldLambda},
		{Form{FieldTaus: "1, 2, x"}, FieldTaus},
		{Form{FieldDensity: "2"}, FieldDensity},
		{Form{FieldN: "100000", FieldD: "100000"}, FieldN},
		{Form{FieldLoss: "huber"}, FieldLoss},
		{Form{FieldPositiveClass: "cats"}, FieldPositiveClass},
	} {
		f := FormOf(DefaultSettings())
		for k, v := range c.edit {
			f[k] = v
		}
		_, err := f.Settings()
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != c.field {
			t.Errorf("form %v: error %v, want a FieldError on %q", c.edit, err, c.field)
			continue
		}
		// Messages name fields as the form labels them, never by a Go name.
		if !strings.Contains(err.Error(), Label(c.field)) {
			t.Errorf("form %v: error %q does not give the label %q", c.edit, err, Label(c.field))
		}
	}
}

func TestHashNamesFile(t *testing.T) {
	s := DefaultSettings()
	s.File = RefOf("a b&c.svm", []byte("+1 1:1\n"))
	h := s.Hash()
	if !strings.Contains(h, "file=a+b%26c.svm&fsize=7&fsha="+s.File.Fingerprint) {
		t.Errorf("hash %q does not name the file, its size and fingerprint", h)
	}
	got, err := ParseHash(h, DefaultSettings())
	if err != nil || got.File != s.File {
		t.Errorf("ParseHash(%q) = %+v, %v", h, got.File, err)
	}
	// A link without a file names none, whatever the base had.
	if got, _ := ParseHash("n=50", s); got.File != (FileRef{}) {
		t.Errorf("a link without file= kept the base's file %+v", got.File)
	}
	for hash, label := range map[string]string{
		"fsize=3":                       "file size",
		"file=x.svm&fsha=xyz&fsize=1":   "file fingerprint",
		"file=x.svm&fsize=-1&fsha=0011": "file size",
	} {
		if _, err := ParseHash(hash, DefaultSettings()); err == nil || !strings.Contains(err.Error(), label) {
			t.Errorf("ParseHash(%q) error %v, want one naming %q", hash, err, label)
		}
	}
}

// FuzzParseHash checks that any string either parses to settings that
// validate and survive a round trip through Hash, or is refused with an
// ErrSettings that names a field by its label (or says what is wrong with
// the link as a whole).
func FuzzParseHash(f *testing.F) {
	f.Add(DefaultSettings().Hash())
	f.Add("norms=extreme&n=2000&taus=1,8,4&lambda=1e-3&pos=3&bias=false")
	f.Add("file=x.svm&fsize=12&fsha=0123456789abcdef&eps=1e-300")
	f.Add("n=abc")
	f.Add("%zz")
	f.Add("colour=red")
	// The generator's laws, in and out of their ranges (issue 24), and keys
	// given twice.
	f.Add("norms=chisq:5e-324")
	f.Add("norms=chisq:1e306&n=500")
	f.Add("norms=chisq:0.11&density=1e-300&d=3")
	f.Add("norms=extreme:1e308")
	f.Add("norms=extreme:1e-295&norms=chisq:2.5")
	f.Add("taus=2&taus=4")
	// The pass budget: in and out of its limits, with and without a method.
	f.Add("maxpasses=1&method=sgd")
	f.Add("maxpasses=1e6&eps=1e-3")
	f.Add("maxpasses=1000001")
	f.Add("maxpasses=NaN")
	f.Add("maxpasses=-inf&maxpasses=2")
	f.Fuzz(func(t *testing.T, hash string) {
		s, err := ParseHash(hash, DefaultSettings())
		if err != nil {
			var fe *FieldError
			if !errors.Is(err, ErrSettings) || !errors.As(err, &fe) {
				t.Fatalf("ParseHash(%q): %v is not a FieldError wrapping ErrSettings", hash, err)
			}
			if fe.Field != "" && !strings.Contains(err.Error(), Label(fe.Field)) {
				t.Fatalf("ParseHash(%q): %q does not give the label of %q", hash, err, fe.Field)
			}
			if fe.Field == "" && !strings.Contains(err.Error(), "link:") {
				t.Fatalf("ParseHash(%q): %q names neither a field nor the link", hash, err)
			}
			return
		}
		if err := s.Validate(); err != nil {
			t.Fatalf("ParseHash(%q) accepted invalid settings: %v", hash, err)
		}
		again, err := ParseHash(s.Hash(), DefaultSettings())
		if err != nil {
			t.Fatalf("re-encoded %q → %q refused: %v", hash, s.Hash(), err)
		}
		if !reflect.DeepEqual(again, s) {
			t.Fatalf("round trip of %q:\n got %+v\nwant %+v", hash, again, s)
		}
	})
}

func TestFileOptionsIgnoreTheRestOfTheForm(t *testing.T) {
	f := FormOf(DefaultSettings())
	f[FieldN], f[FieldBias], f[FieldPositiveClass] = "ten", "false", " 3 "
	got, err := f.FileOptions(DefaultSettings())
	if err != nil || got.Bias || got.PositiveClass != "3" || got.N != defaultN {
		t.Errorf("FileOptions = bias %v, pos %q, n %d, %v", got.Bias, got.PositiveClass, got.N, err)
	}
	f[FieldPositiveClass] = "cats"
	var fe *FieldError
	if _, err := f.FileOptions(DefaultSettings()); !errors.As(err, &fe) || fe.Field != FieldPositiveClass {
		t.Errorf("positive class \"cats\": %v", err)
	}
}

// TestChooseMethodTakesItsEps: choosing a method in the form puts its own
// target gap in the form (SGD's 1e−3, then dfSDCA's 1e−10 again), and the
// settings read from the form carry it.
func TestChooseMethodTakesItsEps(t *testing.T) {
	f := FormOf(DefaultSettings())
	for _, m := range []catalog.Name{catalog.SGD, catalog.SAGA, catalog.DFSDCA, catalog.SGD, ""} {
		f[FieldMethod] = string(m) // "": the selector's value for the default method
		f.ChooseMethod()
		if m == "" {
			m = DefaultMethod
		}
		s, err := f.Settings()
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		if want := catalog.DefaultsOf(m).Eps; s.Method != m || s.Eps != want {
			t.Errorf("after choosing %s: method %s, ε %g; want ε %g", m, s.Method, s.Eps, want)
		}
	}
	f[FieldMethod] = "newton"
	f[FieldEps] = "0.5"
	f.ChooseMethod()
	if f[FieldEps] != "0.5" {
		t.Errorf("an unknown method changed ε to %q", f[FieldEps])
	}
}

// A link choosing a method without ε runs it to its own ε; a link giving ε
// keeps it.
func TestLinkMethodTakesItsEps(t *testing.T) {
	s, err := ParseHash("method=sgd", DefaultSettings())
	if err != nil || s.Method != catalog.SGD || s.Eps != catalog.DefaultsOf(catalog.SGD).Eps {
		t.Errorf("method=sgd: %v, method %s, ε %g", err, s.Method, s.Eps)
	}
	s, err = ParseHash("method=sgd&eps=1e-5", DefaultSettings())
	if err != nil || s.Eps != 1e-5 {
		t.Errorf("method=sgd&eps=1e-5: %v, ε %g", err, s.Eps)
	}
	if s, _ := ParseHash("n=500", DefaultSettings()); s.Eps != DefaultSettings().Eps {
		t.Errorf("a link without method changed ε to %g", s.Eps)
	}
}
