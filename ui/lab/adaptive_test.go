package lab

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"imlab/core/method/catalog"
	"imlab/core/sampling"
	"imlab/ui/lab/internal/labtest"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"

	"imlab/ui/lab/lesson"
)

// TestImportanceLink: the link key imp=adaptive chooses adaptive
// τ-importance and is written back the same; the paper's τ-importance is the
// default and leaves the key out; a sampling that is not an importance
// sampling, or a method that cannot follow an adaptive one, is refused with
// an error naming the key and the field's label, keeping the base settings.
func TestImportanceLink(t *testing.T) {
	base := setup.DefaultSettings()
	if base.Importance != sampling.Imp || strings.Contains(base.Hash(), "imp=") {
		t.Fatalf("default importance %q, hash %q", base.Importance, base.Hash())
	}
	s, err := setup.ParseHash("#imp=adaptive", base)
	if err != nil || s.Importance != sampling.AdaptiveImp {
		t.Fatalf("imp=adaptive: %q, %v", s.Importance, err)
	}
	if !strings.Contains(s.Hash(), "imp=adaptive") {
		t.Errorf("hash %q lacks imp=adaptive", s.Hash())
	}
	if back, err := setup.ParseHash(s.Hash(), setup.DefaultSettings()); err != nil || back.Importance != sampling.AdaptiveImp {
		t.Errorf("hash %q reads back as %q, %v", s.Hash(), back.Importance, err)
	}
	if got := s.Samplings(); len(got) != 2 || got[0] != sampling.Nice || got[1] != sampling.AdaptiveImp {
		t.Errorf("samplings %v", got)
	}
	for _, link := range []string{"imp=nice", "imp=bucket", "imp=static", "imp=adaptive&method=saga", "imp=adaptive&compare=sgd"} {
		got, err := setup.ParseHash(link, base)
		var fe *setup.FieldError
		if !errors.As(err, &fe) || fe.Field != setup.FieldImportance || !errors.Is(err, setup.ErrSettings) ||
			!strings.Contains(err.Error(), setup.Label(setup.FieldImportance)) {
			t.Errorf("%s: %v, want a FieldError on %s", link, err, setup.FieldImportance)
		}
		if got.Importance != base.Importance {
			t.Errorf("%s: the importance became %q", link, got.Importance)
		}
	}
	if lines := strings.Join(provenance(&Snapshot{Settings: s}), "\n"); !strings.Contains(lines, ", imp=adaptive") {
		t.Errorf("the exports' settings lines do not say imp=adaptive:\n%s", lines)
	}
	f := setup.FormOf(s)
	if f[setup.FieldImportance] != "adaptive" {
		t.Errorf("form field %q", f[setup.FieldImportance])
	}
	f[setup.FieldImportance] = ""
	if back, err := f.Settings(); err != nil || back.Importance != sampling.Imp {
		t.Errorf("form with the default: %q, %v", back.Importance, err)
	}
}

// TestAdaptiveRunsOnTheImportanceSide: with imp=adaptive, the jobs a worker
// gets run adaptive τ-importance where τ-importance ran, and a run on the
// page's main thread fills the ratio table from them: every τ reaches ε,
// the adaptive runs in fewer iterations/n than τ-nice.
func TestAdaptiveRunsOnTheImportanceSide(t *testing.T) {
	s := labtest.Small()
	s.Importance = sampling.AdaptiveImp
	specs := worker.JobSpecs(s, 1e-3, 0.5)
	for k, sp := range specs {
		want := sampling.Nice
		if k >= len(s.Taus) {
			want = sampling.AdaptiveImp
		}
		if sp.Sampling != want {
			t.Errorf("job %d: %s, want %s", k, sp.Sampling, want)
		}
	}
	h := newHarness(t)
	h.c.Generate(s)
	h.wait("ready", isPhase(Ready))
	h.c.Run(s)
	done := h.wait("done", isPhase(Done))
	if done.Err != nil || len(done.Rows) != len(s.Taus) {
		t.Fatalf("%v, %d rows", done.Err, len(done.Rows))
	}
	adaptive := 0
	for _, j := range done.Jobs {
		if j.Sampling == sampling.AdaptiveImp {
			adaptive++
		}
	}
	if adaptive != len(s.Taus) {
		t.Errorf("%d adaptive jobs of %d, want one per τ", adaptive, len(done.Jobs))
	}
	// The sampling view shows the last run, an adaptive one: its residues
	// at the last refresh and its adaptive probabilities beside the static.
	checkResidues(t, "main thread", done.Sampling.Residues, s.N)
	if v := done.Sampling; v.Residues != nil && (&v.P[0] != &v.Residues.P[0] || &v.Other[0] != &v.Residues.Static[0]) {
		t.Errorf("the view's probabilities are not the adaptive ones beside the static")
	}
	for _, r := range done.Rows {
		if math.IsNaN(r.ImpX) || math.IsNaN(r.NiceX) || !(r.Empirical > 1) {
			t.Errorf("τ = %d: τ-nice %v, adaptive %v iterations/n (ratio %v)", r.Tau, r.NiceX, r.ImpX, r.Empirical)
		}
	}
	// The right plot holds the adaptive runs and says so, as its export does.
	if _, imp := Plots(&done); len(imp.Series) != len(s.Taus) || !strings.Contains(imp.Title, sampling.AdaptiveImp.Label()) {
		t.Errorf("right plot %q with %d curves, want %q with %d", imp.Title, len(imp.Series), sampling.AdaptiveImp.Label(), len(s.Taus))
	}
	if title := plotTitle(&done, sampling.Imp); !strings.Contains(title[0], sampling.AdaptiveImp.Label()) {
		t.Errorf("the right plot's export is titled %q", title[0])
	}
}

