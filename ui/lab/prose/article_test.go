package prose

import (
	"math"
	"os"
	"regexp"
	"strings"
	"testing"

	"imlab/core/dataset"
	"imlab/core/experiment"
	"imlab/core/method"
	"imlab/core/table"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"

	"imlab/ui/lab"
)

// articleSnapshot is a snapshot of a finished run over made-up data: its
// rows out of τ order, τ = 8's empirical ratio not yet known.
func articleSnapshot() lab.Snapshot {
	s := lab.Snapshot{Settings: setup.DefaultSettings(), Lambda: 0.01,
		Data: &worker.DataInfo{Stats: dataset.Stats{N: 3000, D: 100, NNZ: 30000, Density: 0.1, Sigma: 15.678, MaxNorm: 30}, DefaultLambda: 0.01}}
	s.Rows = []experiment.Row{
		{Tau: 1, ThetaNice: 1e-4, ThetaImp: 4e-4, Theory: 4, NiceX: 10, ImpX: 2.5, Empirical: 4},
		{Tau: 8, ThetaNice: 2e-4, ThetaImp: 6.5e-4, Theory: 3.4, NiceX: math.NaN(), ImpX: 3, Empirical: math.NaN()},
		{Tau: 2, ThetaNice: 1.5e-4, ThetaImp: 5e-4, Theory: 3.333, NiceX: 8, ImpX: 2, Empirical: 4},
	}
	return s
}

func TestArticleNumbersQuoteTheCardsAndTheLargestTau(t *testing.T) {
	s := articleSnapshot()
	a := NewArticleNumbers(&s)
	for k, want := range map[Live]string{
		LiveN: "3000", LiveSigma: "15.7", LiveDensity: "10.0 %", LiveLambda: "0.0100", LiveTaus: "1, 8, 2", LiveTau: "8",
		LiveNice: "0.000200", LiveImpIter: "1540", LiveTheory: "3.4", LiveEmpiric: "–", LiveRange: "3.3–4.0",
	} {
		if got := a.Text(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	// The serial speed-up of §5.1: (n + M/(λγ)) / (n + M/(σλγ)) with M = 900, γ = 4.
	want := (3000 + 900/0.04) / (3000 + 900/15.678/0.04)
	if got := a.Text(LiveSerial); got != table.Sig(want, 2) {
		t.Errorf("serial = %q, want %s (%v)", got, table.Sig(want, 2), want)
	}
}

func TestArticleNumbersBeforeDataAndRun(t *testing.T) {
	a := NewArticleNumbers(&lab.Snapshot{Settings: setup.DefaultSettings(), Lambda: math.NaN()})
	for _, k := range liveOrder {
		if got := a.Text(k); got != "–" {
			t.Errorf("%s = %q with no data, want –", k, got)
		}
	}
}

func TestArticleFillEscapesAndKeepsOtherMarkup(t *testing.T) {
	s := articleSnapshot()
	s.Jobs = []lab.JobView{{Tau: 8, Done: true, Err: method.ErrBudget}}
	a := NewArticleNumbers(&s)
	got := a.Fill(`<p>σ = <span data-live="sigma"></span>, <span data-live="ratio-empirical"></span>, <span data-live="nope"></span></p>`)
	want := `<p>σ = <span class="live" data-live="sigma">15.7</span>, <span class="live" data-live="ratio-empirical">` +
		strings.ReplaceAll(experiment.OverBudget, ">", "&gt;") + `</span>, <span data-live="nope"></span></p>`
	if got != want {
		t.Errorf("Fill:\n got %s\nwant %s", got, want)
	}
}

// TestArticleTemplateKeys checks index.html's article: every placeholder
// names a live number, and the main ones are quoted.
func TestArticleTemplateKeys(t *testing.T) {
	page, err := os.ReadFile("../../../index.html")
	if err != nil {
		t.Fatalf("reading index.html: %v", err)
	}
	start := strings.Index(string(page), `<template id="article-html">`)
	end := strings.Index(string(page)[start:], "</template>")
	if start < 0 || end < 0 {
		t.Fatal(`index.html has no <template id="article-html">`)
	}
	article := string(page)[start : start+end]
	known := map[Live]bool{}
	for _, k := range liveOrder {
		known[k] = true
	}
	used := map[Live]bool{}
	for _, m := range regexp.MustCompile(`data-live="([^"]*)"`).FindAllStringSubmatch(article, -1) {
		if !known[Live(m[1])] {
			t.Errorf("index.html's article quotes data-live=%q, which prose.ArticleNumbers does not know", m[1])
		}
		used[Live(m[1])] = true
		if !strings.Contains(article, placeholder(Live(m[1]))) {
			t.Errorf("index.html's article: data-live=%q is not an empty placeholder %s", m[1], placeholder(Live(m[1])))
		}
	}
	for _, k := range []Live{LiveSigma, LiveTheory, LiveEmpiric, LiveNice, LiveImp} {
		if !used[k] {
			t.Errorf("index.html's article does not quote %s", k)
		}
	}
}

// TestArticleNumbersChanged: a finished job changes only the numbers of the
// largest τ's row; Changed names exactly those, with their new text.
func TestArticleNumbersChanged(t *testing.T) {
	s := articleSnapshot()
	before := NewArticleNumbers(&s)
	s.Rows[1].NiceX, s.Rows[1].Empirical = 11, 3.4/0.9 // τ = 8's τ-nice run reached ε
	after := NewArticleNumbers(&s)
	got := map[Live]string{}
	after.Changed(before, func(k Live, text string) { got[k] = text })
	if len(got) == 0 || got[LiveEmpiric] != after.Text(LiveEmpiric) || got[LiveEmpiric] == "–" {
		t.Errorf("changed %v, want the empirical ratio among them", got)
	}
	for _, k := range liveOrder {
		_, named := got[k]
		if named != (before.Text(k) != after.Text(k)) {
			t.Errorf("%s: named %v, but %q → %q", k, named, before.Text(k), after.Text(k))
		}
	}
	after.Changed(after, func(k Live, _ string) { t.Errorf("%s named against itself", k) })
}
