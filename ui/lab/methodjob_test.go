package lab

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"imlab/core/method"
	"imlab/core/method/catalog"
	"imlab/core/pipeline"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/synth"
	"imlab/core/theory"
	"imlab/ui/lab/internal/labtest"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// methodSettings is labtest.Small() running method m, to a target every method
// reaches within its budget there: 1e−8, and SGD's own ε
// (catalog.DefaultsOf), as choosing it in the page sets.
func methodSettings(m catalog.Name) setup.Settings {
	s := labtest.Small()
	s.Method, s.Eps, s.Taus = m, 1e-8, []int{1, 4}
	if m == catalog.SGD {
		s.Eps = catalog.DefaultsOf(m).Eps
	}
	return s
}

// runMethodTraces runs s to the end: every run reaches ε.
func runMethodTraces(t *testing.T, h *harness, s setup.Settings) Snapshot {
	t.Helper()
	h.c.Generate(s)
	h.wait("ready", isPhase(Ready))
	h.c.Run(s)
	done := h.wait("done", isPhase(Done))
	if done.Err != nil {
		t.Fatalf("%s: run failed: %v", s.Method, done.Err)
	}
	return done
}

// Every method's traces are the same bits on the main thread and on one or
// two workers.
func TestMethodsOnWorkersGiveTheMainThreadsTraces(t *testing.T) {
	for _, m := range catalog.Names {
		s := methodSettings(m)
		main := runMethodTraces(t, newHarness(t), s)
		if len(main.Jobs) != 2*len(s.Taus) || len(main.Jobs[0].Trace) < 2 {
			t.Fatalf("%s: %d jobs, first trace %d points", m, len(main.Jobs), len(main.Jobs[0].Trace))
		}
		if main.Slices.Count == 0 {
			t.Errorf("%s: the main-thread run did no slices on the main thread", m)
		}
		for _, n := range []int{1, 2} {
			h := newWorkerHarness(t, &fakeHost{cores: 4})
			h.c.SetWorkers(n)
			got := runMethodTraces(t, h, s)
			if got.Workers != n {
				t.Errorf("%s: ran on %d workers, want %d", m, got.Workers, n)
			}
			labtest.SameTraces(t, string(m)+" workers="+string(rune('0'+n)), tracesOf(got), tracesOf(main))
		}
	}
}

// A method's job gives the points `imlab run -method M` prints for the same
// settings: catalog.New with the plan of theory.NewPlan and the seed, run by
// method.Run under catalog.StopOf with catalog.OptionsOf.
func TestMethodJobIsTheCommandLinesRun(t *testing.T) {
	s := methodSettings(catalog.SAGA)
	ds, err := synth.Generate(s.Synth())
	if err != nil {
		t.Fatal(err)
	}
	l := s.Loss.Loss()
	lambda := ds.Summarize().MaxNorm / float64(ds.N)
	pr, err := problem.New(ds, l, lambda)
	if err != nil {
		t.Fatal(err)
	}
	prep, err := pipeline.Prepare(context.Background(), pr)
	if err != nil {
		t.Fatal(err)
	}
	pstar := prep.PStar()
	for _, m := range catalog.Names[1:] {
		for _, smp := range []sampling.Kind{sampling.Nice, sampling.Imp} {
			spec := worker.JobSpec{Tau: 4, Sampling: smp, Loss: s.Loss, Lambda: lambda, PStar: pstar, Eps: s.Eps,
				Partition: s.Partition, Seed: 7, Method: m}
			// Slices of any size give the same points: a page's slices
			// follow the clock, the command line's its own chunks.
			slice := []int{1, 7, 1000}[(len(smp)+int(m[1]))%3]
			run, err := worker.NewJobRun(labtest.Posed(t, ds, spec), spec)
			if err != nil {
				t.Fatal(err)
			}
			var got worker.Update
			for !got.Done {
				u := run.Advance(slice)
				got.Points, got.Done, got.Err = append(got.Points, u.Points...), u.Done, u.Err
			}
			pl, err := theory.NewPlan(pr, theory.Spec{Sampling: smp, Tau: 4, Partition: s.Partition, Seed: 7})
			if err != nil {
				t.Fatal(err)
			}
			want, werr := catalog.Measure(context.Background(), m, pr, pl, catalog.OptionsOf(m, 7), catalog.StopOf(m, 4, s.Eps, pstar))
			if werr != nil {
				t.Fatal(werr)
			}
			if len(got.Points) != len(want) {
				t.Fatalf("%s %s, slices of %d iterations: %d points, the command line's run %d", m, smp, slice, len(got.Points), len(want))
			}
			for k, p := range want {
				q := got.Points[k]
				if math.Float64bits(q.Passes) != math.Float64bits(p.Passes) || q.Iter != p.Iter || math.Float64bits(q.Primal) != math.Float64bits(p.Primal) ||
					math.Float64bits(q.Gap) != math.Float64bits(p.Gap) {
					t.Fatalf("%s %s: point %d is %+v, the command line's %+v", m, smp, k, q, p)
				}
			}
			_, reached := method.Crossing(want, s.Eps)
			if reached != (got.Err == "") {
				t.Errorf("%s %s: reached ε %v, but the job's error is %q", m, smp, reached, got.Err)
			}
		}
	}
}

