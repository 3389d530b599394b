//go:build unix

package main

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// fillWith returns a fill function that writes text.
func fillWith(text string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, text); return err }
}

// readBack returns the content of path, failing the test if unreadable.
func readBack(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// noTemporaries fails if dir holds anything but the names given.
func noTemporaries(t *testing.T, dir string, want ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, ",") != strings.Join(want, ",") {
		t.Errorf("%s holds %v, want %v", dir, names, want)
	}
}

// TestWriteFileRegular writes a new file and replaces an existing 0600 one:
// the new gets 0666 less the umask, the old keeps 0600.
func TestWriteFileRegular(t *testing.T) {
	umask := syscall.Umask(0o022)
	syscall.Umask(umask)
	dir := t.TempDir()
	fresh := filepath.Join(dir, "new.svm")
	if err := writeFile(context.Background(), fresh, fillWith("+1 1:1\n")); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(fresh)
	if err != nil || info.Mode() != fs.FileMode(0o666&^umask) || readBack(t, fresh) != "+1 1:1\n" {
		t.Errorf("new file: %v, %v, want mode %v", info.Mode(), err, fs.FileMode(0o666&^umask))
	}

	secret := filepath.Join(dir, "secret.svm")
	if err := os.WriteFile(secret, []byte("old\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := writeFile(context.Background(), secret, fillWith("new\n")); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(secret); err != nil || info.Mode() != 0o600 || readBack(t, secret) != "new\n" {
		t.Errorf("existing 0600 file became %v (%v), content %q", info.Mode(), err, readBack(t, secret))
	}
	noTemporaries(t, dir, "new.svm", "secret.svm")
}

// TestWriteFileReadOnly leaves a read-only file as it is, as the shell's >
// does (root may write anything: skipped).
func TestWriteFileReadOnly(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root may write a read-only file")
	}
	path := filepath.Join(t.TempDir(), "ro.svm")
	if err := os.WriteFile(path, []byte("old\n"), 0o444); err != nil {
		t.Fatal(err)
	}
	if err := writeFile(context.Background(), path, fillWith("new\n")); !errors.Is(err, fs.ErrPermission) || readBack(t, path) != "old\n" {
		t.Errorf("read-only file: %v, content %q; want a permission error and the old content", err, readBack(t, path))
	}
}

// TestWriteFileFailureKeepsOld keeps the old content when the write fails.
func TestWriteFileFailureKeepsOld(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "data.svm")
	if err := os.WriteFile(path, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := writeFile(context.Background(), path, func(w io.Writer) error {
		io.WriteString(w, "half")
		return boom
	})
	if !errors.Is(err, boom) || readBack(t, path) != "old\n" {
		t.Errorf("failed write: %v, content %q; want boom and the old content", err, readBack(t, path))
	}
	noTemporaries(t, dir, "data.svm")
}

// TestWriteFileSymlink writes through links (a chain, relative and
// absolute, and one to a name not yet taken) to their targets: the links
// stay links, the targets get the content and keep their mode.
func TestWriteFileSymlink(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(sub, "target.svm")
	if err := os.WriteFile(target, []byte("old\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	hop := filepath.Join(sub, "hop")
	link := filepath.Join(dir, "link.svm")
	if err := os.Symlink("target.svm", hop); err != nil { // relative to sub
		t.Fatal(err)
	}
	if err := os.Symlink(hop, link); err != nil {
		t.Fatal(err)
	}
	if err := writeFile(context.Background(), link, fillWith("new\n")); err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{link, hop} {
		if info, err := os.Lstat(l); err != nil || info.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("%s is no longer a symbolic link (%v)", l, err)
		}
	}
	if info, err := os.Stat(target); err != nil || info.Mode() != 0o640 || readBack(t, target) != "new\n" {
		t.Errorf("target: mode %v (%v), content %q; want 0640 and the new content", info.Mode(), err, readBack(t, target))
	}
	noTemporaries(t, sub, "hop", "target.svm")

	dangling := filepath.Join(dir, "dangling")
	if err := os.Symlink("sub/created.svm", dangling); err != nil {
		t.Fatal(err)
	}
	if err := writeFile(context.Background(), dangling, fillWith("made\n")); err != nil {
		t.Fatal(err)
	}
	if got := readBack(t, filepath.Join(sub, "created.svm")); got != "made\n" {
		t.Errorf("dangling link's target holds %q", got)
	}
	if info, err := os.Lstat(dangling); err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("dangling link is no longer a link (%v)", err)
	}

	loop := filepath.Join(dir, "loop")
	if err := os.Symlink("loop", loop); err != nil {
		t.Fatal(err)
	}
	if err := writeFile(context.Background(), loop, fillWith("x")); err == nil || !strings.Contains(err.Error(), "symbolic links") {
		t.Errorf("link to itself: %v, want an error about symbolic links", err)
	}
}

// TestWriteFileFIFO writes into a named pipe that a goroutine reads: the
// pipe stays a pipe and the reader gets everything.
func TestWriteFileFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	text := strings.Repeat("+1 1:1 2:0.5\n", 100_000) // over a pipe's buffer
	got := make(chan string, 1)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		defer f.Close()
		b, _ := io.ReadAll(f)
		got <- string(b)
	}()
	if err := writeFile(context.Background(), fifo, fillWith(text)); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(fifo); err != nil || info.Mode()&fs.ModeNamedPipe == 0 {
		t.Fatalf("the FIFO became %v (%v)", info.Mode(), err) // and its reader waits forever
	}
	if s := <-got; s != text {
		t.Errorf("the reader got %d bytes, want %d", len(s), len(text))
	}
	noTemporaries(t, dir, "pipe")
}

// TestWriteFileDevice writes to /dev/null, which stays a character device
// (a rename over it would fail for want of rights in /dev, or as root
// replace it).
func TestWriteFileDevice(t *testing.T) {
	if _, err := os.Stat("/dev/null"); err != nil {
		t.Skip("no /dev/null")
	}
	if err := writeFile(context.Background(), "/dev/null", fillWith("+1 1:1\n")); err != nil {
		t.Fatalf("writing /dev/null: %v", err)
	}
	if info, err := os.Stat("/dev/null"); err != nil || info.Mode()&fs.ModeCharDevice == 0 {
		t.Errorf("/dev/null became %v (%v)", info.Mode(), err)
	}
	if err := writeFile(context.Background(), t.TempDir(), fillWith("x")); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("writing a directory: %v, want \"is a directory\"", err)
	}
}

// TestGenOutputPaths runs gen -o through a symbolic link and into
// /dev/null, end to end.
func TestGenOutputPaths(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "data.svm")
	if err := os.WriteFile(target, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.svm")
	if err := os.Symlink("data.svm", link); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{link, "/dev/null"} {
		if code, _, stderr := cli("gen", "-n", "20", "-d", "5", "-o", out); code != 0 {
			t.Fatalf("gen -o %s: status %d, %s", out, code, stderr)
		}
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("gen -o link replaced the link (%v)", err)
	}
	if info, err := os.Stat(target); err != nil || info.Mode() != 0o600 || strings.Count(readBack(t, target), "\n") != 20 {
		t.Errorf("the link's target: mode %v (%v), want 0600 and 20 rows", info.Mode(), err)
	}
}
