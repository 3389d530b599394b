package main

import (
	"context"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"imlab/core/libsvm"
	"imlab/core/loss"
	"imlab/core/method/catalog"
	"imlab/core/optimum"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/theory"
)

func logisticProblem(t *testing.T, path string, bias bool) *problem.Problem {
	t.Helper()
	ds, err := libsvm.ReadFile(path, libsvm.Options{Bias: bias})
	if err != nil {
		t.Fatal(err)
	}
	pr, err := problem.New(ds, loss.Logistic{}, problem.DefaultLambda(ds))
	if err != nil {
		t.Fatal(err)
	}
	return pr
}

// tau-star prints catalog.TauCurve's time per e-fold for every method,
// sampling and τ, and marks one τ* per curve at its least time.
func TestTauStarTable(t *testing.T) {
	path := genFile(t, "extreme", 300, 10)
	pr := logisticProblem(t, path, false)
	code, out, stderr := cli("tau-star", "-data", path, "-tau", "1,2,4,8,16", "-cores", "4", "-sync", "2")
	if code != 0 {
		t.Fatalf("tau-star: %s", stderr)
	}
	recs := csvRecords(t, out)
	if strings.Join(recs[0], ",") != "method,sampling,tau,step,passes_per_efold,time_per_efold,tau_star" ||
		len(recs) != 1+len(catalog.Names)*2*5 {
		t.Fatalf("tau-star output:\n%s", out)
	}
	cm := catalog.CostModel{Cores: 4, Sync: 2}
	for g := 1; g < len(recs); g += 5 {
		group := recs[g : g+5]
		m, smp := catalog.Name(group[0][0]), sampling.Kind(group[0][1])
		pts, err := catalog.TauCurve(m, pr, func(tau int) (*theory.Plan, error) {
			return theory.NewPlan(pr, theory.Spec{Sampling: smp, Tau: tau, Partition: "random", Seed: 1})
		}, []int{1, 2, 4, 8, 16}, cm)
		if err != nil {
			t.Fatal(err)
		}
		star := catalog.TauStar(pts)
		for k, r := range group {
			if got := num(t, r[5]); math.Abs(got-pts[k].Time) > 1e-3*pts[k].Time {
				t.Errorf("%s %s τ=%s: time %v, TauCurve %v", m, smp, r[2], got, pts[k].Time)
			}
			if (r[6] == "*") != (k == star) {
				t.Errorf("%s %s τ=%s: mark %q, τ* = %d", m, smp, r[2], r[6], pts[star].Tau)
			}
		}
	}
	if !strings.Contains(stderr, "τ* =") {
		t.Errorf("stderr %q", stderr)
	}
}

// With -measure each curve gets measured passes and modelled times beside
// the prediction, and a measured τ* at the least measured time.
func TestTauStarMeasure(t *testing.T) {
	path := genFile(t, "chisq1", 200, 10)
	code, out, stderr := cli("tau-star", "-data", path, "-methods", "sdca,saga", "-samplings", "imp", "-tau", "1,4,16",
		"-cores", "4", "-sync", "0", "-measure", "-eps", "1e-5", "-max-passes", "2000")
	if code != 0 {
		t.Fatalf("tau-star -measure: %s", stderr)
	}
	recs := csvRecords(t, out)
	if len(recs) != 7 || len(recs[0]) != 11 || recs[0][8] != "passes" || recs[0][10] != "tau_star_measured" {
		t.Fatalf("output:\n%s", out)
	}
	for g := 1; g < len(recs); g += 3 {
		best, stars := math.Inf(1), 0
		for _, r := range recs[g : g+3] {
			passes, time := num(t, r[8]), num(t, r[9])
			tau := num(t, r[2])
			// On 4 cores without synchronisation, ⌈τ/4⌉/τ of the passes.
			if want := passes * math.Ceil(tau/4) / tau; math.Abs(time-want) > 1e-3*want {
				t.Errorf("%v: time %v, want %v", r, time, want)
			}
			best = min(best, time)
			if r[10] == "*" {
				stars++
			}
		}
		for _, r := range recs[g : g+3] {
			if (r[10] == "*") != (num(t, r[9]) == best) {
				t.Errorf("%v: measured star misplaced (least time %v)", r, best)
			}
		}
		if stars != 1 {
			t.Errorf("%d measured stars in %v", stars, recs[g:g+3])
		}
	}
}

