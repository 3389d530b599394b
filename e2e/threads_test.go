//go:build !js

package e2e

import (
	"fmt"
	"os"
	"testing"
)

// TestMeasureFrameCPU measures, never asserts (IMLAB_BENCH=1, like
// TestMeasureWorkers, whose measureRun it wraps): the page's own frame work
// (imlab.stats) during the default run, per frame and per second of run —
// what the page's thread takes of the cores the workers need. measureRun's
// CPU line gives each browser thread's CPU time beside it (read from /proc:
// on a loaded machine wall times stretch, a thread's CPU time does not), and
// IMLAB_BENCH_TRACE a Chromium trace of the run. IMLAB_BENCH_WORKERS and
// IMLAB_BENCH_LOAD select the runs as for TestMeasureWorkers (default "1 2",
// and 1: without and with busy loops).
func TestMeasureFrameCPU(t *testing.T) {
	if os.Getenv("IMLAB_BENCH") == "" {
		t.Skip("a measurement: IMLAB_BENCH=1 IMLAB_E2E=1 go test -run TestMeasureFrameCPU ./e2e/")
	}
	keys, loads := benchWorkers("1", "2"), benchLoads(false, true)
	for _, key := range keys {
		for _, load := range loads {
			t.Run(fmt.Sprintf("workers=%s,load=%v", key, load), func(t *testing.T) {
				p := open(t, "workers="+key)
				stats := func() map[string]float64 { return eval[map[string]float64](p, `imlab.stats()`) }
				s0 := stats()
				measureRun(t, p, key, load, false)
				s1 := stats()
				frames := s1["frames"] - s0["frames"]
				work := s1["meanFrameMs"]*s1["frames"] - s0["meanFrameMs"]*s0["frames"]
				elapsed := s1["elapsedMs"] / 1e3
				t.Logf("FRAMECPU workers=%s load=%v elapsed_s=%.2f page_frames=%.0f frame_work_ms=%.0f per_frame_ms=%.2f per_s_ms=%.0f gcs=%.0f",
					key, load, elapsed, frames, work, work/max(1, frames), work/max(elapsed, 1e-3), s1["gcs"]-s0["gcs"])
			})
		}
	}
}
