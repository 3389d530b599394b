package lab

import (
	"bytes"
	"encoding/csv"
	"strconv"
	"strings"
	"testing"

	"imlab/core/table"
	"imlab/ui/lab/internal/labtest"
	"imlab/ui/lab/setup"
)

func TestExports(t *testing.T) {
	h := newHarness(t)
	s := labtest.Small()
	h.c.Run(s)
	done := h.wait("done", isPhase(Done))
	files, err := Exports(&done, "imlab")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 3 {
		t.Fatalf("%d exports", len(files))
	}
	byName := map[string][]byte{}
	for _, f := range files {
		byName[f.Name] = f.Data
	}

	traces, err := readCSV(byName["imlab-traces.csv"])
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(traces[0], ",") != "sampling,tau,passes,iter,primal,gap,seconds" {
		t.Errorf("trace header %v", traces[0])
	}
	points := 0
	for _, j := range done.Jobs {
		points += len(j.Trace)
	}
	if len(traces)-1 != points {
		t.Errorf("%d trace rows, want %d points", len(traces)-1, points)
	}
	// Each row round-trips to the snapshot's values.
	first := done.Jobs[0].Trace[1]
	if gap, _ := strconv.ParseFloat(traces[2][5], 64); traces[2][0] != "nice" || gap != first.Gap {
		t.Errorf("row %v, want nice with gap %v", traces[2], first.Gap)
	}

	ratios, err := readCSV(byName["imlab-ratios.csv"])
	if err != nil {
		t.Fatal(err)
	}
	if len(ratios) != 1+len(s.Taus) || ratios[0][0] != "tau" || ratios[0][3] != "theory" {
		t.Fatalf("ratios CSV %v", ratios)
	}
	for k, r := range done.Rows {
		if th, _ := strconv.ParseFloat(ratios[k+1][3], 64); th != r.Theory {
			t.Errorf("τ = %d: CSV theoretical ratio %s, snapshot %v", r.Tau, ratios[k+1][3], r.Theory)
		}
	}
	md := string(byName["imlab-ratios.md"])
	if !strings.Contains(md, "| tau | theta_nice |") || strings.Count(md, "\n|") != 2+len(s.Taus) || !strings.Contains(md, "ε = 1e-10") {
		t.Errorf("markdown:\n%s", md)
	}
}

// readCSV reads an export, skipping its '#' comment lines.
func readCSV(data []byte) ([][]string, error) {
	r := csv.NewReader(bytes.NewReader(data))
	r.Comment = '#'
	return r.ReadAll()
}

func TestExportsBeginWithProvenance(t *testing.T) {
	h := newHarness(t)
	s := labtest.Small()
	s.Bias = true
	h.c.LoadFile(source("tiny.svm", goodFile), s)
	h.wait("loaded", isPhase(Ready))
	s.Taus = []int{1, 2}
	h.c.Run(s)
	done := h.wait("done", isPhase(Done))
	files, err := Exports(&done, "imlab")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !strings.HasSuffix(f.Name, ".csv") {
			continue
		}
		text := string(f.Data)
		for _, want := range []string{"# imlab " + Version + "\n", "# data: tiny.svm (with bias feature); n=4, d=4, nnz=",
			"fingerprint=" + setup.Fingerprint([]byte(goodFile)), "# loss=logistic, lambda=" + table.Float(done.Lambda) + ", eps=1e-10, maxpasses=1000, taus=1,2, partition=random, seed=1",
			"# link: #" + done.Settings.Hash()} {
			if !strings.Contains(text, want) {
				t.Errorf("%s lacks %q:\n%.500s", f.Name, want, text)
			}
		}
		if !strings.HasPrefix(text, "# imlab") {
			t.Errorf("%s does not begin with the comment lines", f.Name)
		}
	}
	svg := string(PlotSVG(&done, "imp", 640, 480))
	if !strings.Contains(svg, "τ-importance") || !strings.Contains(svg, "tiny.svm") || !strings.Contains(svg, "<svg") {
		t.Errorf("the SVG plot is not titled with the data:\n%.400s", svg)
	}
}