func TestMethodKey(t *testing.T) {
	if h := setup.DefaultSettings().Hash(); strings.Contains(h, "method") {
		t.Errorf("the default link %q names the method", h)
	}
	s := setup.DefaultSettings()
	s.Method = catalog.LSVRG
	h := s.Hash()
	back, err := setup.ParseHash(h, setup.DefaultSettings())
	if err != nil || back.Method != catalog.LSVRG {
		t.Fatalf("ParseHash(%q) = %v, %v", h, back.Method, err)
	}
	if _, err := setup.ParseHash("method=newton", setup.DefaultSettings()); err == nil || !strings.Contains(err.Error(), "Method") {
		t.Errorf("method=newton: error %v, want one naming the field Method", err)
	}
	f := setup.FormOf(s)
	if f[setup.FieldMethod] != "lsvrg" {
		t.Errorf("the form shows method %q", f[setup.FieldMethod])
	}
	if got, err := f.Settings(); err != nil || got.Method != catalog.LSVRG {
		t.Errorf("the form reads method %v, %v", got.Method, err)
	}
}

// The method view's ratio table and best τ: its ratios are the Rows' on the
// method's axis, its theory is catalog's (what `imlab tau-star` prints), and
// its measured times are the cost model's of the traces.
func TestMethodView(t *testing.T) {
	for _, m := range []catalog.Name{catalog.DFSDCA, catalog.SAGA, catalog.LSVRG} {
		s := methodSettings(m)
		done := runMethodTraces(t, newHarness(t), s)
		v := done.Method
		if v == nil || v.Method != m || len(v.Rows) != len(s.Taus) {
			t.Fatalf("%s: method view %+v", m, v)
		}
		for k, r := range v.Rows {
			want := done.Rows[k].Empirical
			if math.Abs(r.Empirical-want) > 1e-12*want {
				t.Errorf("%s τ=%d: empirical ratio %v, the table's %v", m, r.Tau, r.Empirical, want)
			}
			if m == catalog.DFSDCA {
				if th := done.Rows[k].Theory; math.Abs(r.Theory-th) > 0.02*th {
					t.Errorf("dfsdca τ=%d: theoretical ratio %v from passes per e-fold, θ ratio %v", r.Tau, r.Theory, th)
				}
				if x := done.Rows[k].NiceX * float64(r.Tau); math.Abs(r.NicePasses-x) > 1e-12*x {
					t.Errorf("dfsdca τ=%d: %v passes to ε, the table's iterations/n × τ %v", r.Tau, r.NicePasses, x)
				}
			}
		}
		pr := problemOf(t, s, done)
		for _, c := range v.Curves {
			plan := func(tau int) (*theory.Plan, error) {
				return theory.NewPlan(pr, theory.Spec{Sampling: c.Sampling, Tau: tau, Partition: s.Partition, Seed: s.Seed})
			}
			want, err := catalog.TauCurve(m, pr, plan, worker.TauStarTaus, worker.TauStarCost)
			if err != nil {
				t.Fatal(err)
			}
			if got := c.Points[c.Star].Tau; got != want[catalog.TauStar(want)].Tau {
				t.Errorf("%s %s: τ* %d, imlab tau-star's %d", m, c.Sampling, got, want[catalog.TauStar(want)].Tau)
			}
			measured := 0
			for i, p := range c.Points {
				if !(c.Predict[i] > 0) {
					t.Errorf("%s %s τ=%d: predicted time %v", m, c.Sampling, p.Tau, c.Predict[i])
				}
				if !math.IsNaN(c.Measured[i]) {
					measured++
					if !slices.Contains(s.Taus, p.Tau) {
						t.Errorf("%s: a time measured at τ=%d, which did not run", m, p.Tau)
					}
				}
			}
			if measured != len(s.Taus) {
				t.Errorf("%s %s: %d measured times, want %d", m, c.Sampling, measured, len(s.Taus))
			}
			if m != catalog.DFSDCA {
				checkMeasuredTimes(t, m, s, done, pr, c)
			}
		}
	}
}

