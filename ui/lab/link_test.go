package lab

import (
	"errors"
	"strings"
	"testing"

	"imlab/ui/lab/internal/labtest"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

func TestOpenLinkAsksForTheFileThenRestores(t *testing.T) {
	h := newHarness(t)
	s := labtest.Small()
	s.Taus, s.Eps, s.Seed, s.MaxPasses = []int{1, 2}, 1e-6, 5, 40
	s.File = setup.RefOf("tiny.svm", []byte(goodFile))
	got, _, err := h.c.OpenLink("#" + s.Hash())
	if err != nil || got.File != s.File || got.MaxPasses != 40 {
		t.Fatalf("OpenLink: %+v, %v", got.File, err)
	}
	snap := h.c.Snapshot()
	if st := snap.Status(); snap.Data != nil || !strings.Contains(st, "choose tiny.svm") || !strings.Contains(st, s.File.Fingerprint) {
		t.Errorf("status %q, data %v: want it to ask for tiny.svm and no data", st, snap.Data)
	}
	// Run must not swap in preset data while the file is awaited.
	h.c.Run(got)
	if st := h.c.Snapshot(); st.Err == nil || st.Data != nil || !strings.Contains(st.Err.Error(), "tiny.svm") {
		t.Errorf("Run while awaiting the file: err %v, data %v", st.Err, st.Data)
	}
	h.c.LoadFile(source("tiny.svm", goodFile), got)
	ready := h.wait("file loaded", isPhase(Ready))
	if len(ready.Data.Warnings) != 0 || ready.Settings.Hash() != s.Hash() {
		t.Errorf("after choosing the file: warnings %q, link %q, want %q", ready.Data.Warnings, ready.Settings.Hash(), s.Hash())
	}
}

func TestOpenLinkWarnsOfAnotherFile(t *testing.T) {
	h := newHarness(t)
	s := labtest.Small()
	s.File = setup.RefOf("tiny.svm", []byte(goodFile))
	got, _, _ := h.c.OpenLink(s.Hash())
	other := strings.Replace(goodFile, "0.25", "0.5", 1)
	h.c.LoadFile(source("tiny.svm", other), got)
	ready := h.wait("file loaded", isPhase(Ready))
	if st := ready.Status(); !strings.Contains(st, "warning: tiny.svm is not the file the link was made with") {
		t.Errorf("status %q, want a fingerprint warning", st)
	}
	if ready.Settings.File.Fingerprint != setup.Fingerprint([]byte(other)) {
		t.Errorf("the link now names %+v, want the file loaded", ready.Settings.File)
	}
}

func TestOpenBadLinkKeepsData(t *testing.T) {
	h := newHarness(t)
	h.c.Generate(labtest.Small())
	before := h.wait("ready", isPhase(Ready))
	if _, _, err := h.c.OpenLink("n=abc"); !errors.Is(err, setup.ErrSettings) {
		t.Fatalf("OpenLink(n=abc) = %v", err)
	}
	after := h.c.Snapshot()
	if after.Data != before.Data || !strings.Contains(after.Status(), "Examples n") {
		t.Errorf("a bad link replaced the data or did not name the field: %q", after.Status())
	}
}

func TestRereadAppliesFileOptions(t *testing.T) {
	h := newHarness(t)
	s := labtest.Small()
	s.Bias = false
	h.c.LoadFile(source("tiny.svm", goodFile), s)
	if d := h.wait("loaded", isPhase(Ready)).Data.Stats.D; d != 3 {
		t.Fatalf("d = %d without bias, want 3", d)
	}
	s.Bias = true
	h.c.Reread(s)
	got := h.wait("re-read", func(sn *Snapshot) bool { return sn.Phase == Ready && sn.Data.Stats.D == 4 })
	if !got.Settings.Bias || got.Settings.File.Name != "tiny.svm" {
		t.Errorf("after Reread: bias %v, file %+v", got.Settings.Bias, got.Settings.File)
	}
}

func TestSingleLabelWarns(t *testing.T) {
	h := newHarness(t)
	h.c.LoadFile(source("one.svm", "3 1:1\n3 2:1\n3 1:2\n"), labtest.Small())
	got := h.wait("loaded", isPhase(Ready))
	if st := got.Status(); !strings.Contains(st, "warning: every example has label 3") {
		t.Errorf("status %q, want a warning naming label 3", st)
	}
}

func TestMultiClassNamesTheField(t *testing.T) {
	h := newHarness(t)
	h.c.LoadFile(source("three.svm", "1 1:1\n2 2:1\n3 1:2\n"), labtest.Small())
	got := h.wait("error", func(sn *Snapshot) bool { return sn.Err != nil })
	st := got.Status()
	var fe *setup.FieldError
	if !errors.As(got.Err, &fe) || fe.Field != setup.FieldPositiveClass || !strings.Contains(st, setup.Label(setup.FieldPositiveClass)) ||
		strings.Contains(st, "PositiveClass") || !strings.Contains(st, "1, 2, 3") {
		t.Errorf("status %q, want the classes and the field's label, not a Go name", st)
	}
}

func TestRereadAfterMultiClassError(t *testing.T) {
	h := newHarness(t)
	h.c.Generate(labtest.Small())
	h.wait("ready", isPhase(Ready))
	s := labtest.Small()
	h.c.LoadFile(source("three.svm", "1 1:1\n2 2:1\n3 1:2\n"), s)
	h.wait("error", func(sn *Snapshot) bool { return sn.Err != nil })
	s.PositiveClass = "2"
	h.c.Reread(s)
	got := h.wait("re-read", func(sn *Snapshot) bool { return sn.Phase == Ready && sn.Data.Source == worker.SourceFile })
	if got.Data.Stats.N != 3 || got.Settings.PositiveClass != "2" {
		t.Errorf("after entering the positive class: n = %d, pos %q", got.Data.Stats.N, got.Settings.PositiveClass)
	}
	// Once preset data replaces the file, the file options leave it alone.
	h.c.Generate(labtest.Small())
	h.wait("preset", func(sn *Snapshot) bool { return sn.Phase == Ready && sn.Data.Source == worker.SourcePreset })
	h.c.Reread(s)
	if sn := h.c.Snapshot(); sn.Phase != Ready || sn.Data.Source != worker.SourcePreset {
		t.Errorf("Reread after a preset: phase %v, source %v", sn.Phase, sn.Data.Source)
	}
}