// With methods compared, each method's adaptive runs are drawn on the right
// plot, as its τ-importance runs would be.
func TestCompareDrawsAdaptiveRuns(t *testing.T) {
	s := methodSettings(catalog.DFSDCA)
	s.Compare, s.Importance = []catalog.Name{catalog.SDCA}, sampling.AdaptiveImp
	done := runMethodTraces(t, newHarness(t), s)
	nice, imp := Plots(&done)
	want := 2 * len(s.Taus) // two methods
	if len(nice.Series) != want || len(imp.Series) != want || !strings.Contains(imp.Title, sampling.AdaptiveImp.Label()) {
		t.Errorf("compare plots: %d and %d curves (want %d each), right titled %q", len(nice.Series), len(imp.Series), want, imp.Title)
	}
}

// checkResidues checks what an adaptive run sends of its residues: one per
// example, the largest below the first refresh's (the run converged), the
// probabilities moved from the static ones and each a distribution per
// bucket's worth (sum τ).
func checkResidues(t *testing.T, where string, r *worker.Residues, n int) {
	t.Helper()
	if r == nil {
		t.Fatalf("%s: no residues", where)
	}
	if len(r.Abs) != n || len(r.P) != n || len(r.Static) != n || r.Refreshes < 1 || !(r.Scale > 0) {
		t.Fatalf("%s: %d residues, %d and %d probabilities, %d refreshes, scale %v", where, len(r.Abs), len(r.P), len(r.Static), r.Refreshes, r.Scale)
	}
	largest, moved, sum, static := 0.0, false, 0.0, 0.0
	for i := range r.Abs {
		largest = max(largest, r.Abs[i])
		moved = moved || r.P[i] != r.Static[i]
		sum += r.P[i]
		static += r.Static[i]
	}
	if !(largest < 1e-3*r.Scale) || !moved || math.Abs(sum-static) > 1e-9 {
		t.Errorf("%s: largest residue %v of scale %v, probabilities moved %v, Σp %v against %v", where, largest, r.Scale, moved, sum, static)
	}
}

// TestWorkerSendsResidues: a worker's adaptive job sends, with its last
// update, its residues and adaptive probabilities for the sampling view;
// a τ-nice job sends none.
func TestWorkerSendsResidues(t *testing.T) {
	s := labtest.Small()
	s.Importance = sampling.AdaptiveImp
	pr, res := labtest.SolvedPreset(t, s)
	ds := pr.Data
	specs := worker.JobSpecs(s, pr.Lambda, res.P)
	for _, spec := range []worker.JobSpec{specs[0], specs[len(specs)-1]} {
		run, err := worker.NewJobRun(labtest.Posed(t, ds, spec), spec)
		if err != nil {
			t.Fatal(err)
		}
		var u worker.Update
		for !u.Done {
			u = run.Advance(1 << 20)
		}
		run.Close()
		if u.Err != "" || u.Minibatches == nil {
			t.Fatalf("%s τ = %d: %q, minibatches %v", spec.Sampling, spec.Tau, u.Err, u.Minibatches)
		}
		if spec.Sampling == sampling.Nice {
			if u.Minibatches.Residues != nil {
				t.Errorf("τ-nice sent residues")
			}
			continue
		}
		checkResidues(t, "worker", u.Minibatches.Residues, ds.N)
	}
}

// TestAdaptiveLessonSaysWhatItShows: the adaptivity lesson's numbers are
// what its runs measure (empirical ratios about 1.9 and 5.5 adaptive, 1.3
// and 3.9 with τ-importance set back), and its sampling view has the
// residues it describes, faded at the end of the run.
func TestAdaptiveLessonSaysWhatItShows(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the lesson twice at n = 10,000")
	}
	k := slices.IndexFunc(lesson.Lessons, func(l lesson.Lesson) bool { return strings.Contains(l.Settings, "imp=adaptive") })
	if k < 0 {
		t.Fatal("no lesson on adaptivity")
	}
	l := lesson.Lessons[k]
	s, _, err := setup.PageSettings("#lesson="+strconv.Itoa(k+1), setup.DefaultSettings())
	if err != nil || s.Importance != sampling.AdaptiveImp || !slices.Equal(s.Taus, []int{1, 8}) {
		t.Fatalf("lesson %d: %+v, %v", k+1, s, err)
	}
	for _, c := range []struct {
		imp        sampling.Kind
		said       []string  // the text's "about" values at τ = 1 and 8
		about      []float64 // as numbers
		residuesOn bool
	}{
		{sampling.AdaptiveImp, []string{"about 1.9 at τ = 1", "5.5 at τ = 8"}, []float64{1.9, 5.5}, true},
		{sampling.Imp, []string{"about 1.3 and 3.9"}, []float64{1.3, 3.9}, false},
	} {
		for _, said := range c.said {
			if !strings.Contains(l.Watch, said) {
				t.Errorf("the lesson no longer says %q", said)
			}
		}
		s.Importance = c.imp
		h := newHarness(t)
		h.c.Generate(s)
		h.wait("ready", isPhase(Ready))
		h.c.Run(s)
		done := h.wait("done", isPhase(Done))
		for i, r := range done.Rows {
			if math.Abs(r.Empirical/c.about[i]-1) > 0.15 {
				t.Errorf("%s τ = %d: empirical ratio %.3g, the lesson says about %g", c.imp, r.Tau, r.Empirical, c.about[i])
			}
		}
		if c.residuesOn {
			checkResidues(t, "lesson", done.Sampling.Residues, s.N)
		} else if done.Sampling.Residues != nil {
			t.Errorf("τ-importance shows residues")
		}
	}
}