// checkMeasuredTimes checks the measured times of curve c of a run of
// method m (not dfSDCA) against the cost model of the command line's run of
// each job (catalog.Measure), bit for bit; for L-SVRG, whose full gradients
// the trace's iterations separate from its passes, they must differ from
// the time of passes counted as minibatches.
func checkMeasuredTimes(t *testing.T, m catalog.Name, s setup.Settings, done Snapshot, pr *problem.Problem, c TauCurveView) {
	t.Helper()
	for i, p := range c.Points {
		if !slices.Contains(s.Taus, p.Tau) {
			continue
		}
		pl, err := theory.NewPlan(pr, theory.Spec{Sampling: c.Sampling, Tau: p.Tau, Partition: s.Partition, Seed: s.Seed})
		if err != nil {
			t.Fatal(err)
		}
		tr, err := catalog.Measure(context.Background(), m, pr, pl, catalog.OptionsOf(m, s.Seed), catalog.StopOf(m, p.Tau, s.Eps, done.PStar))
		if err != nil {
			t.Fatal(err)
		}
		want, ok := worker.TauStarCost.MeasuredTime(tr, pr.Data.N, p.Tau, s.Eps)
		if !ok || math.Float64bits(c.Measured[i]) != math.Float64bits(want) {
			t.Errorf("%s %s τ=%d: measured time %v, the command line's trace gives %v (%v)", m, c.Sampling, p.Tau, c.Measured[i], want, ok)
		}
		if m != catalog.LSVRG {
			continue
		}
		asIters := slices.Clone(tr)
		for k := range asIters {
			asIters[k].Iter = int(math.Round(asIters[k].Passes * float64(pr.Data.N) / float64(p.Tau)))
		}
		if blind, _ := worker.TauStarCost.MeasuredTime(asIters, pr.Data.N, p.Tau, s.Eps); blind == want {
			t.Errorf("lsvrg %s τ=%d: time %v with the full gradients as without them", c.Sampling, p.Tau, want)
		}
	}
}

// problemOf rebuilds the problem of a finished run.
func problemOf(t *testing.T, s setup.Settings, done Snapshot) *problem.Problem {
	t.Helper()
	ds, err := synth.Generate(s.Synth())
	if err != nil {
		t.Fatal(err)
	}
	l := s.Loss.Loss()
	pr, err := problem.New(ds, l, done.Lambda)
	if err != nil {
		t.Fatal(err)
	}
	return pr
}

// Methods compared with the run's run beside it, on the main thread or on
// workers alike, each job as it runs alone.
func TestCompareMethods(t *testing.T) {
	s := methodSettings(catalog.DFSDCA)
	s.Compare = []catalog.Name{catalog.SAGA, catalog.SDCA}
	back, err := setup.ParseHash(s.Hash(), setup.DefaultSettings())
	if err != nil || !strings.Contains(s.Hash(), "compare=sdca,saga") || !slices.Equal(back.Compare, []catalog.Name{catalog.SDCA, catalog.SAGA}) {
		t.Fatalf("link %q reads back %v, %v", s.Hash(), back.Compare, err)
	}
	all := func(snap Snapshot) [][]method.Point {
		out := tracesOf(snap)
		for _, j := range snap.Compared {
			out = append(out, j.Trace)
		}
		return out
	}
	main := runMethodTraces(t, newHarness(t), s)
	if len(main.Jobs) != 4 || len(main.Compared) != 8 {
		t.Fatalf("%d jobs and %d compared, want 4 and 8", len(main.Jobs), len(main.Compared))
	}
	h := newWorkerHarness(t, &fakeHost{cores: 4})
	h.c.SetWorkers(2)
	labtest.SameTraces(t, "compare, workers=2", all(runMethodTraces(t, h, s)), all(main))
	alone := runMethodTraces(t, newHarness(t), methodSettings(catalog.SDCA))
	labtest.SameTraces(t, "sdca compared vs alone", tracesOf(alone), all(main)[4:8])
	dfsdcaAlone := runMethodTraces(t, newHarness(t), methodSettings(catalog.DFSDCA))
	labtest.SameTraces(t, "dfsdca with compared methods vs alone", tracesOf(dfsdcaAlone), tracesOf(main))
	nice, imp := Plots(&main)
	if len(nice.Series) != 6 || len(imp.Series) != 6 || nice.XLabel != passesLabel {
		t.Errorf("compare plots: %d and %d series, x label %q", len(nice.Series), len(imp.Series), nice.XLabel)
	}
}

