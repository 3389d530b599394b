package prose

import (
	"math"
	"strings"
	"testing"

	"imlab/core/dataset"
	"imlab/core/experiment"
	"imlab/core/loss"
	"imlab/core/paper"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"

	"imlab/ui/lab"
)

func TestExplanationsNameFormulaAndValue(t *testing.T) {
	d := &worker.DataInfo{Source: worker.SourcePreset, Stats: dataset.Stats{N: 1000, D: 20, NNZ: 16000, Density: 0.8, Sigma: 15.5, MaxNorm: 3}, DefaultLambda: 0.003}
	ex := ExplainData(d)
	for id, want := range map[string]string{"data-n": "1000", "data-d": "20", "data-nnz": "16000", "data-density": "0.8",
		"data-sigma": "15.5", "data-lambda": "0.003"} {
		if !strings.Contains(ex[id], want) || !strings.Contains(ex[id], " ") {
			t.Errorf("%s: %q lacks its value %s", id, ex[id], want)
		}
	}
	if !strings.Contains(ex["data-sigma"], "max ‖xᵢ‖² / mean ‖xᵢ‖²") || !strings.Contains(ex["data-lambda"], "max ‖xᵢ‖ / n") {
		t.Error("σ or λ explanation lacks its formula")
	}
	th := ExplainTheta("imp", 8, 0.002, 1000, 0.003, loss.Spec{})
	for _, want := range []string{"τ = 8", "minᵢ pᵢnλγ / (vᵢ + nλγ)", "γ = 4", "0.002", "500"} {
		if !strings.Contains(th, want) {
			t.Errorf("θ explanation %q lacks %q", th, want)
		}
	}
	r := experiment.Row{Tau: 4, ThetaNice: 0.001, ThetaImp: 0.003, Theory: 3, NiceX: 10, ImpX: 4, Empirical: 2.5}
	a, b := ExplainRatio(r)
	if !strings.Contains(a, "= 3.00") || !strings.Contains(b, "10.00 over τ-importance 4.000 = 2.50") {
		t.Errorf("ratio explanations %q / %q", a, b)
	}
	r.Empirical = math.NaN()
	if _, b := ExplainRatio(r); !strings.Contains(b, "once both runs reach ε") {
		t.Errorf("pending empirical: %q", b)
	}
}

func TestPaperMatchOfSnapshots(t *testing.T) {
	s := &lab.Snapshot{Settings: setup.DefaultSettings(), Data: &worker.DataInfo{Source: worker.SourcePreset}}
	m, ok := PaperMatch(s)
	if !ok || m.Table != paper.DenseTable || m.Row != "chisq1" || m.Same {
		t.Errorf("default preset: %+v %v", m, ok)
	}
	if text, ok := ExplainPaper(m, 32); !ok || !strings.Contains(text, "10 : 3.9") || !strings.Contains(text, "scaled down") {
		t.Errorf("paper cell text %q", text)
	}
	s.Data = &worker.DataInfo{Source: worker.SourceFile, Stats: dataset.Stats{N: 49749, D: 301, NNZ: 629335}}
	if m, ok := PaperMatch(s); !ok || m.Row != "w8a" || !m.Same {
		t.Errorf("w8a with bias: %+v %v", m, ok)
	}
	s.Data.Stats.D = 300
	if _, ok := PaperMatch(s); ok {
		t.Error("w8a without bias matched")
	}
	if _, ok := PaperMatch(&lab.Snapshot{}); ok {
		t.Error("no data matched")
	}
}

func TestDataIntroFollowsTheData(t *testing.T) {
	if got := DataIntro(nil); strings.Contains(got, "σ") {
		t.Errorf("before any data: %q", got)
	}
	for _, c := range []struct {
		d    worker.DataInfo
		want []string
	}{
		{worker.DataInfo{Source: worker.SourcePreset, Name: "χ²₁ norms", Stats: dataset.Stats{Sigma: 15.6}}, []string{"On screen: χ²₁ norms,", "σ = 16", "should pay"}},
		{worker.DataInfo{Source: worker.SourcePreset, Name: "uniform norms", Stats: dataset.Stats{Sigma: 1.2}}, []string{"σ = 1.2", "little to gain"}},
		{worker.DataInfo{Source: worker.SourceFile, Name: "w8a", Stats: dataset.Stats{Sigma: 2.1}}, []string{"w8a, not a preset", "σ = 2.1", "modest"}},
	} {
		got := DataIntro(&c.d)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("DataIntro(%s) = %q, want %q in it", c.d.Name, got, w)
			}
		}
		if strings.Contains(got, "ten seconds") {
			t.Errorf("DataIntro(%s) still promises a time: %q", c.d.Name, got)
		}
	}
}
