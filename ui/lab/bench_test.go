package lab

import (
	"testing"
	"time"

	"imlab/core/synth"
	"imlab/ui/lab/internal/labtest"
	"imlab/ui/lab/setup"
)

// BenchmarkEpoch times one dfSDCA epoch on the page's default data; compare
// with the page's hook, imlab.benchEpoch() (see the e2e tests).
func BenchmarkEpoch(b *testing.B) {
	ds, err := synth.Generate(setup.DefaultSettings().Synth())
	if err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	now := func() time.Duration { return time.Since(start) }
	var total time.Duration
	for range b.N {
		d, err := EpochTime(ds, now)
		if err != nil {
			b.Fatal(err)
		}
		total += d
	}
	b.ReportMetric(total.Seconds()*1e3/float64(b.N), "ms/epoch")
}

func TestEpochTime(t *testing.T) {
	ds, err := synth.Generate(labtest.Small().Synth())
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	d, err := EpochTime(ds, func() time.Duration { return time.Since(start) })
	if err != nil || d <= 0 {
		t.Errorf("EpochTime = %v, %v", d, err)
	}
}