func TestCompareTracesTable(t *testing.T) {
	s := methodSettings(catalog.SAGA)
	s.Taus, s.Compare = []int{4}, []catalog.Name{catalog.DFSDCA}
	done := runMethodTraces(t, newHarness(t), s)
	tb := tracesTableOf(&done)
	if got := strings.Join(tb.Header, ","); got != "method,sampling,tau,passes,iter,primal,gap,seconds" {
		t.Fatalf("header %q", got)
	}
	// The dfSDCA rows are on the passes axis: τ × iterations/n.
	j := done.Compared[0]
	last := j.Trace[len(j.Trace)-1]
	want := strconv.FormatFloat(float64(4*last.Iter)/float64(done.Data.Stats.N), 'g', -1, 64)
	found := false
	for _, r := range tb.Rows {
		found = found || (r[0] == "dfsdca" && r[1] == string(j.Sampling) && r[3] == want)
	}
	if !found {
		t.Errorf("no dfsdca row at %s passes", want)
	}
}

// BenchmarkNewMethodTheory times the planning a run adds for its method's
// ratio table and best-τ view (2 samplings × the τ of TauStarTaus), on the
// default preset and on a sparse one.
func BenchmarkNewMethodTheory(b *testing.B) {
	for _, density := range []float64{setup.DenseDensity, setup.SparseDensity} {
		s := setup.DefaultSettings()
		s.Density = density
		ds, err := synth.Generate(s.Synth())
		if err != nil {
			b.Fatal(err)
		}
		l := s.Loss.Loss()
		pr, err := problem.New(ds, l, ds.Summarize().MaxNorm/float64(ds.N))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("n=%d,d=%d,density=%g", s.N, s.D, density), func(b *testing.B) {
			for b.Loop() {
				if _, err := worker.NewMethodTheory(pr, s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// A MethodTheory reads a job's trace again only when it grew (View runs in
// every frame): views of traces as they grow, and of a trace that moved (a
// new run's), are the views a fresh MethodTheory makes of them.
func TestMethodViewOfGrowingTraces(t *testing.T) {
	s := methodSettings(catalog.SAGA)
	done := runMethodTraces(t, newHarness(t), s)
	mt, err := worker.NewMethodTheory(problemOf(t, s, done), s)
	if err != nil {
		t.Fatal(err)
	}
	longest := 0
	for _, j := range done.Jobs {
		longest = max(longest, len(j.Trace))
	}
	var seen traceReadings
	check := func(what string, jobs []JobView) {
		t.Helper()
		fresh := &worker.MethodTheory{Method: mt.Method, N: mt.N, Cost: mt.Cost, Nice: mt.Nice, Imp: mt.Imp}
		got, want := methodView(mt, &seen, jobs, s.Eps), methodView(fresh, &traceReadings{}, jobs, s.Eps)
		if !sameFloats(got.Rows, want.Rows, func(r MethodRow) []float64 { return []float64{r.NicePasses, r.ImpPasses, r.Empirical} }) ||
			!sameFloats(got.Curves[:], want.Curves[:], func(c TauCurveView) []float64 { return c.Measured }) ||
			got.Curves[0].MeasuredStar != want.Curves[0].MeasuredStar || got.Curves[1].MeasuredStar != want.Curves[1].MeasuredStar {
			t.Fatalf("%s: view %+v, a fresh theory's %+v", what, got, want)
		}
	}
	reached := 0
	for n := 0; n <= longest; n++ {
		jobs := slices.Clone(done.Jobs)
		for k := range jobs {
			jobs[k].Trace = jobs[k].Trace[:min(n, len(jobs[k].Trace))]
		}
		check(fmt.Sprintf("traces cut at %d points", n), jobs)
		check(fmt.Sprintf("traces cut at %d points, again", n), jobs)
		if v := methodView(mt, &seen, jobs, s.Eps); !math.IsNaN(v.Rows[0].NicePasses) {
			reached++
		}
	}
	if reached == 0 {
		t.Fatal("no view showed a job that reached ε")
	}
	moved := slices.Clone(done.Jobs)
	for k := range moved {
		moved[k].Trace = slices.Clone(moved[k].Trace)
		moved[k].Trace[len(moved[k].Trace)-1].Gap *= 10 // another run's trace, the same length
	}
	check("traces of another run", moved)
}

// sameFloats reports whether a and b hold the same numbers, NaN equal to
// NaN, as of reads.
func sameFloats[T any](a, b []T, of func(T) []float64) bool {
	return slices.EqualFunc(a, b, func(x, y T) bool {
		return slices.EqualFunc(of(x), of(y), func(u, v float64) bool { return u == v || math.IsNaN(u) && math.IsNaN(v) })
	})
}
