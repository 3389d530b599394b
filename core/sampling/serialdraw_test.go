package sampling

import (
	"math/rand/v2"
	"testing"
)

// TestDrawSerialIsSample: DrawSerial gives the examples Sample gives, from
// the same stream, for every serial sampling (n a power of two or not, and
// n near 2⁶³ where IntN's rejection step matters), and refuses the others.
func TestDrawSerialIsSample(t *testing.T) {
	serial, err := NewSerial(skewed(1000))
	if err != nil {
		t.Fatal(err)
	}
	nice1, _ := NewNice(1000, 1)
	nice4, _ := NewNice(1000, 4)
	bucket, err := NewBucket(Partition{Buckets: [][]int{{0, 1}, {2, 3}}}, []float64{0.5, 0.5, 0.25, 0.75})
	if err != nil {
		t.Fatal(err)
	}
	all := make([]int, 1000)
	for i := range all {
		all[i] = i
	}
	ada1, err := NewAdaptive(Partition{Buckets: [][]int{all}}, skewed(1000), DefaultAdaptive)
	if err != nil {
		t.Fatal(err)
	}
	if err := ada1.Reweight(skewed(1000)[500:] /* wrong length */); err == nil {
		t.Fatal("Reweight accepted 500 weights for 1000 examples")
	}
	w := skewed(1000)
	w[7] = 0
	if err := ada1.Reweight(w); err != nil {
		t.Fatal(err)
	}
	ada2, err := NewAdaptive(Partition{Buckets: [][]int{{0, 1}, {2, 3}}}, []float64{0.5, 0.5, 0.25, 0.75}, DefaultAdaptive)
	if err != nil {
		t.Fatal(err)
	}
	bucket1, err := NewBucket(Partition{Buckets: [][]int{all}}, skewed(1000))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []Sampler{NewUniform(1000), NewUniform(1024), NewUniform(1), serial, nice1, ada1, bucket1} {
		want := NewRand(9)
		src := NewSource(9)
		got := make([]int, 5000)
		if !DrawSerial(s, src, got) {
			t.Fatalf("%v: DrawSerial refused a serial sampling", s)
		}
		var batch []int
		for k, g := range got {
			batch = s.Sample(want, batch)
			if len(batch) != 1 || batch[0] != g {
				t.Fatalf("%v: draw %d is %d, Sample gives %v", s, k, g, batch)
			}
		}
		// The streams are in step afterwards too.
		if a, b := src.Uint64(), want.Uint64(); a != b {
			t.Errorf("%v: streams differ after the draws: %#x, %#x", s, a, b)
		}
	}
	for _, s := range []Sampler{nice4, bucket, ada2} {
		if DrawSerial(s, NewSource(1), make([]int, 3)) {
			t.Errorf("%v: DrawSerial accepted a minibatch sampling", s)
		}
	}
	// Large n: 2⁶⁴ mod n is large, so rejections happen.
	const n = 1<<62 + 12345
	want, src := rand.New(NewSource(4)), NewSource(4)
	got := make([]int, 1000)
	drawUniform(src, n, got)
	for k, g := range got {
		if w := want.IntN(n); w != g {
			t.Fatalf("n = %d: draw %d is %d, IntN gives %d", n, k, g, w)
		}
	}
}
