package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"imlab/core/synth"
)

// TestGenRefusesParametersOutOfRange requires every generator parameter
// outside its range to be a usage error naming the flag and the range,
// before any work: the probe's laws panicked (chisq:5e-324), ran without
// end (chisq:1e306, chisq:1e-310) or wrote rows without a value
// (chisq:1e-300).
func TestGenRefusesParametersOutOfRange(t *testing.T) {
	chi, ext := synth.ChiSquare.Range().String(), synth.Extreme.Range().String()
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"-dist", "chisq:5e-324"}, []string{"-dist", chi}},
		{[]string{"-dist", "chisq:1e306"}, []string{"-dist", chi}},
		{[]string{"-dist", "chisq:1e-310"}, []string{"-dist", chi}},
		{[]string{"-dist", "chisq:1e-323"}, []string{"-dist", chi}},
		{[]string{"-dist", "chisq:1e-300"}, []string{"-dist", chi}},
		{[]string{"-dist", "extreme:1e308"}, []string{"-dist", ext}},
		{[]string{"-dist", "extreme:5e-324"}, []string{"-dist", ext}},
		{[]string{"-n", "0"}, []string{"-n:", "N ≥ 1"}},
		{[]string{"-d", "-3"}, []string{"-d:", "1 ≤ D ≤ 2147483647"}},
		{[]string{"-d", "2147483648"}, []string{"-d:", "1 ≤ D ≤ 2147483647"}},
		{[]string{"-density", "0"}, []string{"-density:", "0 < ω' ≤ 1"}},
		{[]string{"-density", "1.5"}, []string{"-density:", "0 < ω' ≤ 1"}},
		// NaN is no decimal number: the flag parser refuses it, naming the flag.
		{[]string{"-density", "NaN"}, []string{"-density", "not a finite decimal number"}},
	} {
		path := filepath.Join(t.TempDir(), "out.svm")
		args := append([]string{"gen", "-n", "10", "-d", "5", "-o", path}, c.args...)
		code, out, stderr := cli(args...)
		ok := code == 2 && out == "" && strings.Count(stderr, "\n") == 1
		for _, w := range c.want {
			ok = ok && strings.Contains(stderr, w)
		}
		if !ok {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line with %q", c.args, code, out, stderr, c.want)
		}
		if _, err := os.Stat(path); !os.IsNotExist(err) {
			t.Errorf("%v: the output file exists (%v)", c.args, err)
		}
	}
	// The ends of the ranges generate.
	for _, law := range []string{"chisq:0.11", "chisq:10000", "extreme:1e-295", "extreme:1e288"} {
		if code, out, stderr := cli("gen", "-dist", law, "-n", "20", "-d", "5", "-o", "-"); code != 0 || strings.Count(out, "\n") != 20 {
			t.Errorf("%s: exit %d, %d lines, stderr %q", law, code, strings.Count(out, "\n"), stderr)
		}
	}
}

// TestNoNaNWithStatusZero: a result that is not a number is either refused
// or printed as a defined "–", said on stderr, never "NaN" with status 0.
func TestNoNaNWithStatusZero(t *testing.T) {
	zero := filepath.Join(t.TempDir(), "zero.svm")
	if err := os.WriteFile(zero, []byte("1\n-1\n+1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := cli("stats", "-data", zero)
	if recs := csvRecords(t, out); code != 0 || len(recs) != 2 || recs[1][4] != "–" || recs[1][5] != "–" ||
		!strings.Contains(stderr, "every example is zero") {
		t.Errorf("stats of all-zero rows: exit %d, stdout %q, stderr %q", code, out, stderr)
	}

	path := genFile(t, "chisq1", 200, 10)
	for _, lambda := range []string{"5e-324", "1e-320", "1e308"} {
		code, out, stderr = cli("theory", "-data", path, "-tau", "1,4", "-lambda", lambda)
		if code != 2 || out != "" || !strings.Contains(stderr, "-lambda") || !strings.Contains(stderr, "λ = ") {
			t.Errorf("theory -lambda %s: exit %d, stdout %q, stderr %q; want a usage error naming -lambda", lambda, code, out, stderr)
		}
	}
	code, out, stderr = cli("theory", "-data", path, "-tau", "1,4", "-lambda", "1e-308")
	if code == 0 || strings.Contains(out, "NaN") || !strings.Contains(stderr, "θ") {
		t.Errorf("theory -lambda 1e-308 (θ subnormal): exit %d, stdout %q, stderr %q", code, out, stderr)
	}

	code, out, stderr = cli("paper", "-data", path, "-tau", "1,2", "-eps", "1e-4", "-seeds", "1")
	recs := csvRecords(t, out)
	if code != 0 || len(recs) != 3 || strings.Contains(out, "NaN") || recs[1][3] != "–" || !strings.Contains(stderr, "not computed") {
		t.Errorf("paper -seeds 1: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
}
