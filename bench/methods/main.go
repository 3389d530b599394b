// Command methods prints the table of docs/methods.md: passes through the
// data to a gap of 1e−6 and 1e−10 for every method × sampling, each with its
// safe step, on a LIBSVM file as the paper sets it up (logistic loss, a bias
// feature, λ = max_i ‖x_i‖/n). From the repository root:
//
//	go run ./bench/methods -data ../shared/data/w8a.gz
//
// A cell reads "a / b": passes to 1e−6 / to 1e−10, "—" where the budget ran
// out first. SGD runs with decreasing steps, and only to 1e−6; where it does
// not get there, its cell gives the gap at the end of its budget.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math"
	"os"
	"runtime"
	"strings"
	"time"

	"imlab/core/libsvm"
	"imlab/core/loss"
	"imlab/core/method/catalog"
	"imlab/core/optimum"
	"imlab/core/problem"
	"imlab/core/theory"
)

func main() {
	data := flag.String("data", "", "LIBSVM file (required)")
	tau := flag.Int("tau", 8, "minibatch size of the minibatch samplings")
	budget := flag.Float64("passes", 400, "budget per run, in passes")
	sgdBudget := flag.Float64("sgd-passes", 100, "budget of SGD runs, in passes")
	methods := flag.String("methods", "dfsdca,sdca,saga,lsvrg,sgd", "methods, comma-separated")
	samplings := flag.String("samplings", "uniform,importance,nice,imp,bucket", "theory.Spec samplings, comma-separated")
	seed := flag.Uint64("seed", 1, "seed of partitions and sampling streams")
	flag.Parse()
	if *data == "" {
		flag.Usage()
		os.Exit(2)
	}
	start := time.Now()
	ds, err := libsvm.ReadFile(*data, libsvm.Options{Bias: true})
	if err != nil {
		log.Fatal(err)
	}
	pr, err := problem.New(ds, loss.Logistic{}, problem.DefaultLambda(ds))
	if err != nil {
		log.Fatal(err)
	}
	res, err := optimum.Solve(pr, optimum.Options{})
	if err := optimum.Usable(res, err); err != nil {
		log.Fatal(err)
	}
	var names []catalog.Name
	for _, s := range strings.Split(*methods, ",") {
		m, err := catalog.Parse(s)
		if err != nil {
			log.Fatal(err)
		}
		names = append(names, m)
	}
	smps := strings.Split(*samplings, ",")

	fmt.Printf("%s with bias: n = %d, d = %d, λ = %.6g, logistic loss, P* = %.15g; minibatch samplings at τ = %d, seed %d\n\n",
		*data, ds.N, ds.D, pr.Lambda, res.P, *tau, *seed)
	var specs []theory.Spec
	for _, s := range smps {
		t := *tau
		if s == "uniform" || s == "importance" {
			t = 1
		}
		specs = append(specs, theory.Spec{Sampling: s, Tau: t, Seed: *seed})
	}
	cells, err := catalog.Compare(context.Background(), pr, res.P, catalog.Comparison{
		Methods: names, Specs: specs, Eps: []float64{1e-6, 1e-10},
		MaxPasses: *budget, SGDMaxPasses: *sgdBudget, EvalEvery: 0.25, Seed: *seed,
	}, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("| method |")
	for _, s := range smps {
		fmt.Printf(" %s |", label(s, *tau))
	}
	fmt.Printf("\n|---|")
	for range smps {
		fmt.Printf("---|")
	}
	for k, c := range cells {
		if k%len(specs) == 0 {
			fmt.Printf("\n| %s |", c.Method)
		}
		fmt.Printf(" %s |", cell(c))
	}
	fmt.Println()
	fmt.Printf("\n%s/%s, GOMAXPROCS %d, %s in all\n", runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0), time.Since(start).Round(time.Second))
}

func label(s string, tau int) string {
	if s == "uniform" || s == "importance" {
		return s + " (τ=1)"
	}
	return fmt.Sprintf("%s (τ=%d)", s, tau)
}

// cell formats the passes to 1e−6 and 1e−10 of one method × sampling.
func cell(c catalog.Cell) string {
	if c.Err != nil {
		return "error: " + c.Err.Error()
	}
	out := ""
	for k, x := range c.Measured {
		if c.Method == catalog.SGD && k > 0 {
			break // SGD runs to 1e−6 only
		}
		if out != "" {
			out += " / "
		}
		if math.IsNaN(x) {
			out += "—"
		} else {
			out += fmt.Sprintf("%.1f", x)
		}
	}
	if c.Method == catalog.SGD && math.IsNaN(c.Measured[0]) {
		out += fmt.Sprintf(" (gap %.1e at %.0f)", c.Last.Gap, c.Last.Passes)
	}
	return out
}
