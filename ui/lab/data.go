package lab

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"imlab/core/dataset"
	"imlab/core/libsvm"
	"imlab/core/problem"
	"imlab/core/synth"
	"imlab/core/table"
)

// MaxFileBytes is the memory budget for an uploaded file (256 MiB),
// checked against the file's size before anything is read: the page holds
// the file's bytes and the parsed data set (12 bytes per non-zero) at once.
// A compressed file counts at its compressed size.
const MaxFileBytes = 256 << 20

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
func (c *Controller) LoadFile(f FileSource, s Settings) {
	c.mu.Lock()
	defer c.notify()
	defer c.mu.Unlock()
	if f.Size > MaxFileBytes {
		c.err = fmt.Errorf("%s: %w: %.1f MiB, the budget is %d MiB", f.Name, ErrFileTooLarge,
			float64(f.Size)/(1<<20), MaxFileBytes>>20)
		c.changedLocked()
		return
	}
	c.err = nil
	c.startLocked(func(t *task) error { return c.loadFile(t, f, s) })
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
	ds, err := synth.GenerateYield(s.Synth(), t.pacer())
	if err != nil {
		return err
	}
	name := fmt.Sprintf("%s norms, %s (ω' = %s), n = %s, d = %s, seed %d", LawName(s.Norms),
		densityName(s.Density), table.Float(s.Density), thousands(s.N), thousands(s.D), s.DataSeed)
	c.install(t, ds, "preset", name, s)
	return nil
}

func (c *Controller) loadFile(t *task, f FileSource, s Settings) error {
	if _, ok := c.beginLoad(t); !ok {
		return nil
	}
	r, err := f.Open()
	if err != nil {
		return err
	}
	yr := &yieldingReader{r: r, t: t, now: c.env.Now, every: c.env.SliceTarget, last: c.env.Now()}
	ds, err := libsvm.Read(yr, libsvm.Options{Bias: s.Bias, PositiveClass: s.PositiveClass, Name: f.Name})
	if errors.Is(err, errSuperseded) {
		return nil
	}
	if err != nil {
		return err
	}
	name := f.Name
	if s.Bias {
		name += " (with bias feature)"
	}
	c.install(t, ds, "file", name, s)
	return nil
}

// install makes ds the data set; earlier results are cleared.
func (c *Controller) install(t *task, ds *dataset.Dataset, source, name string, s Settings) {
	info := &DataInfo{Source: source, Name: name, Stats: ds.Summarize(), DefaultLambda: problem.DefaultLambda(ds)}
	info.Norms = ds.SquaredNorms()
	info.Hist = dataset.NewHistogram(info.Norms, HistogramBins)
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
	if source == "preset" {
		c.dataFrom = s
		c.settings = s
	} else {
		c.settings.Bias, c.settings.PositiveClass = s.Bias, s.PositiveClass
	}
	c.settings.Taus = append([]int(nil), c.settings.Taus...)
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
	if l, err := synth.ParseLaw(law); err == nil {
		return LawLabel(l)
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
