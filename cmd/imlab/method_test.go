package main

import (
	"context"
	"math"
	"strings"
	"testing"

	"imlab/core/dfsdca"
	"imlab/core/libsvm"
	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/method/catalog"
	"imlab/core/optimum"
	"imlab/core/problem"
	"imlab/core/table"
	"imlab/core/theory"
)

// dropColumn removes column k from CSV records, joined back as lines.
func dropColumn(recs [][]string, k int) string {
	var b strings.Builder
	for _, r := range recs {
		b.WriteString(strings.Join(append(r[:k:k], r[k+1:]...), ",") + "\n")
	}
	return b.String()
}

// The default method is dfSDCA, and its output is what imlab printed before
// -method existed: theory's table of θs byte for byte, and run's trace
// (all but the wall-clock column) as method.Run computes it on dfSDCA's
// axis, iterations/n, in the columns every method prints.
func TestDefaultMethodKeepsOutput(t *testing.T) {
	path := genFile(t, "chisq1", 300, 12)
	code, plain, stderr := cli("theory", "-data", path, "-tau", "1,4")
	if code != 0 {
		t.Fatalf("theory: %s", stderr)
	}
	_, named, _ := cli("theory", "-data", path, "-tau", "1,4", "-method", "dfsdca")
	ds, err := libsvm.ReadFile(path, libsvm.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pr, err := problem.New(ds, loss.Logistic{}, problem.DefaultLambda(ds))
	if err != nil {
		t.Fatal(err)
	}
	want := table.Table{Header: []string{"tau", "theta_nice", "theta_imp", "ratio"}}
	for _, tau := range []int{1, 4} {
		nice, imp, _ := theory.Ratio(pr, tau, "random", 1)
		want.Add(table.Float(float64(tau)), table.Float(nice), table.Float(imp), table.Float(imp/nice))
	}
	var wb strings.Builder
	want.WriteCSV(&wb)
	if plain != wb.String() || named != plain {
		t.Errorf("theory output changed:\n%s\n-method dfsdca:\n%s\nwant:\n%s", plain, named, wb.String())
	}

	args := []string{"run", "-data", path, "-sampling", "imp", "-tau", "4", "-eps", "1e-8", "-eval-every", "0.5"}
	code, plain, stderr = cli(args...)
	if code != 0 {
		t.Fatalf("run: %s", stderr)
	}
	_, named, _ = cli(append(args, "-method", "dfsdca")...)
	res, err := optimum.Solve(pr, optimum.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pl, _ := theory.NewPlan(pr, theory.Spec{Sampling: "imp", Tau: 4, Seed: 1})
	s, _ := dfsdca.New(pr, dfsdca.Options{Sampler: pl.Sampler, Theta: pl.Theta, Seed: 1})
	run := method.NewRun(s, method.Stop{Gap: 1e-8, PStar: res.P, Axis: method.Iterations, MaxPasses: 1000, EvalEvery: 0.5})
	if err := run.Until(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	want = table.Table{Header: []string{"passes", "iter", "primal", "gap"}}
	for _, pt := range run.Trace() {
		want.Add(table.Float(pt.Passes), table.Float(float64(pt.Iter)), table.Float(pt.Primal), table.Float(pt.Gap))
	}
	wb.Reset()
	want.WriteCSV(&wb)
	got, gotNamed := dropColumn(csvRecords(t, plain), 4), dropColumn(csvRecords(t, named), 4)
	if got != wb.String() || gotNamed != got {
		t.Errorf("run output changed:\n%s\n-method dfsdca:\n%s\nwant:\n%s", got, gotNamed, wb.String())
	}
	if !strings.Contains(stderr, "safe step") {
		t.Errorf("stderr %q lacks the safe step θ", stderr)
	}
}

// Every other method runs from the CLI to its target on the passes axis.
func TestRunMethods(t *testing.T) {
	path := genFile(t, "chisq10", 200, 10)
	for _, m := range []string{"sdca", "saga", "lsvrg", "sgd"} {
		args := []string{"run", "-data", path, "-method", m, "-sampling", "imp", "-tau", "4", "-eps", "1e-8", "-eval-every", "0.5"}
		if m == "sgd" {
			args = append(args, "-decreasing", "-eps", "1e-5", "-max-passes", "3000")
		}
		code, out, stderr := cli(args...)
		if code != 0 {
			t.Fatalf("run -method %s: %s", m, stderr)
		}
		recs := csvRecords(t, out)
		if strings.Join(recs[0], ",") != "passes,iter,primal,gap,seconds" {
			t.Fatalf("%s: header %v", m, recs[0])
		}
		last := recs[len(recs)-1]
		if g := num(t, last[3]); !(g <= 1e-5) || (m != "sgd" && !(g <= 1e-8)) {
			t.Errorf("%s: final gap %v", m, g)
		}
		if x := num(t, recs[2][0]); !(x >= 0.5 && x < 0.5+4.0/200) && m != "lsvrg" {
			t.Errorf("%s: second point at %v passes, want the first iteration past 0.5", m, x)
		}
		if it, x := num(t, last[1]), num(t, last[0]); m != "lsvrg" && it*4/200 != x {
			t.Errorf("%s: %v iterations of τ = 4 but %v passes", m, it, x)
		}
		if !strings.Contains(stderr, "safe step") || !strings.Contains(stderr, "passes per e-fold") {
			t.Errorf("%s: stderr %q", m, stderr)
		}
	}
}

// theory -method prints the method's steps and predictions for τ-nice and
// τ-importance as catalog.Ratio computes them, and their ratio.
func TestTheoryMethod(t *testing.T) {
	path := genFile(t, "extreme", 300, 10)
	ds, _ := libsvm.ReadFile(path, libsvm.Options{})
	pr, _ := problem.New(ds, loss.Logistic{}, problem.DefaultLambda(ds))
	for _, m := range []catalog.Name{catalog.SDCA, catalog.SAGA, catalog.LSVRG, catalog.SGD} {
		code, out, stderr := cli("theory", "-data", path, "-tau", "1,8", "-method", string(m))
		if code != 0 {
			t.Fatalf("theory -method %s: %s", m, stderr)
		}
		recs := csvRecords(t, out)
		if strings.Join(recs[0], ",") != "tau,step_nice,step_imp,rate_nice,rate_imp,passes_per_efold_nice,passes_per_efold_imp,ratio" || len(recs) != 3 {
			t.Fatalf("%s:\n%s", m, out)
		}
		for k, tau := range []int{1, 8} {
			r := recs[k+1]
			nice, imp, _ := catalog.Ratio(m, pr, tau, "random", 1)
			if num(t, r[1]) != nice.Step || num(t, r[2]) != imp.Step || num(t, r[5]) != nice.PassesPerEFold || num(t, r[6]) != imp.PassesPerEFold {
				t.Errorf("%s τ=%d: row %v, catalog %+v %+v", m, tau, r, nice, imp)
			}
			if ratio := num(t, r[7]); math.Abs(ratio-nice.PassesPerEFold/imp.PassesPerEFold) > 0 || (tau == 8 && !(ratio > 1)) {
				t.Errorf("%s τ=%d: ratio %v", m, tau, ratio)
			}
		}
	}
}

func TestMethodFlagErrors(t *testing.T) {
	path := genFile(t, "chisq1", 50, 5)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "-data", path, "-method", "newton"}, "newton"},
		{[]string{"theory", "-data", path, "-method", "newton"}, "newton"},
		{[]string{"run", "-data", path, "-method", "saga", "-workers", "2"}, "-workers"},
		{[]string{"run", "-data", path, "-method", "saga", "-decreasing"}, "-decreasing"},
		{[]string{"run", "-data", path, "-step-scale", "-1"}, "-step-scale"},
	} {
		code, out, stderr := cli(c.args...)
		if code != exitUsage || out != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want usage error naming %q", c.args, code, out, stderr, c.want)
		}
	}
}

