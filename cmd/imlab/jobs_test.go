package main

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// paper's output is byte for byte the same whatever -jobs, in both formats
// and both modes (a preset table, and one data set).
func TestPaperOutputIndependentOfJobs(t *testing.T) {
	path := genFile(t, "chisq1", 300, 8)
	for _, args := range [][]string{
		{"paper", "-preset", "dense", "-size", "tiny", "-tau", "1,4", "-seeds", "2", "-eps", "1e-6", "-partition", "random,balanced"},
		{"paper", "-preset", "sparse", "-size", "tiny", "-tau", "2,8", "-seeds", "2", "-eps", "1e-6", "-format", "md"},
		{"paper", "-data", path, "-tau", "1,2,4", "-seeds", "3", "-eps", "1e-6"},
	} {
		var outs []string
		for _, jobs := range []string{"1", "3"} {
			code, out, stderr := cli(append(args, "-jobs", jobs)...)
			if code != 0 {
				t.Fatalf("%v -jobs %s: exit %d: %s", args, jobs, code, stderr)
			}
			outs = append(outs, out)
		}
		if outs[0] != outs[1] || len(outs[0]) < 100 {
			t.Errorf("%v: -jobs 1 printed\n%s\n-jobs 3 printed\n%s", args, outs[0], outs[1])
		}
	}
}

// TestPaperJobsInterrupted interrupts paper with two jobs at once as soon as
// seed 1 has finished: it exits 130 and prints the table of the seeds that
// finished from seed 1 on, as their own run would print it.
func TestPaperJobsInterrupted(t *testing.T) {
	path := genFile(t, "extreme", 300, 8)
	args := []string{"paper", "-data", path, "-tau", "1,2", "-eps", "1e-6", "-jobs", "2"}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out bytes.Buffer
	stderr := &cancelOn{marker: "seed 1 finished", cancel: cancel}
	code := imlab(append(args, "-seeds", "4"), &env{stdout: &out, stderr: stderr, ctx: ctx})
	m := regexp.MustCompile(`averages seeds 1 to (\d)`).FindStringSubmatch(stderr.buf.String())
	if code != exitInterrupt || m == nil {
		t.Fatalf("exit %d, stdout %q, stderr %q; want 130 and the finished seeds' table", code, out.String(), stderr.buf.String())
	}
	seeds, _ := strconv.Atoi(m[1])
	code, whole, errs := cli(append(args, "-seeds", strconv.Itoa(seeds))...)
	if code != 0 || whole != out.String() {
		t.Errorf("interrupted after %d seeds:\n%s\nrun of %d seeds (exit %d, %s):\n%s", seeds, out.String(), seeds, code, errs, whole)
	}
}

func TestJobsFlag(t *testing.T) {
	for _, bad := range []string{"0", "-1", "two"} {
		code, _, stderr := cli("paper", "-preset", "dense", "-size", "tiny", "-jobs", bad)
		if code != exitUsage || !strings.Contains(stderr, "-jobs") {
			t.Errorf("-jobs %s: exit %d, %q", bad, code, stderr)
		}
	}
}

// paper -method: every method's table is the same whatever -jobs, and
// -method dfsdca is the default.
func TestPaperMethodOutputIndependentOfJobs(t *testing.T) {
	base := []string{"paper", "-preset", "dense", "-size", "tiny", "-tau", "1,4", "-seeds", "1", "-eps", "1e-6", "-format", "md"}
	code, dflt, stderr := cli(append(base, "-jobs", "2")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, m := range []string{"dfsdca", "sdca", "saga", "lsvrg"} {
		var outs []string
		for _, jobs := range []string{"1", "3"} {
			code, out, stderr := cli(append(base, "-method", m, "-jobs", jobs)...)
			if code != 0 {
				t.Fatalf("-method %s -jobs %s: exit %d: %s", m, jobs, code, stderr)
			}
			outs = append(outs, out)
		}
		if outs[0] != outs[1] || !strings.Contains(outs[0], "| extreme | paper |") {
			t.Errorf("-method %s: -jobs 1 printed\n%s\n-jobs 3 printed\n%s", m, outs[0], outs[1])
		}
		if m == "dfsdca" && outs[0] != dflt {
			t.Errorf("-method dfsdca printed\n%s\nthe default printed\n%s", outs[0], dflt)
		}
		if m != "dfsdca" && outs[0] == dflt {
			t.Errorf("-method %s printed dfSDCA's table", m)
		}
	}
	if code, _, stderr := cli(append(base, "-method", "saga", "-workers", "2")...); code != exitUsage || !strings.Contains(stderr, "-workers") {
		t.Errorf("-method saga -workers 2: exit %d, %q; want a usage error", code, stderr)
	}
}
