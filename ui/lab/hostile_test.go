package lab

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"imlab/core/libsvm/libsvmtest"
	"imlab/ui/lab/internal/labtest"
	"imlab/ui/lab/setup"
)

// TestHostileFilesKeepData loads every file of the reader's hostile
// catalogue under its small budget: each is refused with its message, and
// the data set already loaded stays.
func TestHostileFilesKeepData(t *testing.T) {
	h := newHarness(t)
	h.c.env.Budget = libsvmtest.Budget
	s := labtest.Small()
	s.Bias = false // the catalogue's messages count no bias feature
	h.c.Generate(s)
	before := h.wait("ready", isPhase(Ready))
	for _, hf := range libsvmtest.Catalogue() {
		data := hf.Data
		h.c.LoadFile(FileSource{Name: hf.Name, Size: int64(len(data)), Open: func() (io.Reader, error) {
			return bytes.NewReader(data), nil
		}}, s)
		after := h.wait("refusal", func(sn *Snapshot) bool { return sn.Err != nil || sn.Phase == Ready && sn.Data != before.Data })
		if after.Err == nil || !strings.Contains(after.Status(), hf.Message) {
			t.Errorf("%s: status %q, want an error containing %q", hf.Name, after.Status(), hf.Message)
		}
		if after.Data != before.Data || after.Phase != Ready {
			t.Errorf("%s: the refused file replaced the data (phase %v)", hf.Name, after.Phase)
		}
	}
}

// TestHostileLinks checks the links of issue 7: each is refused with a
// message naming the field, or generates within budget with yields in
// proportion to its work, so that Reset acts at once.
func TestHostileLinks(t *testing.T) {
	for _, tc := range []struct {
		link  string
		field string // "" = valid
	}{
		{"#n=400000000&d=1&density=1e-7", "Examples n: memory budget exceeded"},
		{"#n=2&d=2000000000&density=1e-9", "Features d: memory budget exceeded"},
		{"#n=1000000&d=1000&density=0.9", "Density ω': memory budget exceeded"},
		{"#n=2&d=4294967296&density=0.5", "Features d: synth: invalid configuration"},
		{"#n=20000&d=1000000&density=0.00001", ""},
	} {
		s, err := setup.ParseHash(tc.link, setup.DefaultSettings())
		if tc.field != "" {
			if !errors.Is(err, setup.ErrSettings) || !strings.Contains(err.Error(), tc.field) {
				t.Errorf("%s: err = %v, want the budget refusing %q", tc.link, err, tc.field)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.link, err)
		}
		h := newHarness(t)
		h.c.env.SliceTarget = time.Nanosecond // every yield of the generator is a checkpoint
		h.c.Generate(s)
		ready := h.wait("generated", isPhase(Ready))
		if ready.Err != nil || ready.Data.Stats.N != s.N || ready.Data.Stats.D != s.D {
			t.Fatalf("%s: %v, %+v", tc.link, ready.Err, ready.Data)
		}
		perYield := ready.Data.Stats.NNZ / int(max(1, h.yields.Load()))
		if y := h.yields.Load(); y < 10 || perYield > 1<<16 {
			t.Errorf("%s: %d yields for %d rows and %d non-zeros", tc.link, y, s.N, ready.Data.Stats.NNZ)
		}

		// Reset during generation stops it at its next yield.
		h = newHarness(t)
		h.c.env.SliceTarget = time.Nanosecond
		var once sync.Once
		reset := make(chan int64, 1)
		h.setOnYield(func(n int64) {
			if n == 3 {
				once.Do(func() { h.c.Reset(); reset <- n })
			}
		})
		h.c.Generate(s)
		<-reset
		time.Sleep(20 * time.Millisecond) // let a runaway generator show itself
		if y := h.yields.Load(); y > 4 {
			t.Errorf("%s: %d yields after Reset at yield 3", tc.link, y)
		}
		if sn := h.c.Snapshot(); sn.Data != nil || sn.Err != nil {
			t.Errorf("%s: after Reset: data %v, err %v", tc.link, sn.Data != nil, sn.Err)
		}
	}
}
