package setup

import (
	"errors"
	"slices"
	"strconv"
	"testing"

	"imlab/core/synth"

	"imlab/ui/lab/lesson"
)

func TestEveryLessonLoadsItsSettings(t *testing.T) {
	if len(lesson.Lessons) < 6 {
		t.Fatalf("%d lessons, want at least 6", len(lesson.Lessons))
	}
	for k, l := range lesson.Lessons {
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

// Every lesson's prediction is about one of the lesson's τ.
func TestLessonPredictsAtItsTaus(t *testing.T) {
	for k, l := range lesson.Lessons {
		if l.Predict == nil {
			continue
		}
		s, _, err := PageSettings("lesson="+strconv.Itoa(k+1), DefaultSettings())
		if err != nil || !slices.Contains(s.Taus, l.Predict.Tau) {
			t.Errorf("lesson %d predicts at τ = %d, its τ are %v (%v)", k+1, l.Predict.Tau, s.Taus, err)
		}
	}
}

func TestClassKeys(t *testing.T) {
	_, tc, err := SplitHash("lesson=4&speed=16&predict=0&n=600")
	if err != nil || tc.Speed != 16 || !tc.NoPredict || tc.Asks(4) != nil {
		t.Fatalf("%+v %v", tc, err)
	}
	if h := tc.Hash(); h != "lesson=4&speed=16&predict=0" {
		t.Errorf("hash %q", h)
	}
	tc.NoPredict = false
	if tc.Asks(4) == nil || tc.Asks(4).Tau != 8 {
		t.Errorf("lesson 4 asks %+v", tc.Asks(4))
	}
	for _, bad := range []string{"speed=3", "speed=x", "predict=maybe"} {
		if _, _, err := SplitHash(bad); !errors.Is(err, ErrSettings) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
