package chart

import "testing"

// TestLogMinorTicksStayInRange guards against minor ticks a decade or more
// outside a wide log axis (they were drawn below the plot area).
func TestLogMinorTicksStayInRange(t *testing.T) {
	for _, c := range []struct{ lo, hi float64 }{{1e-12, 1}, {1e-11, 10}, {1e-3, 1e5}, {0.5, 2e3}} {
		for _, sub := range []bool{false, true} {
			major := LogTicks(c.lo, c.hi, 4)
			for _, v := range LogMinorTicks(c.lo, c.hi, major, sub) {
				if v < c.lo*(1-1e-9) || v > c.hi*(1+1e-9) {
					t.Errorf("LogMinorTicks(%g, %g, subdecades=%v) has %g outside the range", c.lo, c.hi, sub, v)
				}
			}
		}
	}
}
