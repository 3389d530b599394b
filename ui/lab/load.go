package lab

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"time"

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
// worker when it starts it (WorkerEnv.Preload), so that generating overlaps
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
	// rows, if not nil, are Data's rows still to come from the worker that
	// loaded it (loadOnWorker): the page is ready without them
	// (docs/ready.md, "Tenth session").
	rows *pendingRows
}

// Load builds the data under b and describes it. yield is called every few
// milliseconds of work (every, by now), and a false answer abandons the
// load (errSuperseded), as does the end of ctx. Where it runs, that is all
// the solver-side work of loading: generating, or parsing, and the
// statistics the page shows.
func (d DataSpec) Load(ctx context.Context, b budget.Budget, yield func() bool, now func() time.Duration, every time.Duration) (*Loaded, error) {
	t0 := now()
	paced := pace(now, every, yield)
	var ds *dataset.Dataset
	var err error
	var in installed
	if d.File == nil {
		s := d.Preset
		cfg := s.Synth()
		cfg.Budget = b
		ds, err = generate(ctx, cfg, paced)
		if errors.Is(err, errSuperseded) {
			return nil, err
		}
		in = installed{source: SourcePreset, name: fmt.Sprintf("%s norms, %s (ω' = %s), n = %s, d = %s, seed %d",
			s.Norms.Label(), densityName(s.Density), table.Float(s.Density), thousands(s.N), thousands(s.D), s.DataSeed)}
	} else {
		// The raw bytes are held while the data set is built: they count
		// against the budget too.
		opt := libsvm.Options{Bias: d.Bias, PositiveClass: d.PositiveClass, Name: d.Name,
			Budget: max(b-budget.Budget(len(d.File)), 1)}
		var classes libsvm.Classes
		ds, classes, err = libsvm.ReadClasses(&yieldingReader{r: bytes.NewReader(d.File), yield: paced}, opt)
		if err == nil {
			in = installed{source: SourceFile, name: d.Name}
			if d.Bias {
				in.name += " (with bias feature)"
			}
			if w := singleLabelWarning(classes); w != "" {
				in.warnings = append(in.warnings, w)
			}
		} else if !errors.Is(err, errSuperseded) {
			err = classFieldError(d.Name, err)
		}
	}
	if err != nil {
		return nil, err
	}
	info := describe(ds, in)
	info.LoadTime = now() - t0
	return &Loaded{Data: ds, Info: info}, nil
}

// describe is what the page shows of ds.
func describe(ds *dataset.Dataset, in installed) *DataInfo {
	norms := ds.SquaredNorms() // once: the statistics are made of them
	st := ds.SummarizeNorms(norms)
	info := &DataInfo{Source: in.source, Name: in.name, Warnings: in.warnings,
		Stats: st, DefaultLambda: problem.DefaultLambdaOf(st), Norms: norms}
	info.Hist = dataset.NewHistogram(info.Norms, HistogramBins)
	return info
}

// pace returns a yield that calls yield only once every has passed since
// its last call, and otherwise answers true (go on) at once.
func pace(now func() time.Duration, every time.Duration, yield func() bool) func() bool {
	last := now()
	return func() bool {
		if now()-last < every {
			return true
		}
		ok := yield()
		last = now()
		return ok
	}
}

// generate builds cfg's data set a step at a time, calling paced between
// steps; a false answer or the end of ctx abandons it (errSuperseded).
func generate(ctx context.Context, cfg synth.Config, paced func() bool) (*dataset.Dataset, error) {
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
		if !paced() || ctx.Err() != nil {
			return nil, errSuperseded
		}
	}
}

// yieldingReader lets the host breathe while a file is parsed: the parser
// pulls its input through Read, and Read yields whenever a slice's worth of
// time has passed since the last yield (see pace); a false answer stops the
// read with errSuperseded.
type yieldingReader struct {
	r     io.Reader
	yield func() bool
}

func (y *yieldingReader) Read(p []byte) (int, error) {
	if !y.yield() {
		return 0, errSuperseded
	}
	return y.r.Read(p)
}
