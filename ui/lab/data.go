package lab

import (
	"errors"
	"fmt"
	"io"
	"math"
	"slices"

	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// maxFileBytes is the largest file LoadFile opens: half the page's Budget.
// The file's bytes stay in memory beside the data set built from them (so
// that Reread can apply other options at once), and count against the
// budget with it. A larger file is refused at once, unread; a smaller one,
// compressed or not, is parsed under what the budget has left, which counts
// its decompressed text, examples, features and non-zeros as they come.
const maxFileBytes = int64(setup.Budget) / 2

// errFileTooLarge reports a file over maxFileBytes.
var errFileTooLarge = errors.New("file larger than the memory budget")

// errSuperseded aborts a read when a newer action replaced the task.
var errSuperseded = errors.New("superseded by a newer action")

// FileSource is a file the user chose, not yet read.
type FileSource struct {
	Name string
	Size int64
	// Open returns the file's bytes as a stream; it may block the calling
	// goroutine (the browser reads the file asynchronously).
	Open func() (io.Reader, error)
}

// Generate makes the preset data of s and shows its statistics; results of
// earlier runs are cleared.
func (c *Controller) Generate(s setup.Settings) {
	c.mu.Lock()
	defer c.notify()
	defer c.mu.Unlock()
	if err := s.Validate(); err != nil {
		c.err = err
		c.changedLocked()
		return
	}
	c.err = nil
	c.startLocked(func(t *task) error { return c.generate(t, s) })
}

// LoadFile reads a LIBSVM file (plain, gzip or bzip2) with the Bias and
// PositiveClass options of s. A file over maxFileBytes is refused at once,
// unread; a file that fails to parse leaves the data and plots as they were.
// The raw bytes are kept, so that Reread can apply other options at once
// (until preset data replaces the file).
// While a link's file is awaited (AwaitFile), the file chosen is checked
// against the link's fingerprint, and a mismatch is reported as a warning.
func (c *Controller) LoadFile(f FileSource, s setup.Settings) {
	c.mu.Lock()
	defer c.notify()
	defer c.mu.Unlock()
	if f.Size > maxFileBytes {
		c.err = fmt.Errorf("%s: %w: %.1f MiB, the limit is %d MiB (half the page's budget of %v: the file is held beside its data)",
			f.Name, errFileTooLarge, float64(f.Size)/(1<<20), maxFileBytes>>20, setup.Budget)
		c.changedLocked()
		return
	}
	c.err = nil
	want := c.awaited
	c.startLocked(func(t *task) error {
		if _, ok := c.beginLoad(t); !ok {
			return nil
		}
		raw, err := readAll(f)
		if err != nil {
			return err
		}
		h := setup.NewFileHash(f.Name, raw) // a large file's hash lets the page paint
		if err := t.steps(h); err != nil {
			return err // superseded: the newer action owns the status
		}
		ref := h.Ref()
		c.mu.Lock()
		if t.aliveLocked() { // kept even if it fails to parse: other options may read it
			c.file = &fileBytes{ref: ref, raw: raw}
		}
		c.mu.Unlock()
		return c.parseFile(t, ref, raw, s, want)
	})
}

// fileBytes is the last file read, kept for Reread.
type fileBytes struct {
	ref     setup.FileRef
	raw     []byte
	gallery string // the gallery set the bytes are (GallerySet.Name); "" for a file of the user's
}

// Reread parses the bytes of the last file read again with the Bias and
// PositiveClass of s (the user changed them), whether that file is the data
// in use or failed to load (a multi-class file waiting for its positive
// class); it does nothing once preset data replaced the file.
func (c *Controller) Reread(s setup.Settings) {
	c.mu.Lock()
	defer c.notify()
	defer c.mu.Unlock()
	if c.file == nil {
		return
	}
	if err := s.Validate(); err != nil {
		c.err = err
		c.changedLocked()
		return
	}
	c.err = nil
	ref, raw, gallery := c.file.ref, c.file.raw, c.file.gallery
	c.startLocked(func(t *task) error {
		if _, ok := c.beginLoad(t); !ok {
			return nil
		}
		if gallery != "" {
			return c.parseGallery(t, ref, raw, s, gallery)
		}
		return c.parseFile(t, ref, raw, s, setup.FileRef{})
	})
}

// AwaitFile shows the settings s of a link to a run on a file: the data
// and results are cleared (they were not made from that file) and the
// status asks for the file by name until LoadFile is given one.
func (c *Controller) AwaitFile(s setup.Settings) {
	c.mu.Lock()
	c.gen++ // supersede any work in progress
	c.paused, c.stepping = false, false
	c.closeRunLocked()
	c.ds, c.rows, c.data, c.file, c.err = nil, nil, nil, nil, nil
	c.runID++
	c.lambda, c.pstar = math.NaN(), math.NaN()
	c.settings, c.awaited = s, s.File
	c.phase = Empty
	c.changedLocked()
	c.mu.Unlock()
	c.notify()
}

// readAll reads the whole file: the raw bytes are kept for Reread and
// fingerprinted for links.
func readAll(f FileSource) ([]byte, error) {
	r, err := f.Open()
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

func (c *Controller) beginLoad(t *task) (prev Phase, ok bool) {
	c.mu.Lock()
	defer c.notify()
	defer c.mu.Unlock()
	if !t.aliveLocked() {
		return 0, false
	}
	prev = c.phase
	c.phase = Loading
	c.changedLocked()
	return prev, true
}

func (c *Controller) generate(t *task, s setup.Settings) error {
	s.Data = ""
	return c.load(t, worker.DataSpec{Preset: s}, s, setup.FileRef{}, setup.FileRef{})
}

// parseFile parses raw, the bytes of the file ref, and installs the data.
// want, if it names a file, is the file a link asked for.
func (c *Controller) parseFile(t *task, ref setup.FileRef, raw []byte, s setup.Settings, want setup.FileRef) error {
	s.File, s.Data = ref, ""
	return c.load(t, worker.DataSpec{File: raw, Name: ref.Name, Bias: s.Bias, PositiveClass: s.PositiveClass}, s, ref, want)
}

// load builds the data of spec, in a worker if the page has them
// (loadOnWorker) or else here, and installs it with the settings s; ref is
// the file read (for a file), want the file a link asked for, if any.
func (c *Controller) load(t *task, spec worker.DataSpec, s setup.Settings, ref, want setup.FileRef) error {
	if _, ok := c.beginLoad(t); !ok {
		return nil
	}
	// A worker is sent the data at once (its load need not wait for this
	// thread's paint, and the page's first paint is long: docs/ready.md);
	// the "loading" status paints while the page waits for it.
	var ld *worker.Loaded
	var rows *pendingRows
	err := c.onWorkers(false, func(h worker.Host) (err error) {
		ld, rows, err = c.loadOnWorker(t, spec, h)
		return err
	})
	if errors.Is(err, errSuperseded) {
		return nil // a newer action owns the status
	}
	if err != nil {
		return err
	}
	if spec.File != nil {
		ld.Info.File, ld.Info.Gallery = ref, s.Data
		if want.Name != "" && !want.Matches(ref) {
			ld.Info.Warnings = append([]string{fmt.Sprintf("%s is not the file the link was made with (%d bytes, fingerprint %s; this one: %d bytes, %s): its results may differ",
				ref.Name, want.Size, want.Fingerprint, ref.Size, ref.Fingerprint)}, ld.Info.Warnings...)
		}
	}
	c.install(t, ld, rows, s)
	if c.env.Shown != nil {
		c.env.Shown()
	}
	c.prepareRun(t)
	if rows != nil { // the rows ready did not wait for: after the frame that shows the data
		c.env.Frame()
		c.env.Yield()
		return c.awaitRows()
	}
	return nil
}

// install makes ld the data (rows: its rows still to come, if not nil),
// shown with the settings s; earlier results are cleared.
func (c *Controller) install(t *task, ld *worker.Loaded, rows *pendingRows, s setup.Settings) {
	c.mu.Lock()
	if !t.aliveLocked() {
		c.mu.Unlock()
		return
	}
	c.closeRunLocked()
	c.ds, c.rows, c.data = ld.Data, rows, ld.Info
	c.runID++
	c.lambda, c.pstar = math.NaN(), math.NaN()
	if ld.Info.Source == worker.SourcePreset {
		c.dataFrom, c.file = s, nil
	}
	c.settings, c.awaited = s, setup.FileRef{}
	c.settings.Taus = slices.Clone(s.Taus)
	c.phase = Ready
	c.changedLocked()
	c.mu.Unlock()
	c.notify()
}
