package lab

import (
	"errors"
	"strings"
	"testing"

	"imlab/core/synth"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// TestLinksOutOfRangeRefusedOnRead: a link whose law parameter lies outside
// its family's range is refused when it is read, naming the key and the
// range, with nothing drawn: the probe's #norms=chisq:5e-324 killed the
// page's Go program (a panic in gonum's quantile), chisq:1e306 and
// chisq:1e-310 froze it, and chisq:1e-300 and extreme:1e308 loaded and
// failed only on Run. A fresh page generates the defaults instead and
// says why.
func TestLinksOutOfRangeRefusedOnRead(t *testing.T) {
	for _, tc := range []struct {
		link string
		want string
	}{
		{"#norms=chisq:5e-324", synth.ChiSquare.Range().String()},
		{"#norms=chisq:1e-300", synth.ChiSquare.Range().String()},
		{"#norms=chisq:1e306", synth.ChiSquare.Range().String()},
		{"#norms=chisq:1e-310&n=500", synth.ChiSquare.Range().String()},
		{"#norms=chisq:1e-323", synth.ChiSquare.Range().String()},
		{"#norms=extreme:1e308", synth.Extreme.Range().String()},
		{"#norms=extreme:5e-324", synth.Extreme.Range().String()},
		{"#norms=chisq:nan", synth.ChiSquare.Range().String()},
	} {
		_, err := setup.ParseHash(tc.link, setup.DefaultSettings())
		fe, ok := errors.AsType[*setup.FieldError](err)
		if !ok || fe.Field != setup.FieldNorms || !errors.Is(err, setup.ErrSettings) || !strings.Contains(err.Error(), "link key norms") ||
			!strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), setup.Label(setup.FieldNorms)) {
			t.Errorf("ParseHash(%s) = %v; want an error on the key norms with the range %s", tc.link, err, tc.want)
		}
		if worker.PreloadFor(tc.link) != nil {
			t.Errorf("%s: the page's loader would generate it", tc.link)
		}
	}
	h := newHarness(t)
	if _, _, err := h.c.OpenLink("#norms=chisq:5e-324"); !errors.Is(err, setup.ErrSettings) {
		t.Fatalf("OpenLink: %v", err)
	}
	ready := h.wait("the defaults generated", isPhase(Ready))
	if ready.Data == nil || ready.Settings.Norms != setup.DefaultNorms || !strings.Contains(ready.Status(), "not used") {
		t.Errorf("after a refused link on a fresh page: data %v, norms %q, status %q", ready.Data, ready.Settings.Norms, ready.Status())
	}
	// The ends of the ranges are links like any other.
	for _, law := range []string{"chisq:0.11", "chisq:10000", "extreme:1e-295", "extreme:1e288"} {
		want, _ := synth.ParseNorms(law)
		if s, err := setup.ParseHash("#norms="+law, setup.DefaultSettings()); err != nil || s.Norms != want || want.Check() != nil {
			t.Errorf("norms=%s: %q, %v", law, s.Norms, err)
		}
	}
}

// TestParseHashRefusesRepeatedKeys: a key given twice is an error naming
// the key and both values (it kept its last value silently).
func TestParseHashRefusesRepeatedKeys(t *testing.T) {
	for _, tc := range []struct {
		link string
		key  setup.FieldKey
		want []string
	}{
		{"#taus=2&taus=4", setup.FieldTaus, []string{`"2", "4"`}},
		{"#norms=chisq1&n=500&norms=chisq10", setup.FieldNorms, []string{`"chisq1", "chisq10"`}},
		{"#seed=1&seed=1", setup.FieldSeed, []string{"2 times"}},
		{"#lambda=&lambda=0.1&lambda=2", setup.FieldLambda, []string{"3 times", `"", "0.1", "2"`}},
	} {
		s, err := setup.ParseHash(tc.link, setup.DefaultSettings())
		fe, ok := errors.AsType[*setup.FieldError](err)
		if !ok || fe.Field != tc.key || !strings.Contains(err.Error(), "link key "+string(tc.key)) {
			t.Errorf("ParseHash(%s) = %v; want an error on the key %s", tc.link, err, tc.key)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("ParseHash(%s) = %q; want %q in it", tc.link, err, w)
			}
		}
		if s.Hash() != setup.DefaultSettings().Hash() {
			t.Errorf("ParseHash(%s) on error returned %q, want the base settings", tc.link, s.Hash())
		}
	}
}

// Teaching keys too: a lesson or a worker count given twice is refused.
func TestSplitHashRefusesRepeatedKeys(t *testing.T) {
	for _, link := range []string{"#lesson=1&lesson=2", "#workers=main&n=500&workers=2", "#hide=map&hide=data"} {
		if _, _, err := setup.PageSettings(link, setup.DefaultSettings()); !errors.Is(err, setup.ErrSettings) || !strings.Contains(err.Error(), "given twice") {
			t.Errorf("PageSettings(%s) error = %v; want the key named as given twice", link, err)
		}
	}
}
