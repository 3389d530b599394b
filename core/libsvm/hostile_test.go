package libsvm_test

import (
	"bytes"
	"errors"
	"runtime"
	"strings"
	"testing"

	"imlab/core/budget"
	"imlab/core/libsvm"
	"imlab/core/libsvm/libsvmtest"
)

// TestReadHostile refuses every input of the catalogue under its small
// budget, with the right message, allocating less than the budget.
func TestReadHostile(t *testing.T) {
	for _, h := range libsvmtest.Catalogue() {
		t.Run(h.Name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			ds, err := libsvm.Read(bytes.NewReader(h.Data), libsvm.Options{Name: "hostile", Budget: libsvmtest.Budget})
			runtime.ReadMemStats(&after)
			if err == nil {
				t.Fatalf("loaded %d×%d with %d non-zeros", ds.N, ds.D, ds.NNZ())
			}
			var pe *libsvm.ParseError
			if !errors.As(err, &pe) || !strings.Contains(err.Error(), h.Message) {
				t.Errorf("err = %v, want a *ParseError containing %q", err, h.Message)
			}
			var be *budget.Error
			if got := errors.As(err, &be); got != (h.Quantity >= 0) || got && be.Quantity != h.Quantity {
				t.Errorf("err = %v, want a budget error about %v: %v", err, h.Quantity, got)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > libsvmtest.MaxAllocFactor*uint64(libsvmtest.Budget) {
				t.Errorf("allocated %d bytes in all, more than %d× the budget %d", alloc, libsvmtest.MaxAllocFactor, libsvmtest.Budget)
			}
		})
	}
}
