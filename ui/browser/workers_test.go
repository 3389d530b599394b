//go:build js && wasm

package browser

import (
	"math"
	"reflect"
	"syscall/js"
	"testing"
	"time"

	"imlab/core/dataset"
	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/method/catalog"
	"imlab/core/synth"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// Every kind of message crosses between the page and a worker unchanged:
// encodeMessage and decodeMessage run under node as in the browser.
func TestMessagesRoundTrip(t *testing.T) {
	preset := setup.DefaultSettings()
	preset.Norms, preset.Density, preset.N, preset.D, preset.DataSeed = synth.Norms{Law: synth.Law{Family: synth.Extreme, Param: 300}}, 0.25, 300, 40, math.MaxUint64-1
	nan := math.NaN()
	msgs := []worker.Message{
		{Kind: worker.MsgData, Data: worker.DataSpec{Preset: preset, Name: "preset"}},
		{Kind: worker.MsgData, Data: worker.DataSpec{Preset: preset, File: []byte("1 1:0.5\n-1 2:1\n"), Name: "a.txt",
			Bias: true, PositiveClass: "1"}},
		{Kind: worker.MsgPStar, Loss: loss.Spec{Kind: loss.SmoothHingeKind, Mu: 0.25}, Lambda: 1e-3, PStar: 0.1234567890123, Busy: 1500 * time.Millisecond},
		{Kind: worker.MsgTakeBack, Job: 7},
		{Kind: worker.MsgJob, Spec: worker.JobSpec{Index: 3, Tau: 8, Sampling: "imp", Loss: loss.Spec{Kind: loss.SquareKind}, Lambda: 0.5,
			PStar: 1.5, Eps: 1e-10, Partition: "balanced", Seed: 1<<63 + 7, Method: catalog.SAGA, MaxPassesPerTau: 2.5}},
		{Kind: worker.MsgCmd, Cmd: worker.Command(2)},
		{Kind: worker.MsgUpdate, Update: worker.Update{Job: 2, Done: true, Err: "failed", OverBudget: true,
			Points:      []method.Point{{Passes: 0.5, Iter: 3, Primal: 1.25, Gap: nan, Seconds: 3}, {Passes: 1, Iter: 1<<53 - 1, Primal: math.Copysign(0, -1), Gap: 1e-300, Seconds: 4}},
			Minibatches: &worker.Minibatches{Iters: 9, Recent: [][]int{{1, 2}, {3}, {}}, Visits: []int{0, 5, 1 << 30}}}},
		{Kind: worker.MsgUpdate, Update: worker.Update{Job: 3, Done: true,
			Minibatches: &worker.Minibatches{Iters: 2, Recent: [][]int{{0}, {1}}, Visits: []int{1, 1},
				Residues: &worker.Residues{Abs: []float64{1e-12, 0.5}, Scale: 2.5, Refreshes: 3, P: []float64{0.25, 0.75}, Static: []float64{0.5, 0.5}}}}},
		{Kind: worker.MsgUpdate, Update: worker.Update{Job: 4, Plan: &worker.JobPlan{Theory: catalog.Theory{Step: 1e-4, Rate: 0.5, PassesPerEFold: math.Inf(1)}, P: []float64{0.25, 0.5, 0.25},
			Buckets: [][]int{{0, 2}, {1}}}}},
		{Kind: worker.MsgUpdate, Update: worker.Update{Job: 5, Plan: &worker.JobPlan{Theory: catalog.Theory{Step: 0.75, Rate: 0.25, PassesPerEFold: 3}, P: []float64{0.5, 0.5}}}},
		{Kind: worker.MsgTheory, Loss: loss.Spec{}, Lambda: 1e-4, Taus: []int{1, 4, 32},
			Spec: worker.JobSpec{Loss: loss.Spec{}, Lambda: 1e-4, Method: catalog.SAGA, Partition: "random", Seed: 1<<63 + 9}},
		{Kind: worker.MsgTheory, Loss: loss.Spec{}, Lambda: 1e-4, Taus: []int{2}, Busy: 250 * time.Millisecond,
			Spec: worker.JobSpec{Loss: loss.Spec{}, Lambda: 1e-4, Method: catalog.DFSDCA, Seed: 3},
			Theory: &worker.MethodTheory{Method: catalog.DFSDCA, N: 400, Cost: catalog.CostModel{Cores: 8, Sync: 1},
				Nice: []catalog.TauPoint{{Tau: 1, Theory: catalog.Theory{Step: 1e-3, Rate: 0.999, PassesPerEFold: 2.5}, Time: 2.5}},
				Imp:  []catalog.TauPoint{{Tau: 1, Theory: catalog.Theory{Step: 2e-3, Rate: 0.998, PassesPerEFold: 1.25}, Time: 1.25}, {Tau: 2}}}},
		{Kind: worker.MsgFailed, Err: "no data"},
		{Kind: worker.MsgLoaded, Field: "file", Err: "bad file"},
		{Kind: worker.MsgLoaded, Loaded: &worker.Loaded{
			Data: &dataset.Dataset{N: 2, D: 3, RowPtr: []int{0, 2, 3}, Col: []int32{0, 2, 1}, Val: []float64{0.5, -1, 2}, Y: []float64{1, -1}},
			Info: &worker.DataInfo{Source: worker.SourceFile, Name: "a.txt", Warnings: []string{"one", "two"},
				Stats: dataset.Stats{N: 2, D: 3, NNZ: 3, Density: 0.5, Sigma: nan, MaxNorm: 1.5},
				Hist:  dataset.Histogram{Min: 0.25, Max: 4, Counts: []int{1, 0, 1}}, Norms: []float64{1.25, 4},
				DefaultLambda: 0.75, LoadTime: 12 * time.Millisecond}}},
		{Kind: worker.MsgRows, Loaded: &worker.Loaded{Data: &dataset.Dataset{N: 2, D: 3,
			RowPtr: []int{0, 2, 3}, Col: []int32{0, 2, 1}, Val: []float64{0.5, -1, 2}, Y: []float64{1, -1}}}},
	}
	for _, m := range msgs {
		v, _ := encodeMessage(m)
		got, err := decodeMessage(v)
		if err != nil {
			t.Fatalf("kind %d: %v", m.Kind, err)
		}
		if got.Loaded != nil && got.Loaded.Rows != nil { // the rows come in on demand
			got.Loaded.Rows()
			got.Loaded.Rows = nil
		}
		// MsgLoaded carries the data without its rows, MsgRows the rows alone.
		want := m
		if l := m.Loaded; l != nil && l.Data != nil {
			ds := *l.Data
			if m.Kind == worker.MsgLoaded {
				ds = dataset.Dataset{N: ds.N, D: ds.D}
			} else {
				ds.N, ds.D = 0, 0
			}
			wl := *l
			wl.Data = &ds
			want.Loaded = &wl
		}
		if !sameMessage(got, want) {
			t.Errorf("kind %d: got\n%+v\nwant\n%+v", m.Kind, got, want)
		}
	}
}

// sameMessage is reflect.DeepEqual with trace points compared bit for bit
// (NaN, −0).
func sameMessage(a, b worker.Message) bool {
	if len(a.Update.Points) != len(b.Update.Points) {
		return false
	}
	for k, p := range a.Update.Points {
		q := b.Update.Points[k]
		if p.Iter != q.Iter {
			return false
		}
		for _, xy := range [][2]float64{{p.Passes, q.Passes}, {p.Primal, q.Primal}, {p.Gap, q.Gap}, {p.Seconds, q.Seconds}} {
			if math.Float64bits(xy[0]) != math.Float64bits(xy[1]) {
				return false
			}
		}
	}
	a.Update.Points, b.Update.Points = nil, nil
	if a.Loaded != nil && b.Loaded != nil && a.Loaded.Info != nil && b.Loaded.Info != nil { // Sigma may be NaN
		sa, sb := a.Loaded.Info.Stats.Sigma, b.Loaded.Info.Stats.Sigma
		if math.Float64bits(sa) != math.Float64bits(sb) {
			return false
		}
		la, lb := *a.Loaded, *b.Loaded
		ia, ib := *la.Info, *lb.Info
		ia.Stats.Sigma, ib.Stats.Sigma = 0, 0
		la.Info, lb.Info = &ia, &ib
		a.Loaded, b.Loaded = &la, &lb
	}
	return reflect.DeepEqual(a, b)
}

// A value that is not a message is an error, not a panic.
func TestDecodeBadMessage(t *testing.T) {
	if _, err := decodeMessage(js0()); err == nil {
		t.Error("decoding undefined: no error")
	}
}

func js0() js.Value { return js.Undefined() }

// BenchmarkPostLoaded times what the data's worker does between generating
// the page's default data and posting it: encoding MsgLoaded (what the page
// needs to be ready) and MsgRows (the rows, posted after it).
func BenchmarkPostLoaded(b *testing.B) {
	ld, err := worker.DataSpec{Preset: setup.DefaultSettings()}.Load(setup.Budget)
	if err != nil {
		b.Fatal(err)
	}
	for _, k := range []worker.MsgKind{worker.MsgLoaded, worker.MsgRows} {
		b.Run(map[worker.MsgKind]string{worker.MsgLoaded: "MsgLoaded", worker.MsgRows: "MsgRows"}[k], func(b *testing.B) {
			for b.Loop() {
				encodeMessage(worker.Message{Kind: k, Loaded: ld})
			}
		})
	}
}
