package sampling

import (
	"slices"
	"testing"
)

func TestRecorderPassesDrawsThroughAndCounts(t *testing.T) {
	p := []float64{0.1, 0.2, 0.3, 0.4}
	plain, err := NewSerial(p)
	if err != nil {
		t.Fatal(err)
	}
	watched, _ := NewSerial(p)
	rec := NewRecorder(watched, 3)
	r1, r2 := NewRand(4), NewRand(4)
	counts := make([]int, 4)
	var all [][]int
	for range 1000 {
		a := plain.Sample(r1, nil)
		b := rec.Sample(r2, nil)
		if !slices.Equal(a, b) {
			t.Fatalf("recorded draw %v, plain %v", b, a)
		}
		all = append(all, b)
		for _, i := range b {
			counts[i]++
		}
	}
	if r1.Uint64() != r2.Uint64() {
		t.Error("the recorder consumed randomness")
	}
	if rec.Draws() != 1000 || !slices.Equal(rec.Visits(1000), counts) {
		t.Errorf("draws %d, visits %v, want %v", rec.Draws(), rec.Visits(1000), counts)
	}
	// Visits(998) leaves out the last two draws.
	want := slices.Clone(counts)
	for _, b := range all[998:] {
		for _, i := range b {
			want[i]--
		}
	}
	if !slices.Equal(rec.Visits(998), want) {
		t.Errorf("Visits(998) = %v, want %v", rec.Visits(998), want)
	}
	for k := 997; k < 1000; k++ {
		if b, ok := rec.Batch(k); !ok || !slices.Equal(b, all[k]) {
			t.Errorf("Batch(%d) = %v %v, want %v", k, b, ok, all[k])
		}
	}
	if _, ok := rec.Batch(996); ok {
		t.Error("Batch(996) kept beyond the ring")
	}
	defer func() {
		if recover() == nil {
			t.Error("Visits(990) did not panic though draws 990–996 are gone")
		}
	}()
	rec.Visits(990)
}

// BenchmarkRecorder compares a τ = 16 bucket draw with and without a
// Recorder around it: the recording's cost per minibatch.
func BenchmarkRecorder(b *testing.B) {
	const n, tau = 100000, 16
	part, err := RandomPartition(n, tau, NewRand(1))
	if err != nil {
		b.Fatal(err)
	}
	p := make([]float64, n)
	for _, bk := range part.Buckets {
		for _, i := range bk {
			p[i] = 1 / float64(len(bk))
		}
	}
	plain, err := NewBucket(part, p)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("plain", func(b *testing.B) { benchSample(b, plain) })
	b.Run("recorded", func(b *testing.B) { benchSample(b, NewRecorder(plain, 16)) })
}
