package main

import (
	"bytes"
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"imlab/core/experiment"
	"imlab/core/libsvm"
)

// cli runs imlab with args and returns its exit status, stdout and stderr.
func cli(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := imlab(args, &env{stdout: &out, stderr: &errb})
	return code, out.String(), errb.String()
}

// csvRecords parses CSV output, failing the test on malformed output.
func csvRecords(t *testing.T, s string) [][]string {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(s)).ReadAll()
	if err != nil {
		t.Fatalf("output is not CSV: %v\n%s", err, s)
	}
	return recs
}

func num(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("cell %q is not a number", s)
	}
	return v
}

// genFile writes a small synthetic data set and returns its path.
func genFile(t *testing.T, dist string, n, d int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), dist+".svm.gz")
	code, _, stderr := cli("gen", "-dist", dist, "-n", strconv.Itoa(n), "-d", strconv.Itoa(d), "-density", "0.5", "-seed", "7", "-o", path)
	if code != 0 {
		t.Fatalf("gen failed (%d): %s", code, stderr)
	}
	return path
}

func TestGenThenStats(t *testing.T) {
	path := genFile(t, "chisq1", 300, 20)
	ds, err := libsvm.ReadFile(path, libsvm.Options{})
	if err != nil {
		t.Fatal(err)
	}
	code, out, stderr := cli("stats", "-data", path)
	if code != 0 {
		t.Fatalf("stats: %s", stderr)
	}
	recs := csvRecords(t, out)
	if len(recs) != 2 || strings.Join(recs[0], ",") != "n,d,nnz,density,sigma,lambda_auto" {
		t.Fatalf("stats output:\n%s", out)
	}
	st := ds.Summarize()
	if num(t, recs[1][0]) != float64(st.N) || num(t, recs[1][2]) != float64(st.NNZ) || num(t, recs[1][4]) != st.Sigma {
		t.Errorf("stats row %v disagrees with the file's %+v", recs[1], st)
	}
	code, out, _ = cli("stats", "-data", path, "-bias", "-format", "md")
	if code != 0 || !strings.HasPrefix(out, "| n | d |") || !strings.Contains(out, "| "+strconv.Itoa(st.D+1)+" |") {
		t.Errorf("markdown stats with bias:\n%s", out)
	}
}

func TestTheoryTauOneIsClosedForm(t *testing.T) {
	path := genFile(t, "extreme", 400, 10)
	code, out, stderr := cli("theory", "-data", path, "-tau", "1,4")
	if code != 0 {
		t.Fatalf("theory: %s", stderr)
	}
	recs := csvRecords(t, out)
	if strings.Join(recs[0], ",") != "tau,theta_nice,theta_imp,ratio" || len(recs) != 3 {
		t.Fatalf("theory output:\n%s", out)
	}
	ds, _ := libsvm.ReadFile(path, libsvm.Options{})
	sq := ds.Summarize()
	lambdaGamma := sq.MaxNorm / float64(ds.N) * 4
	var sum float64
	for _, v := range ds.SquaredNorms() {
		sum += v
	}
	n := float64(ds.N)
	want := (n + sq.MaxNorm*sq.MaxNorm/lambdaGamma) / (n + sum/n/lambdaGamma)
	if got := num(t, recs[1][3]); math.Abs(got-want) > 1e-9*want {
		t.Errorf("τ=1 ratio %v, closed form %v", got, want)
	}
	if r4 := num(t, recs[2][3]); !(r4 > 1) {
		t.Errorf("τ=4 ratio %v on extreme data, want > 1", r4)
	}
}

func TestRunReachesTarget(t *testing.T) {
	path := genFile(t, "chisq10", 200, 10)
	for _, sampling := range []string{"nice", "imp"} {
		code, out, stderr := cli("run", "-data", path, "-sampling", sampling, "-tau", "4", "-eps", "1e-8", "-eval-every", "0.5")
		if code != 0 {
			t.Fatalf("run %s: %s", sampling, stderr)
		}
		recs := csvRecords(t, out)
		if strings.Join(recs[0], ",") != "passes,iter,primal,gap,seconds" {
			t.Fatalf("header %v", recs[0])
		}
		last := recs[len(recs)-1]
		if g := num(t, last[3]); !(g <= 1e-8) {
			t.Errorf("%s: final gap %v > 1e-8", sampling, g)
		}
		// dfSDCA's grid is on iterations/n: t/n = 0 and 0.5, 2 passes at τ = 4.
		if t0, t1, x1 := num(t, recs[1][1]), num(t, recs[2][1]), num(t, recs[2][0]); t0 != 0 || t1 != 100 || x1 != 2 {
			t.Errorf("%s: first rows at t = %v, %v (%v passes), want 0 and 100 (2)", sampling, t0, t1, x1)
		}
		if !strings.Contains(stderr, "P* =") {
			t.Errorf("%s: no progress on stderr: %q", sampling, stderr)
		}
	}
}

func TestPaperTable(t *testing.T) {
	path := genFile(t, "extreme", 300, 8)
	code, out, stderr := cli("paper", "-data", path, "-tau", "1,2", "-eps", "1e-6", "-seeds", "2")
	if code != 0 {
		t.Fatalf("paper: %s", stderr)
	}
	recs := csvRecords(t, out)
	if strings.Join(recs[0], ",") != "tau,theory,empirical,empirical_sd" || len(recs) != 3 {
		t.Fatalf("paper output:\n%s", out)
	}
	for _, r := range recs[1:] {
		if th, em := num(t, r[1]), num(t, r[2]); !(th > 1) || !(em > 0) || math.IsNaN(num(t, r[3])) {
			t.Errorf("row %v: want theory > 1, empirical > 0, a standard deviation", r)
		}
	}
}

