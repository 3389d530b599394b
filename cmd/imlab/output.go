package main

import (
	"bufio"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// writeFile writes through fill to path, gzipping when path ends in .gz. It
// never changes what path is:
//
//   - a regular file, or a name not yet taken, is written atomically: into
//     a temporary file beside it, renamed over path once complete, so that
//     a failed or interrupted write leaves the old file (or none), never a
//     truncated one; an existing file keeps its permissions, a new one gets
//     0666 less the umask, as the shell's > gives;
//   - a symbolic link is followed, as cp and gzip do, and its target is
//     written as above: the link stays a link;
//   - a device, FIFO or socket (/dev/null, a pipe) is opened for writing
//     and written straight through.
//
// Every command that writes a file writes it through here.
func writeFile(ctx context.Context, path string, fill func(io.Writer) error) error {
	target, err := followLinks(path)
	if err != nil {
		return err
	}
	info, err := os.Stat(target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return writeAtomic(ctx, path, target, 0, false, fill)
	case err != nil:
		return err
	case info.IsDir():
		return fmt.Errorf("%s: is a directory", path)
	case info.Mode().IsRegular():
		if err := checkWritable(target); err != nil {
			return err // a read-only file stays so, as under the shell's >
		}
		return writeAtomic(ctx, path, target, info.Mode().Perm(), true, fill)
	}
	f, err := os.OpenFile(target, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	err = writeThrough(ctx, path, f, fill)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// checkWritable returns the error opening path for writing gives, without
// writing: a rename would replace a file its owner made read-only.
func checkWritable(path string) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	return f.Close()
}

// maxLinkHops bounds followLinks, as the kernel's ELOOP does.
const maxLinkHops = 40

// followLinks resolves path through symbolic links, however many and
// wherever they point, to the name to write; a link to a name not yet
// taken resolves to that name, which writeFile then creates. A path that
// is no link resolves to itself.
func followLinks(path string) (string, error) {
	for range maxLinkHops {
		info, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) || err == nil && info.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		if err != nil {
			return "", err
		}
		dest, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(path), dest)
		}
		path = dest
	}
	return "", fmt.Errorf("%s: more than %d symbolic links in a row", path, maxLinkHops)
}

// writeAtomic writes fill's output to a temporary file beside target and
// renames it to target once complete; path is the name the user gave, for
// the gzip rule. A new file is created with 0666 less the umask; an
// existing one (exists) keeps perm.
func writeAtomic(ctx context.Context, path, target string, perm fs.FileMode, exists bool, fill func(io.Writer) error) (err error) {
	f, err := createTemp(target, perm, exists)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err := writeThrough(ctx, path, f, fill); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return os.Rename(f.Name(), target)
}

// createTemp creates a new, hidden file beside target to be renamed to it.
// os.CreateTemp is not used: its 0600 would need a chmod, and the mode a
// new file should get (0666 less the umask) can be known only by letting
// the kernel apply the umask at creation.
func createTemp(target string, perm fs.FileMode, exists bool) (*os.File, error) {
	mode := fs.FileMode(0o666)
	if exists {
		mode = perm
	}
	for try := 0; ; try++ {
		name := filepath.Join(filepath.Dir(target), "."+filepath.Base(target)+"."+strconv.FormatUint(rand.Uint64(), 36)+".tmp")
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
		if errors.Is(err, fs.ErrExist) && try < 100 {
			continue
		}
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, &fs.PathError{Op: "create", Path: target, Err: pe.Err} // not the hidden name
		}
		if err != nil {
			return nil, err
		}
		if exists { // the umask may have cleared bits the file had
			if err := f.Chmod(perm); err != nil {
				f.Close()
				os.Remove(name)
				return nil, err
			}
		}
		return f, nil
	}
}

// writeThrough runs fill into f through a buffer, gzipping when path ends
// in .gz, and stops when ctx ends.
func writeThrough(ctx context.Context, path string, f *os.File, fill func(io.Writer) error) error {
	bw := bufio.NewWriterSize(ctxWriter{ctx, f}, 1<<20)
	var w io.Writer = bw
	var gz *gzip.Writer
	if strings.HasSuffix(path, ".gz") {
		gz = gzip.NewWriter(bw)
		w = gz
	}
	if err := fill(w); err != nil {
		return err
	}
	if gz != nil {
		if err := gz.Close(); err != nil {
			return err
		}
	}
	return bw.Flush()
}
