package theory

import (
	"fmt"
	"testing"

	"imlab/core/dataset"
	"imlab/core/sampling"
	"imlab/core/synth"
)

// benchData are sparse artificial sets of 1e4 and 1e5 examples with about
// 2·10⁵ and 2·10⁶ non-zeros: the cost should grow with nnz, not n·d.
type benchSet struct {
	name string
	ds   *dataset.Dataset
}

func benchData(b *testing.B) []benchSet {
	var out []benchSet
	for _, n := range []int{1e4, 1e5} {
		ds, err := synth.Generate(synth.Config{N: n, D: 1000, Density: 0.02, Norms: synth.Norms{Paper: synth.ChiSq10Law}, Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, benchSet{fmt.Sprintf("n=%d/nnz=%d", n, ds.NNZ()), ds})
	}
	return out
}

func BenchmarkNiceV(b *testing.B) {
	for _, set := range benchData(b) {
		name, ds := set.name, set.ds
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				NiceV(ds, 16)
			}
		})
	}
}

func BenchmarkBucketV(b *testing.B) {
	for _, set := range benchData(b) {
		name, ds := set.name, set.ds
		pt, err := sampling.RandomPartition(ds.N, 16, sampling.NewRand(1))
		if err != nil {
			b.Fatal(err)
		}
		p := uniformBucketProbabilities(pt, ds.N)
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				BucketV(ds, pt, p)
			}
		})
	}
}

// BenchmarkBucketESO times what an adaptive refresh pays for the ESO of its
// new sampling: one VOrdered of a BucketESO made once (an op is one
// evaluation, O(nnz + d + n)).
func BenchmarkBucketESO(b *testing.B) {
	for _, set := range benchData(b) {
		ds := set.ds
		for _, tau := range []int{8, 32} {
			pt, err := sampling.RandomPartition(ds.N, tau, sampling.NewRand(1))
			if err != nil {
				b.Fatal(err)
			}
			eso := NewBucketESO(ds, pt)
			p := uniformBucketProbabilities(pt, ds.N)
			v := eso.V(p, nil)
			b.Run(fmt.Sprintf("%s/tau=%d", set.name, tau), func(b *testing.B) {
				for b.Loop() {
					v = eso.VOrdered(p, v)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*ds.NNZ()), "ns/nnz")
			})
		}
	}
}

// BenchmarkNewBucketESO times building the ESO of a bucket partition, which
// an adaptive run does once before its first refresh: one bucket at τ = 1,
// the positions by feature at τ > 1.
func BenchmarkNewBucketESO(b *testing.B) {
	for _, set := range benchData(b) {
		ds := set.ds
		for _, tau := range []int{1, 32} {
			pt, err := sampling.RandomPartition(ds.N, tau, sampling.NewRand(1))
			if err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%s/tau=%d", set.name, tau), func(b *testing.B) {
				for b.Loop() {
					NewBucketESO(ds, pt)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*ds.NNZ()), "ns/nnz")
			})
		}
	}
}

func BenchmarkNewPlan(b *testing.B) {
	for _, set := range benchData(b) {
		name, ds := set.name, set.ds
		pr := logistic(b, ds)
		for _, s := range []sampling.Kind{sampling.Nice, sampling.Imp, sampling.ImpAlt} {
			b.Run(name+"/"+string(s), func(b *testing.B) {
				for b.Loop() {
					if _, err := NewPlan(pr, Spec{Sampling: s, Tau: 16, Seed: 1}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
