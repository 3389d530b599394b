package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"imlab/core/budget"
	"imlab/core/dataset"
	"imlab/core/dfsdca"
	"imlab/core/experiment"
	"imlab/core/libsvm"
	"imlab/core/loss"
	"imlab/core/method/catalog"
	"imlab/core/pipeline"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/table"
)

// newFlags returns a flag set that reports errors instead of printing usage
// and exiting, so every failure is one line.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet("imlab "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parse parses args, printing the flag defaults for -h.
func parse(fs *flag.FlagSet, args []string, e *env) error {
	restore := decimalFlags(fs)
	err := fs.Parse(args)
	restore()
	if errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(e.stderr)
		fmt.Fprintf(e.stderr, "usage of %s:\n", fs.Name())
		fs.PrintDefaults()
		return err
	}
	if err != nil {
		return fmt.Errorf("%w: %w", err, errUsage)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q: %w", fs.Arg(0), errUsage)
	}
	return nil
}

// decimalFlags makes fs's numeric flags read numbers as data files write
// them, until the returned function restores them: floats by
// libsvm.ParseNumber, whole numbers in decimal digits only. The flag
// package's own parsers would take 1_000, 0x10, inf and nan, and read 010
// as octal 8. (Restored for -h, whose listing names each flag's type.)
func decimalFlags(fs *flag.FlagSet) (restore func()) {
	var wrapped []*flag.Flag
	fs.VisitAll(func(f *flag.Flag) {
		g, ok := f.Value.(flag.Getter)
		if !ok {
			return
		}
		switch g.Get().(type) {
		case int, int64, uint, uint64, float64:
			f.Value = decimalValue{g}
			wrapped = append(wrapped, f)
		}
	})
	return func() {
		for _, f := range wrapped {
			f.Value = f.Value.(decimalValue).Getter
		}
	}
}

// decimalValue is a numeric flag read in decimal notation only.
type decimalValue struct{ flag.Getter }

// errWholeNumber is the error for a whole-number flag given anything but
// decimal digits.
var errWholeNumber = errors.New("not a whole decimal number (digits only, such as 10)")

func (d decimalValue) Set(s string) error {
	switch d.Get().(type) {
	case float64:
		v, err := libsvm.ParseNumber(s)
		if err != nil {
			return err
		}
		return d.Getter.Set(strconv.FormatFloat(v, 'g', -1, 64))
	case uint, uint64:
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return errWholeNumber
		}
		return d.Getter.Set(strconv.FormatUint(v, 10))
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return errWholeNumber
	}
	return d.Getter.Set(strconv.FormatInt(v, 10)) // no leading 0 for octal
}

// dataFlags are the flags every command that reads a data set shares.
type dataFlags struct {
	path, class string
	bias        bool
	mem         memFlag
}

func (d *dataFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&d.path, "data", "", "LIBSVM `file` (plain, gzip or bzip2)")
	fs.BoolVar(&d.bias, "bias", false, "append a constant-1 bias feature")
	fs.StringVar(&d.class, "class", "", "positive `label` for a multi-class file (one-vs-rest)")
	d.mem.register(fs)
}

func (d *dataFlags) load(ctx context.Context) (*dataset.Dataset, error) {
	if d.path == "" {
		return nil, fmt.Errorf("-data is required: %w", errUsage)
	}
	return readFile(ctx, d.path, libsvm.Options{Bias: d.bias, PositiveClass: d.class, Budget: d.mem.b})
}

// readFile reads a LIBSVM file under opt, stopping when ctx ends.
func readFile(ctx context.Context, path string, opt libsvm.Options) (*dataset.Dataset, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	opt.Name = filepath.Base(path)
	ds, err := libsvm.Read(ctxReader{ctx, f}, opt)
	if errors.Is(err, budget.ErrExceeded) {
		return nil, fmt.Errorf("%w (raise -mem)", err)
	}
	return ds, err
}

// problemFlags add the loss and λ to a data set.
type problemFlags struct {
	dataFlags
	loss   loss.Spec
	lambda string
}

func (p *problemFlags) register(fs *flag.FlagSet) {
	p.dataFlags.register(fs)
	fs.TextVar(&p.loss, "loss", loss.Spec{}, "loss: logistic, square or smoothhinge[:μ]")
	fs.StringVar(&p.lambda, "lambda", "auto", "regulariser λ, or auto for the paper's max‖x_i‖/n")
}

func (p *problemFlags) load(ctx context.Context) (*problem.Problem, error) {
	ds, err := p.dataFlags.load(ctx)
	if err != nil {
		return nil, err
	}
	return p.problemFor(ds)
}

// problemFor poses the problem of the -loss and -lambda flags on ds.
func (p *problemFlags) problemFor(ds *dataset.Dataset) (*problem.Problem, error) {
	lambda := 0.0 // pipeline.Pose's "auto"
	if p.lambda != "auto" {
		var err error
		if lambda, err = libsvm.ParseNumber(p.lambda); err != nil || !(lambda > 0) {
			return nil, fmt.Errorf("-lambda %q: want auto or a positive decimal number, such as 0.001 or 1e-3: %w", p.lambda, errUsage)
		}
	}
	pr, err := pipeline.Pose(ds, p.loss.Loss(), lambda)
	if errors.Is(err, problem.ErrLambda) {
		return nil, fmt.Errorf("-lambda: %w: %w", err, errUsage)
	}
	return pr, err
}

// solveOptimum computes P* to high precision, reporting progress on stderr.
func solveOptimum(pr *problem.Problem, e *env) (float64, error) {
	start := time.Now()
	prep, err := pipeline.Prepare(e.ctx, pr)
	if err != nil {
		return 0, fmt.Errorf("computing P*: %w", err)
	}
	printOptimum(e, "", prep, time.Since(start))
	return prep.PStar(), nil
}

// printOptimum reports a solved P* on stderr, and why it was accepted if
// short of the solver's tolerance; prefix names the data set, if several.
func printOptimum(e *env, prefix string, prep *pipeline.Prepared, took time.Duration) {
	res := prep.Optimum
	if prep.Warning != nil {
		fmt.Fprintf(e.stderr, "imlab: %swarning: %v; certified P* error ≤ %.1e, accepted\n", prefix, prep.Warning, res.Gap)
	}
	fmt.Fprintf(e.stderr, "imlab: %sP* = %.17g (‖∇P‖ = %.1e, %d Newton steps, %.2fs)\n",
		prefix, res.P, res.GradNorm, res.Iterations, took.Seconds())
}

// jobsFlag registers -jobs, the number of runs at once.
func jobsFlag(fs *flag.FlagSet) *int {
	jobs := runtime.NumCPU()
	fs.Func("jobs", fmt.Sprintf("runs at once; results do not depend on it (default the number of CPUs, %d)", jobs), func(v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return errors.New("want a whole number ≥ 1")
		}
		jobs = n
		return nil
	})
	return &jobs
}

// formatFlag registers -format, rejecting at parse time any format
// table.Write does not know.
func formatFlag(fs *flag.FlagSet) *string {
	format := "csv"
	fs.Func("format", "output format: "+strings.Join(table.Formats, " or ")+" (default csv)", func(v string) error {
		if !slices.Contains(table.Formats, v) {
			return fmt.Errorf("want %s", strings.Join(table.Formats, " or "))
		}
		format = v
		return nil
	})
	return &format
}

// errBadTau is a usage error: every command wants τ ≥ 1.
var errBadTau = fmt.Errorf("want a minibatch size τ ≥ 1: %w", errUsage)

// parseTaus parses a list of minibatch sizes by experiment.ParseTaus, the
// rule the page's τ field follows too.
func parseTaus(s string) ([]int, error) {
	taus, err := experiment.ParseTaus(s, 0)
	if err != nil {
		return nil, fmt.Errorf("-tau: %w: %w", err, errUsage)
	}
	return taus, nil
}

// methodFlag registers -method, rejecting at parse time a name
// catalog.Parse does not know. The default is dfSDCA, the paper's method.
func methodFlag(fs *flag.FlagSet) *catalog.Name {
	m := catalog.Default
	fs.Func("method", "method: "+names(catalog.Names)+" (default dfsdca)", func(v string) error {
		var err error
		m, err = catalog.Parse(v)
		return err
	})
	return &m
}

// stopFlags are -eps and -max-passes, whose defaults are those of the
// method chosen by -method (catalog.DefaultsOf) unless given.
type stopFlags struct {
	fs             *flag.FlagSet
	m              *catalog.Name
	eps, maxPasses *float64
	noTarget       bool // -eps 0 runs the whole budget (run); else ε > 0 (a table counts passes to ε)
}

// registerStop registers -eps and -max-passes for the method m will hold
// once parsed; read them with values after parsing. noTarget lets -eps 0
// mean no target, running the whole budget.
func registerStop(fs *flag.FlagSet, m *catalog.Name, noTarget bool) stopFlags {
	d, sgd := catalog.DefaultsOf(catalog.Default), catalog.DefaultsOf(catalog.SGD)
	none := ""
	if noTarget {
		none = "; 0 for none, running the whole budget"
	}
	return stopFlags{fs: fs, m: m, noTarget: noTarget,
		eps:       fs.Float64("eps", d.Eps, fmt.Sprintf("target gap P(w) − P*%s (sgd's default: %g)", none, sgd.Eps)),
		maxPasses: fs.Float64("max-passes", d.MaxPasses, "budget per run in passes/τ, iterations/n for dfsdca"),
	}
}

// values are -eps and -max-passes (in passes/τ) as given, or the method's.
// It refuses, before any data is read, a budget that is not positive and an
// ε that is negative, or 0 where there must be a target.
func (f stopFlags) values() (eps, budget float64, err error) {
	d := catalog.DefaultsOf(*f.m)
	eps, budget = d.Eps, d.MaxPasses
	if isSet(f.fs, "eps") {
		eps = *f.eps
	}
	if isSet(f.fs, "max-passes") {
		budget = *f.maxPasses
	}
	switch {
	case f.noTarget && !(eps >= 0 && budget > 0):
		return 0, 0, fmt.Errorf("-max-passes must be positive, -eps ≥ 0: %w", errUsage)
	case !f.noTarget && !(eps > 0 && budget > 0):
		return 0, 0, fmt.Errorf("-eps and -max-passes must be positive (-eps 0, no target, is for run): %w", errUsage)
	}
	return eps, budget, nil
}

// isSet reports whether flag name was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(fl *flag.Flag) { set = set || fl.Name == name })
	return set
}

// checkWorkers refuses -workers outside 1 … dfsdca.MaxWorkers, and other
// than 1 for a method other than dfSDCA, the only one that shares a
// minibatch among goroutines: before any data is read.
func checkWorkers(m catalog.Name, workers int) error {
	if workers < 1 || workers > dfsdca.MaxWorkers {
		return fmt.Errorf("-workers %d: want 1 … %d goroutines per minibatch: %w", workers, dfsdca.MaxWorkers, errUsage)
	}
	if !catalog.Parallel(m) && workers != 1 {
		return fmt.Errorf("-workers applies to dfsdca only (-method %s runs on one goroutine): %w", m, errUsage)
	}
	return nil
}

// methodsFlag registers -methods, a comma-separated list of methods or
// "all", defaulting to all.
func methodsFlag(fs *flag.FlagSet) *[]catalog.Name {
	ms := slices.Clone(catalog.Names)
	fs.Func("methods", "comma-separated methods ("+names(catalog.Names)+") or all (default all)", func(v string) error {
		if v == "all" {
			ms = slices.Clone(catalog.Names)
			return nil
		}
		var err error
		ms, err = commaList(v, catalog.Parse)
		return err
	})
	return &ms
}

// samplingsFlag registers -samplings, a comma-separated list of sampling
// kinds defaulting to def, rejecting at parse time any name not in
// sampling.Kinds (before any data is read).
func samplingsFlag(fs *flag.FlagSet, def []sampling.Kind, usage string) *[]sampling.Kind {
	ks := slices.Clone(def)
	fs.Func("samplings", usage+": "+names(sampling.Kinds)+" (default "+strings.ReplaceAll(names(def), " ", "")+")", func(v string) error {
		var err error
		ks, err = commaList(v, sampling.ParseKind)
		return err
	})
	return &ks
}

// commaList parses each comma-separated entry of v, spaces trimmed.
func commaList[T any](v string, parse func(string) (T, error)) ([]T, error) {
	var list []T
	for _, s := range strings.Split(v, ",") {
		x, err := parse(strings.TrimSpace(s))
		if err != nil {
			return nil, err
		}
		list = append(list, x)
	}
	return list, nil
}

// names lists typed names for a flag's help, e.g. "nice, imp, bucket".
func names[T ~string](list []T) string {
	s := make([]string, len(list))
	for k, n := range list {
		s[k] = string(n)
	}
	return strings.Join(s, ", ")
}

// kindFlag registers -sampling into k (holding its default), rejecting at
// parse time any name not in sampling.Kinds; its help lists them all.
func kindFlag(fs *flag.FlagSet, k *sampling.Kind) {
	fs.Func("sampling", "sampling: "+names(sampling.Kinds)+" (default "+string(*k)+")", func(v string) (err error) {
		*k, err = sampling.ParseKind(v)
		return err
	})
}

// ruleFlag registers -partition into r (holding its default), rejecting at
// parse time any name not in sampling.Rules.
func ruleFlag(fs *flag.FlagSet, r *sampling.Rule) {
	fs.Func("partition", "bucket partition: random or balanced (default "+string(*r)+")", func(v string) (err error) {
		*r, err = sampling.ParseRule(v)
		return err
	})
}

// partitionFlag registers -partition, random by default, and returns where
// its value lands.
func partitionFlag(fs *flag.FlagSet) *sampling.Rule {
	r := new(sampling.Rule)
	*r = sampling.RandomRule
	ruleFlag(fs, r)
	return r
}

// adaptiveSettings are the flags of the adaptive sampling's configuration
// (sampling.AdaptiveConfig), each defaulting to sampling.DefaultAdaptive's.
type adaptiveSettings struct {
	epochs, eta *float64
	step        *string
}

// adaptiveFlagNames are the flags of adaptiveSettings, in its order.
var adaptiveFlagNames = [...]string{"refresh-epochs", "eta", "adaptive-step"}

// adaptiveFlags registers -refresh-epochs, -eta and -adaptive-step.
func adaptiveFlags(fs *flag.FlagSet) adaptiveSettings {
	d := sampling.DefaultAdaptive
	return adaptiveSettings{
		epochs: fs.Float64(adaptiveFlagNames[0], d.Epochs, "-sampling adaptive: epochs between refreshes of the probabilities"),
		eta:    fs.Float64(adaptiveFlagNames[1], d.Eta, "-sampling adaptive: safeguard η, the static probabilities' share (0 < η ≤ 1)"),
		step: fs.String(adaptiveFlagNames[2], string(d.Step), "-sampling adaptive: step at each refresh, "+
			string(sampling.SafeStep)+" (the paper's Theorem for the sampling in force) or "+string(sampling.ResidueStep)+" (larger, only measured)"),
	}
}

// config returns the adaptive configuration the flags set, checked
// (sampling.AdaptiveConfig.Validate); it refuses the flags with a sampling
// other than adaptive, which would ignore them.
func (a adaptiveSettings) config(fs *flag.FlagSet, k sampling.Kind) (sampling.AdaptiveConfig, error) {
	if k != sampling.AdaptiveImp {
		for _, name := range adaptiveFlagNames {
			if isSet(fs, name) {
				return sampling.AdaptiveConfig{}, fmt.Errorf("-%s applies to -sampling adaptive only (not %s): %w", name, k, errUsage)
			}
		}
		return sampling.AdaptiveConfig{}, nil
	}
	c := sampling.AdaptiveConfig{Eta: *a.eta, Epochs: *a.epochs, Step: sampling.StepRule(*a.step)}
	if err := c.Validate(); err != nil { // before any data is read
		return sampling.AdaptiveConfig{}, fmt.Errorf("-%s: %w", strings.Join(adaptiveFlagNames[:], ", -"), err)
	}
	return c, nil
}
