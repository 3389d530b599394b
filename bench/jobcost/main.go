// Command jobcost times the single runs of a paper table — one line per run
// (table, law, sampling, τ, passes/τ to ε, solver seconds) — so that the
// time of a whole table can be estimated from a subset (docs/jobs.md). It
// runs seed 1 with the random partition, the laws given, and stops at
// -timeout, printing the runs finished by then. From the repository root:
//
//	go run ./bench/jobcost -table dense -size paper -laws extreme,uniform -timeout 10m
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"slices"
	"strings"
	"time"

	"imlab/core/budget"
	"imlab/core/dataset"
	"imlab/core/experiment"
	"imlab/core/loss"
	"imlab/core/paper"
	"imlab/core/pipeline"
	"imlab/core/problem"
	"imlab/core/synth"
)

func main() {
	log.SetFlags(0)
	table := flag.String("table", "dense", "sparse or dense")
	size := flag.String("size", "quick", "tiny, quick or paper")
	laws := flag.String("laws", strings.Join(synth.PaperLawNames(), ","), "norm laws, comma-separated")
	taus := flag.String("tau", "1,2,4,8,16,32", "minibatch sizes")
	jobs := flag.Int("jobs", 1, "runs at once")
	timeout := flag.Duration("timeout", time.Hour, "stop after this long")
	page := flag.Bool("page", false, "time the page's default run's jobs instead, as a worker runs them")
	flag.Parse()
	if *page {
		pageJobs()
		return
	}
	t, err := paper.ParseTable(*table)
	if err != nil {
		log.Fatal(err)
	}
	ts, err := experiment.ParseTaus(*taus, 0)
	if err != nil {
		log.Fatal(err)
	}
	sz, err := paper.ParseSize(*size)
	if err != nil {
		log.Fatal(err)
	}
	all, _, err := paper.Artificial(t, sz, 8*budget.GiB)
	if err != nil {
		log.Fatal(err)
	}
	var sources []paper.Source
	for _, s := range all {
		if slices.Contains(strings.Split(*laws, ","), s.Name) {
			sources = append(sources, s)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	start := time.Now()
	fmt.Println("table,law,sampling,tau,iter_per_n,seconds,at")
	_, err = paper.Reproduce(ctx, sources, paper.Config{
		Run:  experiment.Config{Taus: ts},
		Jobs: *jobs,
		Pose: func(ds *dataset.Dataset) (*problem.Problem, error) { return pipeline.Pose(ds, loss.Logistic{}, 0) },
		Events: func(e paper.Event) {
			switch e.Kind {
			case paper.Solved:
				fmt.Fprintf(os.Stderr, "%s: data and P* in %.1fs\n", e.Source, e.Elapsed.Seconds())
			case paper.RunReached:
				fmt.Printf("%s,%s,%s,%d,%g,%.3f,%.1f\n", *table, e.Source, e.Sampling, e.Tau, e.X,
					e.Point.Seconds, time.Since(start).Seconds())
			}
		},
	})
	if err != nil {
		log.Printf("stopped: %v", err)
	}
}
