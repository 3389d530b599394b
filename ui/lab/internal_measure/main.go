package main

import (
	"fmt"
	"time"

	"imlab/core/experiment"
	"imlab/core/loss"
	"imlab/core/optimum"
	"imlab/core/problem"
	"imlab/core/synth"
	"os"
	"strconv"
)

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	d, _ := strconv.Atoi(os.Args[2])
	law := os.Args[3]
	dens, _ := strconv.ParseFloat(os.Args[4], 64)
	t0 := time.Now()
	ds, err := synth.Generate(synth.Config{N: n, D: d, Density: dens, Norms: law, Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Println("generate", time.Since(t0), ds.Summarize())
	pr, _ := problem.New(ds, loss.Logistic{}, problem.DefaultLambda(ds))
	t0 = time.Now()
	res, err := optimum.Solve(pr, optimum.Options{})
	fmt.Println("optimum", time.Since(t0), res.P, res.Iterations, res.CGIterations, err)
	t0 = time.Now()
	exp, err := experiment.New(pr, res.P, experiment.Config{Workers: 1, Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Println("plans", time.Since(t0))
	t0 = time.Now()
	for {
		j := exp.Current()
		t1 := time.Now()
		for !j.Done() {
			exp.Advance(4096)
		}
		x, _ := j.Run.Reached()
		fmt.Printf("  %s tau=%d x=%.2f %v err=%v\n", j.Sampling, j.Tau, x, time.Since(t1), j.Err)
		if exp.Current() == nil {
			break
		}
	}
	fmt.Println("runs", time.Since(t0))
	for _, r := range exp.Rows() {
		fmt.Printf("  tau=%d theory=%.2f emp=%.2f\n", r.Tau, r.Theory, r.Empirical)
	}
}
