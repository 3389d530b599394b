package libsvm

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"

	"imlab/core/dataset"
	"imlab/core/sampling"
	"imlab/internal/shareddata"
)

// randomDataset draws n examples over d features with labels ±1 and values
// of every kind: integers, ordinary reals and arbitrary finite bit patterns
// (subnormals, huge magnitudes). Trailing features may be empty.
func randomDataset(t testing.TB, n, d int, seed uint64) *dataset.Dataset {
	t.Helper()
	r := sampling.NewRand(seed)
	var b dataset.Builder
	for i := 0; i < n; i++ {
		var idx []int32
		var val []float64
		for j := 0; j < d; j++ {
			if r.Float64() > 0.3 {
				continue
			}
			var v float64
			switch r.IntN(3) {
			case 0:
				v = float64(r.IntN(7) - 3)
			case 1:
				v = r.NormFloat64()
			default:
				v = math.Float64frombits(r.Uint64())
				if math.Abs(v) > 1e150 { // keep ‖x‖² finite: Read refuses overflowing norms
					v = math.Ldexp(v, -600)
				}
			}
			if v != 0 && !math.IsNaN(v) && !math.IsInf(v, 0) {
				idx = append(idx, int32(j))
				val = append(val, v)
			}
		}
		b.Append(idx, val, float64(2*r.IntN(2)-1))
	}
	b.SetMinFeatures(d + r.IntN(3))
	ds, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

func roundTrip(t testing.TB, ds *dataset.Dataset) *dataset.Dataset {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, ds); err != nil {
		t.Fatal(err)
	}
	back, err := Read(&buf, Options{})
	if err != nil {
		t.Fatalf("reading what Write wrote: %v", err)
	}
	return back
}

func TestWriteRoundTripRandom(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		ds := randomDataset(t, 1+int(seed)*7, int(seed)%9+1, seed)
		if diff := sameDataset(roundTrip(t, ds), ds); diff != "" {
			t.Fatalf("seed %d: %s", seed, diff)
		}
	}
}

func TestWriteFormat(t *testing.T) {
	ds := build(t, 5, [][]float64{{0.5, 0, -2}, {0, 1e-300}}, []float64{1, -1})
	var buf bytes.Buffer
	if err := Write(&buf, ds); err != nil {
		t.Fatal(err)
	}
	// Feature 5 holds no non-zero, so the last line carries it as "5:0".
	if want := "1 1:0.5 3:-2\n-1 2:1e-300 5:0\n"; buf.String() != want {
		t.Errorf("wrote %q, want %q", buf.String(), want)
	}
	if back := roundTrip(t, ds); back.D != 5 {
		t.Errorf("d=%d after a round trip, want 5", back.D)
	}
}

func TestWriteRoundTripSharedData(t *testing.T) {
	ds, err := ReadFile(shareddata.Path(t, "w8a.gz"), Options{Bias: true})
	if err != nil {
		t.Fatal(err)
	}
	if diff := sameDataset(roundTrip(t, ds), ds); diff != "" {
		t.Error(diff)
	}
}

func TestWriteErrors(t *testing.T) {
	bad := build(t, 2, [][]float64{{1, 2}}, []float64{1})
	bad.Val[0] = math.NaN()
	if err := Write(&bytes.Buffer{}, bad); !errors.Is(err, dataset.ErrValue) {
		t.Errorf("NaN value: err = %v, want dataset.ErrValue", err)
	}
	broken := errors.New("pipe closed")
	ds := randomDataset(t, 5000, 20, 1)
	if err := Write(failingWriter{broken}, ds); !errors.Is(err, broken) {
		t.Errorf("failing writer: err = %v, want %v", err, broken)
	}
	if err := Write(&strings.Builder{}, &dataset.Dataset{}); !errors.Is(err, dataset.ErrNoRows) {
		t.Errorf("empty data set: err = %v, want dataset.ErrNoRows", err)
	}
}

type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }
