package main

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strings"

	"imlab/core/libsvm"
	"imlab/core/synth"
)

func runGen(args []string, e *env) error {
	fs := newFlags("gen")
	var cfg synth.Config
	fs.StringVar(&cfg.Norms, "dist", "chisq1", "norm law: "+strings.Join(synth.Laws, ", "))
	fs.IntVar(&cfg.N, "n", 10000, "number of examples")
	fs.IntVar(&cfg.D, "d", 1000, "number of features")
	fs.Float64Var(&cfg.Density, "density", 0.8, "mean feature density ω' in (0, 1]")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "random seed")
	out := fs.String("o", "-", "output `file` (- for stdout; a .gz name is gzipped)")
	if err := parse(fs, args, e); err != nil {
		return err
	}
	ds, err := synth.Generate(cfg)
	if err != nil {
		return fmt.Errorf("%w: %w", err, errUsage)
	}
	if *out == "-" {
		w := bufio.NewWriter(e.stdout)
		if err := libsvm.Write(w, ds); err != nil {
			return err
		}
		return w.Flush()
	}
	return writeFile(*out, func(w io.Writer) error { return libsvm.Write(w, ds) })
}

// writeFile writes through fill into path, gzipping when path ends in .gz,
// and removes the file if anything fails so no truncated output is left.
func writeFile(path string, fill func(io.Writer) error) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(path)
		}
	}()
	bw := bufio.NewWriterSize(f, 1<<20)
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
