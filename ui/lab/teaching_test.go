package lab

import (
	"errors"
	"slices"
	"strconv"
	"testing"

	"imlab/core/synth"
)

func TestEveryLessonLoadsItsSettings(t *testing.T) {
	if len(Lessons) < 6 {
		t.Fatalf("%d lessons, want at least 6", len(Lessons))
	}
	for k, l := range Lessons {
		s, tc, err := PageSettings("#lesson="+itoa(k+1), DefaultSettings())
		if err != nil {
			t.Fatalf("lesson %d: %v", k+1, err)
		}
		if tc.Lesson != k+1 {
			t.Errorf("lesson %d: Teaching.Lesson = %d", k+1, tc.Lesson)
		}
		want, err := ParseHash(l.Settings, DefaultSettings())
		if err != nil {
			t.Fatalf("lesson %d settings: %v", k+1, err)
		}
		if s.Hash() != want.Hash() {
			t.Errorf("lesson %d: settings %q, want %q", k+1, s.Hash(), want.Hash())
		}
		if l.Title == "" || l.Text == "" || l.Watch == "" || l.Question == "" || l.Answer == "" {
			t.Errorf("lesson %d lacks a part: %+v", k+1, l)
		}
	}
	// The link's own keys override the lesson's.
	s, _, err := PageSettings("lesson=2&n=500", DefaultSettings())
	if err != nil || s.N != 500 || s.Norms != (synth.Norms{Paper: synth.ExtremeLaw}) {
		t.Errorf("lesson=2&n=500: %+v, %v", s, err)
	}
}

func TestTeachingHashRoundTrip(t *testing.T) {
	rest, tc, err := SplitHash("#n=300&hide=export,data&present=1&lesson=3&taus=1,2")
	if err != nil {
		t.Fatal(err)
	}
	if rest != "n=300&taus=1,2" {
		t.Errorf("settings part %q", rest)
	}
	if !slices.Equal(tc.Hide, []Panel{PanelData, PanelExport}) || !tc.Present || tc.Lesson != 3 {
		t.Errorf("teaching %+v", tc)
	}
	if !tc.Hidden(PanelData) || tc.Hidden(PanelArticle) {
		t.Error("Hidden")
	}
	if got := tc.Hash(); got != "lesson=3&hide=data,export&present=1" {
		t.Errorf("Hash %q", got)
	}
	s := DefaultSettings()
	back, tc2, err := PageSettings(JoinHash(s, tc), DefaultSettings())
	if err != nil || back.Hash() != s.Hash() || tc2.Hash() != tc.Hash() {
		t.Errorf("JoinHash round trip: %v %+v %v", back.Hash(), tc2, err)
	}
	if (Teaching{}).Hash() != "" || JoinHash(s, Teaching{}) != s.Hash() {
		t.Error("the zero Teaching adds keys")
	}
	for _, bad := range []string{"lesson=0", "lesson=99", "lesson=x", "hide=data,sidebar", "lesson=%zz"} {
		if _, _, err := SplitHash(bad); !errors.Is(err, ErrSettings) {
			t.Errorf("%s: error %v", bad, err)
		}
	}
	for _, p := range Panels {
		if p.ElementID() != "panel-"+string(p) {
			t.Errorf("%s: id %s", p, p.ElementID())
		}
	}
}

func itoa(k int) string { return strconv.Itoa(k) }
