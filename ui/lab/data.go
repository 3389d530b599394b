package lab

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"imlab/core/budget"
	"imlab/core/dataset"
	"imlab/core/libsvm"
	"imlab/core/problem"
	"imlab/core/synth"
	"imlab/core/table"
)

// MaxFileBytes is the largest file LoadFile opens: half the page's Budget.
// The file's bytes stay in memory beside the data set built from them (so
// that Reread can apply other options at once), and count against the
// budget with it. A larger file is refused at once, unread; a smaller one,
// compressed or not, is parsed under what the budget has left, which counts
// its decompressed text, examples, features and non-zeros as they come.
const MaxFileBytes = int64(Budget) / 2

// ErrFileTooLarge reports a file over MaxFileBytes.
var ErrFileTooLarge = errors.New("file larger than the memory budget")

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
func (c *Controller) Generate(s Settings) {
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
// PositiveClass options of s. A file over MaxFileBytes is refused at once,
// unread; a file that fails to parse leaves the data and plots as they were.
// The raw bytes are kept, so that Reread can apply other options at once
// (until preset data replaces the file).
// While a link's file is awaited (AwaitFile), the file chosen is checked
// against the link's fingerprint, and a mismatch is reported as a warning.
func (c *Controller) LoadFile(f FileSource, s Settings) {
	c.mu.Lock()
	defer c.notify()
	defer c.mu.Unlock()
	if f.Size > MaxFileBytes {
		c.err = fmt.Errorf("%s: %w: %.1f MiB, the limit is %d MiB (half the page's budget of %v: the file is held beside its data)",
			f.Name, ErrFileTooLarge, float64(f.Size)/(1<<20), MaxFileBytes>>20, Budget)
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
		ref := refOf(f.Name, raw, t.pacer()) // a large file's hash lets the page paint
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
	ref FileRef
	raw []byte
}

// Reread parses the bytes of the last file read again with the Bias and
// PositiveClass of s (the user changed them), whether that file is the data
// in use or failed to load (a multi-class file waiting for its positive
// class); it does nothing once preset data replaced the file.
func (c *Controller) Reread(s Settings) {
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
	ref, raw := c.file.ref, c.file.raw
	c.startLocked(func(t *task) error {
		if _, ok := c.beginLoad(t); !ok {
			return nil
		}
		return c.parseFile(t, ref, raw, s, FileRef{})
	})
}

// AwaitFile shows the settings s of a link to a run on a file: the data
// and results are cleared (they were not made from that file) and the
// status asks for the file by name until LoadFile is given one.
func (c *Controller) AwaitFile(s Settings) {
	c.mu.Lock()
	c.gen++ // supersede any work in progress
	c.paused, c.stepping = false, false
	c.wakeLocked()
	if c.exp != nil {
		c.closeExpLocked()
	}
	c.ds, c.data, c.file, c.exp, c.err, c.runErrs = nil, nil, nil, nil, nil, nil
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

func (c *Controller) generate(t *task, s Settings) error {
	if _, ok := c.beginLoad(t); !ok {
		return nil
	}
	if !t.checkpoint() { // let the "loading" status paint
		return nil
	}
	cfg := s.Synth()
	cfg.Budget = c.env.Budget
	ds, err := synth.GenerateContext(t.ctx, cfg, t.pacer())
	if errors.Is(err, synth.ErrCanceled) {
		return nil // superseded: a newer action owns the status
	}
	if err != nil {
		return err
	}
	name := fmt.Sprintf("%s norms, %s (ω' = %s), n = %s, d = %s, seed %d", LawName(s.Norms),
		densityName(s.Density), table.Float(s.Density), thousands(s.N), thousands(s.D), s.DataSeed)
	c.install(t, ds, installed{source: SourcePreset, name: name, settings: s})
	return nil
}

// parseFile parses raw, the bytes of the file ref, and installs the data.
// want, if it names a file, is the file a link asked for.
func (c *Controller) parseFile(t *task, ref FileRef, raw []byte, s Settings, want FileRef) error {
	// The raw bytes are held while the data set is built: they count
	// against the budget too.
	opt := libsvm.Options{Bias: s.Bias, PositiveClass: s.PositiveClass, Name: ref.Name,
		Budget: max(c.env.Budget-budget.Budget(len(raw)), 1)}
	yr := &yieldingReader{r: bytes.NewReader(raw), t: t, now: c.env.Now, every: c.env.SliceTarget, last: c.env.Now()}
	ds, err := libsvm.Read(yr, opt)
	if errors.Is(err, errSuperseded) {
		return nil
	}
	if err != nil {
		return classFieldError(ref.Name, err)
	}
	var warnings []string
	if want.Name != "" && !want.Matches(ref) {
		warnings = append(warnings, fmt.Sprintf("%s is not the file the link was made with (%d bytes, fingerprint %s; this one: %d bytes, %s): its results may differ",
			ref.Name, want.Size, want.Fingerprint, ref.Size, ref.Fingerprint))
	}
	if w := singleLabelWarning(ds, raw, opt); w != "" {
		warnings = append(warnings, w)
	}
	name := ref.Name
	if s.Bias {
		name += " (with bias feature)"
	}
	s.File = ref
	c.install(t, ds, installed{source: SourceFile, name: name, settings: s, warnings: warnings})
	return nil
}

// installed describes data about to be installed.
type installed struct {
	source   Source
	name     string
	settings Settings // the settings shown with the data
	warnings []string
}

// install makes ds the data set; earlier results are cleared.
func (c *Controller) install(t *task, ds *dataset.Dataset, in installed) {
	info := &DataInfo{Source: in.source, Name: in.name, File: in.settings.File, Warnings: in.warnings,
		Stats: ds.Summarize(), DefaultLambda: problem.DefaultLambda(ds)}
	info.Hist = dataset.NewHistogram(ds.SquaredNorms(), HistogramBins)
	c.mu.Lock()
	if !t.aliveLocked() {
		c.mu.Unlock()
		return
	}
	if c.exp != nil {
		c.closeExpLocked()
	}
	c.ds, c.data, c.exp, c.runErrs = ds, info, nil, nil
	c.runID++
	c.lambda, c.pstar = math.NaN(), math.NaN()
	if in.source == SourcePreset {
		c.dataFrom, c.file = in.settings, nil
	}
	c.settings, c.awaited = in.settings, FileRef{}
	c.settings.Taus = slices.Clone(in.settings.Taus)
	c.slicer.Reset()
	c.phase = Ready
	c.changedLocked()
	c.mu.Unlock()
	c.notify()
}

// yieldingReader lets the browser paint while a file is parsed: the parser
// pulls its input through Read, and Read yields whenever a slice's worth of
// time has passed since the last yield. It also stops a superseded read.
type yieldingReader struct {
	r     io.Reader
	t     *task
	now   func() time.Duration
	every time.Duration
	last  time.Duration
}

func (y *yieldingReader) Read(p []byte) (int, error) {
	if y.now()-y.last >= y.every {
		if !y.t.checkpoint() {
			return 0, errSuperseded
		}
		y.last = y.now()
	}
	return y.r.Read(p)
}

// LawName is how the UI names a norm law.
func LawName(law string) string {
	switch law {
	case "uniform":
		return "uniform"
	case "chisq1":
		return "χ²₁"
	case "chisq10":
		return "χ²₁₀"
	case "chisq100":
		return "χ²₁₀₀"
	case "extreme":
		return "extreme"
	}
	return strings.ToLower(law)
}

func densityName(d float64) string {
	switch d {
	case SparseDensity:
		return "sparse"
	case DenseDensity:
		return "dense"
	}
	return "density"
}