// A run that spends its budget before ε still gets its table: the cell is
// marked "> budget", the run is named on stderr with the flag to raise,
// and the exit status is 1.
func TestPaperOverBudget(t *testing.T) {
	path := genFile(t, "extreme", 300, 8)
	code, out, stderr := cli("paper", "-data", path, "-tau", "1,8", "-eps", "1e-10", "-seeds", "1", "-max-passes", "2")
	if code != exitError {
		t.Fatalf("exit %d, want %d; stderr %s", code, exitError, stderr)
	}
	recs := csvRecords(t, out)
	if len(recs) != 3 || recs[0][2] != "empirical" {
		t.Fatalf("no table printed:\n%s", out)
	}
	marked := 0
	for _, r := range recs[1:] {
		if r[2] == experiment.OverBudget {
			marked++
		}
	}
	if marked == 0 {
		t.Errorf("no cell marked %q:\n%s", experiment.OverBudget, out)
	}
	for _, want := range []string{"dfsdca nice τ=8 seed 1", "budget spent before reaching the target gap", "gap ", "-max-passes (now 2 passes/τ)"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}

// TestRunWithoutTarget checks -eps 0: the run goes to its budget, exits 0
// and says where it ended.
func TestRunWithoutTarget(t *testing.T) {
	path := genFile(t, "uniform", 200, 5)
	code, out, stderr := cli("run", "-data", path, "-eps", "0", "-max-passes", "3", "-eval-every", "1")
	if code != 0 {
		t.Fatalf("exit %d, want 0; stderr %s", code, stderr)
	}
	recs := csvRecords(t, out)
	if last := recs[len(recs)-1]; last[0] != "3" {
		t.Errorf("the trace ends at %s passes, want the budget's 3:\n%s", last[0], out)
	}
	if !strings.Contains(stderr, "no target gap (-eps 0): gap ") || !strings.Contains(stderr, "budget's 3 passes") {
		t.Errorf("stderr does not say where the run ended:\n%s", stderr)
	}
}

func TestErrorsAreOneLine(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.svm")
	if err := os.WriteFile(bad, []byte("1 1:0.5\n-1 2:x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"stats", "-nope"}, 2, "-nope"},
		{[]string{"stats"}, 2, "-data is required"},
		{[]string{"stats", "-data", filepath.Join(t.TempDir(), "missing")}, 1, "missing"},
		{[]string{"stats", "-data", bad}, 1, "line 2"},
		{[]string{"theory", "-data", bad, "-tau", "0"}, 2, "-tau"},
		{[]string{"run", "-data", bad, "-tau", "0"}, 2, "-tau 0"},
		{[]string{"paper", "-data", bad, "-tau", "0,1"}, 2, "-tau"},
		// A table counts passes to ε: no ε = 0 (run's "no target"), refused
		// before the data is read (bad's line 2 would fail it).
		{[]string{"paper", "-data", bad, "-eps", "0"}, 2, "-eps 0, no target, is for run"},
		{[]string{"paper", "-data", bad, "-max-passes", "0"}, 2, "-max-passes must be positive"},
		{[]string{"paper", "-data", bad, "-workers", "0"}, 2, "-workers 0: want 1 … 256"},
		{[]string{"run", "-data", bad, "-workers", "1000"}, 2, "-workers 1000: want 1 … 256"},
		{[]string{"report", "-data", bad, "-eps", "0", "-o", t.TempDir()}, 2, "-eps and -max-passes must be positive"},
		{[]string{"stats", "-data", bad, "-mem", "lots"}, 2, "-mem"},
		{[]string{"gen", "-n", "1000000000000", "-d", "10", "-o", filepath.Join(t.TempDir(), "x")}, 2, "examples (n)"},
		{[]string{"gen", "-n", "2", "-d", "2147483647", "-o", filepath.Join(t.TempDir(), "x")}, 2, "features (d)"},
		{[]string{"run", "-data", bad, "-loss", "cubic"}, 2, "cubic"},
		{[]string{"gen", "-dist", "cauchy", "-o", filepath.Join(t.TempDir(), "x")}, 2, "cauchy"},
		{[]string{"stats", "-data", bad, "-format", "xml"}, 2, "xml"},
		{[]string{"frobnicate"}, 2, "unknown command"},
	} {
		code, out, stderr := cli(c.args...)
		if code != c.code || out != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d and one line containing %q",
				c.args, code, out, stderr, c.code, c.want)
		}
	}
}

// An ε below the round-off of P near P* is refused, never "reached" by a gap
// that rounds to 0, in both run and paper.
func TestUnresolvableEpsRefused(t *testing.T) {
	path := genFile(t, "chisq10", 200, 10)
	for _, args := range [][]string{
		{"run", "-data", path, "-eps", "1e-300"},
		{"paper", "-data", path, "-tau", "1", "-eps", "1e-300", "-seeds", "1"},
	} {
		code, _, stderr := cli(args...)
		if code == 0 || !strings.Contains(stderr, "smallest meaningful ε is") || strings.Contains(stderr, "gap ≤") {
			t.Errorf("%s -eps 1e-300: exit %d, stderr %q", args[0], code, stderr)
		}
	}
}
