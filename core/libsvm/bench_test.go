package libsvm

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"slices"
	"testing"

	"imlab/core/dataset"
	"imlab/core/sampling"
	"imlab/internal/shareddata"
)

// BenchmarkRead parses in-memory files: generated ones of several sizes
// (20 non-zeros per example over 1,000 features, full-precision values), and
// w8a plain and gzipped when the shared data is present.
func BenchmarkRead(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		b.Run(fmt.Sprintf("generated-n=%d", n), func(b *testing.B) {
			var buf bytes.Buffer
			if err := Write(&buf, generated(b, n)); err != nil {
				b.Fatal(err)
			}
			benchRead(b, buf.Bytes())
		})
	}
	b.Run("w8a", func(b *testing.B) {
		gz, err := os.ReadFile(shareddata.Path(b, "w8a.gz"))
		if err != nil {
			b.Fatal(err)
		}
		z, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			b.Fatal(err)
		}
		plain, err := io.ReadAll(z)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("plain", func(b *testing.B) { benchRead(b, plain) })
		b.Run("gzip", func(b *testing.B) { benchRead(b, gz) })
	})
}

func benchRead(b *testing.B, data []byte) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Read(bytes.NewReader(data), Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWrite(b *testing.B) {
	for _, n := range []int{1_000, 100_000} {
		ds := generated(b, n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := Write(&buf, ds); err != nil {
					b.Fatal(err)
				}
			}
			b.SetBytes(int64(buf.Len()))
		})
	}
}

// generated draws n examples with 20 distinct features each out of 1,000 and
// normal values, as a dense-valued LIBSVM file would hold.
func generated(b *testing.B, n int) *dataset.Dataset {
	r := sampling.NewRand(uint64(n))
	var builder dataset.Builder
	idx := make([]int32, 0, 20)
	val := make([]float64, 20)
	for i := 0; i < n; i++ {
		idx = idx[:0]
		for _, j := range r.Perm(1000)[:20] {
			idx = append(idx, int32(j))
		}
		slices.Sort(idx)
		for k := range val {
			val[k] = r.NormFloat64()
		}
		builder.Append(idx, val, float64(2*r.IntN(2)-1))
	}
	ds, err := builder.Build()
	if err != nil {
		b.Fatal(err)
	}
	return ds
}
