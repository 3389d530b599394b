package main

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPaperPresetCSV(t *testing.T) {
	code, out, stderr := cli("paper", "-preset", "dense", "-size", "tiny", "-tau", "1,4", "-seeds", "2", "-eps", "1e-6")
	if code != 0 {
		t.Fatalf("paper -preset: %s", stderr)
	}
	recs := csvRecords(t, out)
	if strings.Join(recs[0], ",") != "data,partition,tau,theory,empirical,empirical_sd,paper_theory,paper_empirical" {
		t.Fatalf("header %v", recs[0])
	}
	if len(recs) != 1+5*2 {
		t.Fatalf("%d rows, want 5 laws × 2 τ", len(recs)-1)
	}
	for _, r := range recs[1:] {
		if r[0] == "extreme" && r[2] == "1" && (num(t, r[6]) != 8.8 || !(num(t, r[3]) > 1)) {
			t.Errorf("extreme τ=1 row %v: want the paper's 8.8 beside a ratio > 1", r)
		}
		if num(t, r[5]) < 0 {
			t.Errorf("row %v: negative standard deviation", r)
		}
	}
}

func TestPaperPresetErrors(t *testing.T) {
	for _, args := range [][]string{
		{"paper", "-preset", "medium"},
		{"paper", "-preset", "dense", "-size", "huge"},
		{"paper", "-preset", "real"},
	} {
		if code, _, stderr := cli(args...); code != 2 || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want a one-line usage error", args, code, stderr)
		}
	}
}

// report -method M writes results-M.md beside results.md, with its own
// convergence figures and without dfSDCA's discussion.
func TestReportMethod(t *testing.T) {
	dir := t.TempDir()
	code, _, stderr := cli("report", "-method", "saga", "-size", "tiny", "-seeds", "1", "-partition", "random", "-eps", "1e-6", "-o", dir)
	if code != 0 {
		t.Fatalf("report: %s", stderr)
	}
	doc, err := os.ReadFile(filepath.Join(dir, "results-saga.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Method: **saga**", "## Table 2", "## Table 3", "conv-saga-dense-extreme-imp.svg"} {
		if !strings.Contains(string(doc), want) {
			t.Errorf("results-saga.md lacks %q", want)
		}
	}
	if strings.Contains(string(doc), "## Where and why") {
		t.Error("results-saga.md has dfSDCA's discussion")
	}
	if _, err := os.Stat(filepath.Join(dir, "results.md")); err == nil {
		t.Error("report -method saga wrote results.md")
	}
	figs, _ := filepath.Glob(filepath.Join(dir, "figures", "conv-saga-*.svg"))
	if len(figs) != 20 { // 5 laws × 2 tables × 2 plots
		t.Errorf("%d convergence figures of saga, want 20", len(figs))
	}
}

func TestReportWritesDocumentAndFigures(t *testing.T) {
	dir := t.TempDir()
	real := genFile(t, "chisq1", 300, 12)
	code, _, stderr := cli("report", "-size", "tiny", "-seeds", "1", "-partition", "random", "-eps", "1e-6", "-data", real, "-o", dir)
	if code != 0 {
		t.Fatalf("report: %s", stderr)
	}
	doc, err := os.ReadFile(filepath.Join(dir, "results.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Table 2", "## Table 3", "## Table 5", "| extreme | paper |", "## Where and why"} {
		if !strings.Contains(string(doc), want) {
			t.Errorf("results.md lacks %q", want)
		}
	}
	figs, _ := filepath.Glob(filepath.Join(dir, "figures", "*.svg"))
	// 5 laws × 2 tables × (histogram + 2 plots) + the real file's 2 plots.
	if len(figs) != 32 {
		t.Errorf("%d figures, want 32", len(figs))
	}
	for _, f := range figs {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := xml.Unmarshal(b, new(struct{ XMLName xml.Name })); err != nil {
			t.Errorf("%s is not XML: %v", f, err)
		}
		if !strings.Contains(string(doc), "figures/"+filepath.Base(f)) {
			t.Errorf("results.md does not show %s", filepath.Base(f))
		}
	}
}
