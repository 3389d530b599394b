package worker

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"

	"imlab/core/budget"
	"imlab/core/dataset"
	"imlab/core/libsvm"
	"imlab/core/problem"
	"imlab/core/synth"
	"imlab/core/table"
	"imlab/ui/lab/setup"
)

// DataSpec is everything needed to build the page's data anywhere: a
// preset's settings, generated bit for bit, or a file's bytes, parsed with
// the same options. The page hands it to a worker (which loads it for the
// page, or for its own jobs), or loads it itself where workers cannot start.
type DataSpec struct {
	Preset setup.Settings // the settings that generate the preset (when File is nil)
	File   []byte         // the file's raw bytes; nil for a preset
	Name   string         // the file's name, for errors
	// The file options, as the page reads the file with.
	Bias          bool
	PositiveClass string
	// Return asks a worker to send the data back once loaded (MsgLoaded,
	// then its rows in MsgRows): the page's own copy, for its views and
	// plans; otherwise the worker only says MsgReady and keeps the data
	// for its jobs.
	Return bool
}

// PreloadFor is the data a page opened on hash will ask its first worker
// for: the preset its link names, or nil for a link that names a file,
// that keeps the page off workers (workers=main) or that the page would
// refuse. The page's loader hands the link to that
// worker when it starts it (Env.Preload), so that generating overlaps
// the page's own start.
func PreloadFor(hash string) *DataSpec {
	s, t, err := setup.PageSettings(hash, setup.DefaultSettings())
	if err != nil || s.File.Name != "" || t.Workers == setup.WorkersNone {
		return nil
	}
	return &DataSpec{Preset: s}
}

// samePreset reports whether d and e are the same preset (a preset's data
// depends on its generator's settings only).
func (d DataSpec) samePreset(e DataSpec) bool {
	return d.File == nil && e.File == nil && setup.SameData(d.Preset, e.Preset)
}

// Loaded is data built from a DataSpec, with what the page shows of it.
type Loaded struct {
	Data *dataset.Dataset
	Info *DataInfo // File and the link's warnings are the page's to fill
	// Rows, if not nil, copies Data's rows (RowPtr, Col, Val, Y) in from
	// the worker's MsgRows as it came: the copy (~10 MB by default) waits
	// until the page needs the rows (Controller.rowsLocked).
	Rows func()
}

// dataLoad is the building of a DataSpec's data and what the page shows of
// it, a step at a time (a stepper): a step generates the next block of a
// preset, or parses the next piece of a file. Where it runs, that is all
// the solver-side work of loading: generating, or parsing, and the
// statistics the page shows. The parser pulls its input, so a file's steps
// are its reads (iter.Pull turns them into steps). A worker steps it
// (worker.steps).
type dataLoad struct {
	next func() (struct{}, bool)
	stop func()
	ld   *Loaded
	err  error
}

// Load builds d's data under b at once.
func (d DataSpec) Load(b budget.Budget) (*Loaded, error) {
	return d.load(b, func() bool { return true })
}

// loading starts the building of d's data under b, a step at a time. Stop
// ends it early.
func (d DataSpec) loading(b budget.Budget) *dataLoad {
	l := &dataLoad{}
	l.next, l.stop = iter.Pull(func(step func(struct{}) bool) {
		l.ld, l.err = d.load(b, func() bool { return step(struct{}{}) })
	})
	return l
}

// Step does the next step and reports whether the data is built, or why
// it cannot be.
func (l *dataLoad) Step() (done bool, err error) {
	if _, more := l.next(); more {
		return false, nil
	}
	return true, l.err
}

// Stop abandons the load, if it has not ended; Step then reports
// errStopped.
func (l *dataLoad) Stop() { l.stop() }

// Loaded is the data, once Step has reported done without an error.
func (l *dataLoad) Loaded() *Loaded { return l.ld }

// load builds the data, calling step between its steps (a preset's
// blocks, a file's reads); a false answer abandons it (errStopped).
func (d DataSpec) load(b budget.Budget, step func() bool) (*Loaded, error) {
	var ds *dataset.Dataset
	var err error
	var in installed
	if d.File == nil {
		s := d.Preset
		cfg := s.Synth()
		cfg.Budget = b
		ds, err = generate(cfg, step)
		if errors.Is(err, errStopped) {
			return nil, err
		}
		in = installed{source: SourcePreset, name: fmt.Sprintf("%s norms, %s (ω' = %s), n = %s, d = %s, seed %d",
			s.Norms.Label(), densityName(s.Density), table.Float(s.Density), table.Thousands(s.N), table.Thousands(s.D), s.DataSeed)}
	} else {
		// The raw bytes are held while the data set is built: they count
		// against the budget too.
		opt := libsvm.Options{Bias: d.Bias, PositiveClass: d.PositiveClass, Name: d.Name,
			Budget: max(b-budget.Budget(len(d.File)), 1)}
		var classes libsvm.Classes
		ds, classes, err = libsvm.ReadClasses(&steppedReader{r: bytes.NewReader(d.File), step: step}, opt)
		if err == nil {
			in = installed{source: SourceFile, name: d.Name}
			if d.Bias {
				in.name += " (with bias feature)"
			}
			if w := singleLabelWarning(classes); w != "" {
				in.warnings = append(in.warnings, w)
			}
		} else if !errors.Is(err, errStopped) {
			err = classFieldError(d.Name, err)
		}
	}
	if err != nil {
		return nil, err
	}
	return &Loaded{Data: ds, Info: describe(ds, in)}, nil
}

// describe is what the page shows of ds.
func describe(ds *dataset.Dataset, in installed) *DataInfo {
	norms := ds.SquaredNorms() // once: the statistics are made of them
	st := ds.SummarizeNorms(norms)
	info := &DataInfo{Source: in.source, Name: in.name, Warnings: in.warnings,
		Stats: st, DefaultLambda: problem.DefaultLambdaOf(st), Norms: norms}
	info.Hist = dataset.NewHistogram(info.Norms, histogramBins)
	return info
}

// generate builds cfg's data set a step of the generator at a time,
// calling step between steps; a false answer abandons it (errStopped).
func generate(cfg synth.Config, step func() bool) (*dataset.Dataset, error) {
	g, err := synth.NewGenerator(cfg)
	if err != nil {
		return nil, err
	}
	for {
		if done, err := g.Step(); err != nil {
			return nil, err
		} else if done {
			return g.Dataset(), nil
		}
		if !step() {
			return nil, errStopped
		}
	}
}

// steppedReader makes each read of a file's parser a step (Loading): Read
// calls step before it reads; a false answer stops the read with
// errStopped.
type steppedReader struct {
	r    io.Reader
	step func() bool
}

func (y *steppedReader) Read(p []byte) (int, error) {
	if !y.step() {
		return 0, errStopped
	}
	return y.r.Read(p)
}
