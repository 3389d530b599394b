package lab

import (
	"strings"
	"testing"

	"imlab/core/sampling"
	"imlab/ui/lab/setup"
)

// TestPlotTitleRoundsItsNumbers: an exported figure's settings line gives
// λ to 4 significant digits, not its 17; the provenance of the other
// exports keeps it exact.
func TestPlotTitleRoundsItsNumbers(t *testing.T) {
	s := &Snapshot{Settings: setup.DefaultSettings(), Lambda: 0.00039931234567891}
	title := strings.Join(plotTitle(s, sampling.Nice), "\n")
	if !strings.Contains(title, "lambda=0.0003993,") || strings.Contains(title, "3993123") {
		t.Errorf("title %q, want λ as 0.0003993", title)
	}
	if !strings.Contains(title, "eps=1e-10") || !strings.Contains(title, "maxpasses=1000") {
		t.Errorf("title %q, want eps=1e-10 and maxpasses=1000", title)
	}
	if p := strings.Join(provenance(s), "\n"); !strings.Contains(p, "lambda=0.00039931234567891") {
		t.Errorf("provenance %q lost λ's digits", p)
	}
}
