package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"imlab/core/dataset"
	"imlab/core/libsvm"
	"imlab/core/synth"
)

func runGen(args []string, e *env) error {
	fs := newFlags("gen")
	cfg := synth.Config{Norms: synth.Norms{Paper: synth.ChiSq1Law}}
	fs.TextVar(&cfg.Norms, "dist", cfg.Norms, "norm law: "+strings.Join(synth.PaperLawNames(), ", ")+", or chisq:k or extreme:w")
	fs.IntVar(&cfg.N, "n", 10000, "number of examples")
	fs.IntVar(&cfg.D, "d", 1000, "number of features")
	fs.Float64Var(&cfg.Density, "density", 0.8, "mean feature density ω' in (0, 1]")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "random seed")
	var mem memFlag
	mem.register(fs)
	out := fs.String("o", "-", "output `file` (- for stdout; a .gz name is gzipped)")
	if err := parse(fs, args, e); err != nil {
		return err
	}
	cfg.Budget = mem.b
	if err := cfg.Check(); err != nil {
		if pe, ok := errors.AsType[*synth.ParamError](err); ok {
			return fmt.Errorf("%s: %w: %w", genFlags[pe.Param], err, errUsage)
		}
		return fmt.Errorf("%w (raise -mem or lower -n, -d, -density): %w", err, errUsage)
	}
	ds, err := synth.GenerateContext(e.ctx, cfg)
	if errors.Is(err, synth.ErrCanceled) {
		return err
	}
	if err != nil {
		return fmt.Errorf("%w: %w", err, errUsage)
	}
	// Readers under the same -mem must accept every line. (A row's values
	// need as many features, which the budget prices at 144 bytes each, so
	// lines stay under 36/168 of the budget, inside the reader's quarter;
	// this check keeps that so if the constants change.)
	if longest, limit := libsvm.MaxWrittenLineBytes(maxRowNNZ(ds)), mem.b.LineBytes(); longest > limit {
		return fmt.Errorf("lines of up to %d bytes exceed the %d-byte line limit of a reader under -mem %v: %w",
			longest, limit, mem.b, errUsage)
	}
	write := func(w io.Writer) error { return libsvm.Write(ctxWriter{e.ctx, w}, ds) }
	if *out == "-" {
		w := bufio.NewWriter(e.stdout)
		if err := write(w); err != nil {
			return err
		}
		return w.Flush()
	}
	return writeFile(e.ctx, *out, write)
}

// genFlags are gen's flags for the generator's parameters.
var genFlags = map[synth.Param]string{
	synth.ParamN: "-n", synth.ParamD: "-d", synth.ParamDensity: "-density", synth.ParamNorms: "-dist",
}

// maxRowNNZ is the largest number of values in one example of ds.
func maxRowNNZ(ds *dataset.Dataset) int {
	m := 0
	for i := 0; i < ds.N; i++ {
		m = max(m, ds.RowPtr[i+1]-ds.RowPtr[i])
	}
	return m
}