// SGD's ratio tables default to its catalog.DefaultsOf ε, a gap SGD reaches
// within its budget, so every empirical cell is measured; -eps still
// overrides it, and the other methods keep 1e−10 (their output unchanged).
func TestSGDPaperTableEps(t *testing.T) {
	base := []string{"paper", "-preset", "sparse", "-size", "tiny", "-tau", "1,4", "-seeds", "1", "-jobs", "1"}
	paper := func(extra ...string) string {
		t.Helper()
		code, out, stderr := cli(append(append([]string(nil), base...), extra...)...)
		if code != 0 {
			t.Fatalf("paper %v: %s", extra, stderr)
		}
		return out
	}
	sgd := paper("-method", "sgd")
	recs := csvRecords(t, sgd)
	if len(recs) < 3 {
		t.Fatalf("sgd table: %v", recs)
	}
	for _, r := range recs[1:] {
		if e := num(t, r[4]); !(e > 0) {
			t.Errorf("sgd %s τ=%s: empirical ratio %v", r[0], r[2], r[4])
		}
	}
	if explicit := paper("-method", "sgd", "-eps", "1e-3"); explicit != sgd {
		t.Errorf("sgd: default table\n%s\nwith -eps 1e-3\n%s", sgd, explicit)
	}
	if other := paper("-method", "sgd", "-eps", "1e-2"); other == sgd {
		t.Error("sgd: -eps 1e-2 gives the default table")
	}
	if saga, at := paper("-method", "saga"), paper("-method", "saga", "-eps", "1e-10"); saga != at {
		t.Errorf("saga: default table\n%s\nwith -eps 1e-10\n%s", saga, at)
	}
}

// imlab run -sampling adaptive takes its refresh period, safeguard and
// step rule from flags, checks them before reading any data, and refuses
// them with another sampling.
func TestRunAdaptiveFlags(t *testing.T) {
	path := genFile(t, "chisq1", 300, 20)
	code, out, stderr := cli("run", "-data", path, "-sampling", "adaptive", "-refresh-epochs", "1", "-eta", "0.25",
		"-adaptive-step", "safe", "-eps", "1e-6")
	if code != 0 || !strings.Contains(stderr, "η=0.25, every 1 epochs, safe step") || len(csvRecords(t, out)) < 2 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-data", path, "-sampling", "imp", "-eta", "0.3"}, "-eta applies to -sampling adaptive only"},
		{[]string{"-data", "/no/such/file", "-sampling", "adaptive", "-eta", "1.5"}, "safeguard η = 1.5"},
		{[]string{"-data", "/no/such/file", "-sampling", "adaptive", "-refresh-epochs", "0"}, "refresh period 0 epochs"},
		{[]string{"-data", "/no/such/file", "-sampling", "adaptive", "-adaptive-step", "big"}, `step rule "big"`},
	} {
		if code, _, stderr := cli(append([]string{"run"}, c.args...)...); code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want an error saying %q", c.args, code, stderr, c.want)
		}
	}
}