// methods prints catalog.Compare's cells: the same passes as a direct call.
func TestMethodsTable(t *testing.T) {
	path := genFile(t, "chisq1", 200, 10)
	code, out, stderr := cli("methods", "-data", path, "-bias", "-methods", "sdca,saga", "-samplings", "uniform,imp",
		"-tau", "4", "-eps", "1e-4,1e-8", "-max-passes", "2000")
	if code != 0 {
		t.Fatalf("methods: %s", stderr)
	}
	recs := csvRecords(t, out)
	if strings.Join(recs[0], ",") != "method,sampling,tau,eps,predicted_passes,passes,last_passes,last_gap" || len(recs) != 9 {
		t.Fatalf("methods output:\n%s", out)
	}
	pr := logisticProblem(t, path, true)
	res, err := optimum.Solve(pr, optimum.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cells, err := catalog.Compare(context.Background(), pr, res.P, catalog.Comparison{
		Methods: []catalog.Name{catalog.SDCA, catalog.SAGA},
		Specs:   []theory.Spec{{Sampling: "uniform", Tau: 1, Partition: "random", Seed: 1}, {Sampling: "imp", Tau: 4, Partition: "random", Seed: 1}},
		Eps:     []float64{1e-4, 1e-8}, MaxPasses: 2000, SGDMaxPasses: 100, Seed: 1,
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, c := range cells {
		for j := range 2 {
			r := recs[1+2*k+j]
			if r[0] != string(c.Method) || r[1] != string(c.Spec.Sampling) || num(t, r[2]) != float64(c.Spec.Tau) {
				t.Fatalf("row %v for cell %s %s", r, c.Method, c.Spec.Sampling)
			}
			if got, want := num(t, r[5]), c.Measured[j]; math.Abs(got-want) > 1e-3*want {
				t.Errorf("%v: passes %v, Compare %v", r, got, want)
			}
			if got, want := num(t, r[4]), c.Predicted[j]; math.Abs(got-want) > 1e-3*want {
				t.Errorf("%v: predicted %v, Compare %v", r, got, want)
			}
		}
	}
}

func TestTauStarErrors(t *testing.T) {
	path := genFile(t, "chisq1", 50, 5)
	missing := filepath.Join(t.TempDir(), "missing.svm")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"tau-star", "-data", path, "-cores", "0"}, "-cores"},
		{[]string{"tau-star", "-data", path, "-tau", "1,0"}, "-tau"},
		{[]string{"tau-star", "-data", path, "-samplings", "nicest"}, "nicest"},
		{[]string{"tau-star", "-data", path, "-methods", "saga,newton"}, "newton"},
		{[]string{"methods", "-data", path, "-eps", "1e-6,0"}, "-eps"},
		{[]string{"methods", "-data", path, "-samplings", "nicest"}, "nicest"},
		// Refused before the data is read: a missing file is not the error.
		{[]string{"methods", "-data", missing, "-samplings", "imp,nicest"}, "nicest"},
		{[]string{"tau-star", "-data", missing, "-samplings", "nicest"}, "nicest"},
		{[]string{"methods", "-data", missing, "-methods", "saga,sgd", "-samplings", "adaptive"}, "no method runs"},
	} {
		code, out, stderr := cli(c.args...)
		if code != exitUsage || out != "" || !strings.Contains(stderr, c.want) || !strings.HasSuffix(stderr, "\n") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want a usage error naming %q", c.args, code, out, stderr, c.want)
		}
	}
}

// A method that cannot follow an adaptive sampling has no cell for it in
// methods' and tau-star's grids, says so, and the other cells are run.
func TestGridsSkipWhatAMethodCannotRun(t *testing.T) {
	path := genFile(t, "chisq1", 200, 10)
	for _, c := range []struct {
		args []string
		rows []string // method,sampling of each row
	}{
		{[]string{"methods", "-methods", "dfsdca,saga", "-samplings", "imp,adaptive", "-tau", "4", "-eps", "1e-4"},
			[]string{"dfsdca,imp", "dfsdca,adaptive", "saga,imp"}},
		{[]string{"tau-star", "-methods", "saga,sdca", "-samplings", "adaptive,imp", "-tau", "1,4"},
			[]string{"saga,imp", "saga,imp", "sdca,adaptive", "sdca,adaptive", "sdca,imp", "sdca,imp"}},
	} {
		code, out, stderr := cli(append(c.args, "-data", path)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, stderr)
		}
		if !strings.Contains(stderr, "no adaptive cells for saga, which cannot follow it") {
			t.Errorf("%v: stderr does not say saga has no adaptive cells:\n%s", c.args, stderr)
		}
		var rows []string
		for _, r := range csvRecords(t, out)[1:] {
			rows = append(rows, r[0]+","+r[1])
		}
		if strings.Join(rows, " ") != strings.Join(c.rows, " ") {
			t.Errorf("%v: rows %v, want %v", c.args, rows, c.rows)
		}
	}
}
