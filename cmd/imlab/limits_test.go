package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"imlab/core/libsvm/libsvmtest"
)

// TestMemFlag parses the sizes -mem accepts and refuses the others.
func TestMemFlag(t *testing.T) {
	for in, want := range map[string]int64{"1": 1, "512MiB": 512 << 20, "8GiB": 8 << 30, "1.5g": 3 << 29, "64kb": 64 << 10,
		"0.5KiB": 512, "1PiB": 1 << 50, "1024TiB": 1 << 50} {
		var m memFlag
		if err := m.Set(in); err != nil || int64(m.b) != want {
			t.Errorf("-mem %s = %d, %v; want %d", in, m.b, err, want)
		}
	}
	for _, in := range []string{"", "0", "0.5", "-1GiB", "lots", "1XB", "NaN", "2PiB", "1025TiB", "1_0GiB", "0x10GiB", "1e3"} {
		var m memFlag
		if err := m.Set(in); err == nil {
			t.Errorf("-mem %q accepted as %d", in, m.b)
		}
	}
	if kib, ok := memTotalKiB(strings.NewReader("MemFree: 10 kB\nMemTotal:  24683620 kB\n")); !ok || kib != 24683620 {
		t.Errorf("MemTotal = %d, %v", kib, ok)
	}
}

// TestGenAndReaderAgree writes rows of 40,000 values (lines of 1.1 MB, over
// the old 1 MiB line limit) and reads them back under the same -mem.
func TestGenAndReaderAgree(t *testing.T) {
	path := filepath.Join(t.TempDir(), "wide.svm")
	if code, _, stderr := cli("gen", "-n", "20", "-d", "50000", "-density", "0.8", "-mem", "64MiB", "-o", path); code != 0 {
		t.Fatalf("gen: exit %d: %s", code, stderr)
	}
	if code, out, stderr := cli("stats", "-data", path, "-mem", "64MiB"); code != 0 || !strings.Contains(out, "50000") {
		t.Fatalf("stats: exit %d: %s%s", code, out, stderr)
	}
}

// TestHostileFiles refuses the reader's hostile catalogue in every command
// that reads data, with exit status 1 and the catalogue's message.
func TestHostileFiles(t *testing.T) {
	dir := t.TempDir()
	for k, h := range libsvmtest.Catalogue() {
		path := filepath.Join(dir, strings.ReplaceAll(h.Name, " ", "-"))
		if err := os.WriteFile(path, h.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := []string{"stats", "theory", "optimum"}[k%3]
		code, out, stderr := cli(cmd, "-data", path, "-mem", "4MiB")
		if code != 1 || out != "" || !strings.Contains(stderr, h.Message) {
			t.Errorf("%s %s: exit %d, stdout %q, stderr %q; want exit 1 and %q", cmd, h.Name, code, out, stderr, h.Message)
		}
		// A file over the budget is refused with its remedy; others are not
		// told to raise it.
		if over := strings.Contains(stderr, "memory budget exceeded"); over != strings.Contains(stderr, "(raise -mem)") {
			t.Errorf("%s %s: stderr %q: over the budget %v, yet the remedy %v", cmd, h.Name, stderr, over, !over)
		}
	}
}

// cancelOn is a writer that cancels a context once its text contains a
// marker, so that a test interrupts a command at a known point.
type cancelOn struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	marker string
	cancel context.CancelFunc
}

func (c *cancelOn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.buf.Write(p)
	if strings.Contains(c.buf.String(), c.marker) {
		c.cancel()
	}
	return len(p), nil
}

// TestPaperInterruptedPrintsFinishedSeeds interrupts paper (one job at a
// time) as its second seed starts: it prints the table of seed 1 and exits
// 130. TestPaperJobsInterrupted does so with jobs running at once.
func TestPaperInterruptedPrintsFinishedSeeds(t *testing.T) {
	path := genFile(t, "extreme", 300, 8)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out bytes.Buffer
	stderr := &cancelOn{marker: "seed 2,", cancel: cancel}
	code := imlab([]string{"paper", "-data", path, "-tau", "1,2", "-eps", "1e-6", "-seeds", "3", "-jobs", "1"},
		&env{stdout: &out, stderr: stderr, ctx: ctx})
	recs := csvRecords(t, out.String())
	if code != exitInterrupt || len(recs) != 3 || !strings.Contains(stderr.buf.String(), "seeds 1 to 1") {
		t.Errorf("exit %d, stdout %q, stderr %q; want 130 and seed 1's table", code, out.String(), stderr.buf.String())
	}
}

// TestInterruptedGenLeavesNoFile sends SIGINT to a built imlab while it
// generates or writes a large file: it must exit 130 and leave nothing.
func TestInterruptedGenLeavesNoFile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "imlab")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	outDir := filepath.Join(dir, "out")
	if err := os.Mkdir(outDir, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "gen", "-n", "100000", "-d", "200", "-density", "0.8", "-o", filepath.Join(outDir, "big.svm.gz"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond) // let it start; the run takes several seconds
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(30 * time.Second): // a hang guard, not a timing assertion
		cmd.Process.Kill()
		t.Fatal("imlab gen did not stop on SIGINT")
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitInterrupt {
		t.Errorf("exit: %v, want status 130; stderr %q", err, stderr.String())
	}
	if left, _ := os.ReadDir(outDir); len(left) != 0 {
		t.Errorf("files left behind: %v", left)
	}
}
