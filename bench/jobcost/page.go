package main

import (
	"cmp"
	"context"
	"fmt"
	"log"
	"runtime"
	"slices"
	"strings"
	"time"

	"imlab/core/dataset"
	"imlab/core/pipeline"
	"imlab/core/problem"
	"imlab/ui/lab"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// pageJobs times, one at a time, the jobs of the page's default run
// (lab.DefaultSettings: the 10,000 × 100 preset, 12 jobs) as a worker runs
// them: the job's setup (lab.NewJobRun: its plan), its calls of Advance
// sized by a worker.Slicer of worker.SliceTarget (and how many took under a
// quarter of it: Advance stops at each evaluation of P), the slices a
// worker makes of them (it fills a slice with calls up to half the
// target), the trace points it sends (each an
// evaluation of P) and the doubles its updates carry. Then it schedules the measured
// jobs on 1 and 2 workers (each job to the first free worker, as the
// page's dispatcher does) in run order, in lab.JobCost's longest-first
// order and in the measured longest-first order, with each job's CPU time
// (its thread's, where the system tells it; else setup and solve). Run it natively, or
// under node (GOOS=js GOARCH=wasm, go_js_wasm_exec) for the page's code.
func pageJobs() {
	s := setup.DefaultSettings()
	start := time.Now()
	ld, err := worker.DataSpec{Preset: s}.Load(setup.Budget)
	if err != nil {
		log.Fatal(err)
	}
	ds := ld.Data
	st := ld.Info.Stats
	lambda := ld.Info.DefaultLambda
	t0 := time.Now()
	pr, err := problem.New(ds, s.Loss.Loss(), lambda)
	if err != nil {
		log.Fatal(err)
	}
	prep, err := pipeline.Prepare(context.Background(), pr)
	if err != nil {
		log.Fatal(err)
	}
	pstar := prep.PStar()
	fmt.Printf("# P*: %.3f s\n", time.Since(t0).Seconds())
	t0 = time.Now()
	if _, err := worker.NewMethodTheory(pr, s); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("# method theory: %.3f s\n", time.Since(t0).Seconds())
	specs := worker.JobSpecs(s, lambda, pstar)
	fmt.Println("job,sampling,tau,predicted,iterations,setup_s,solve_s,cpu_s,advance_calls,short_calls,slices,points,doubles_sent,alloc_kb,mallocs")
	costs := make([]float64, len(specs))
	predicted := make([]float64, len(specs))
	lockThread()
	var m0, m1 runtime.MemStats
	gc0 := uint32(0)
	for k, spec := range specs {
		runtime.ReadMemStats(&m0)
		if k == 0 {
			gc0 = m0.NumGC
		}
		c0 := threadCPU()
		t0 := time.Now()
		run, err := worker.NewJobRun(pr, spec)
		if err != nil {
			log.Fatal(err)
		}
		setupTime := time.Since(t0)
		slicer := worker.NewSlicer(worker.SliceTarget)
		var solve time.Duration
		nslices, short, points, doubles := 0, 0, 0, 0
		filled, inSlice := 0, time.Duration(0) // slices as a worker fills them (lab's fillSlice)
		var done float64                       // iterations
		for {
			iters := slicer.Iterations(spec.Tau)
			t0 := time.Now()
			u := run.Advance(iters)
			d := time.Since(t0)
			slicer.Observe(iters*spec.Tau, d)
			solve += d
			nslices++
			if inSlice += d; inSlice >= worker.SliceTarget/2 || u.Done {
				filled, inSlice = filled+1, 0
			}
			if d < worker.SliceTarget/4 && !u.Done {
				short++
			}
			points += len(u.Points)
			if len(u.Points) > 0 {
				done = float64(u.Points[len(u.Points)-1].Iter)
			}
			doubles += 5 * len(u.Points)
			if u.Plan != nil {
				doubles += len(u.Plan.P)
				for _, b := range u.Plan.Buckets {
					doubles += len(b)
				}
			}
			if u.Done {
				break
			}
		}
		run.Close()
		cpu := threadCPU() - c0
		runtime.ReadMemStats(&m1) // what the job allocated: each allocation is the collector's work, under wasm compiled by V8 as it gets hot
		predicted[k] = lab.JobCost(spec, st)
		costs[k] = (setupTime + solve).Seconds()
		if cpu > 0 { // steadier than the wall time on a loaded machine
			costs[k] = cpu.Seconds()
		}
		fmt.Printf("%d,%s,%d,%.4g,%.0f,%.4f,%.4f,%.4f,%d,%d,%d,%d,%d,%d,%d\n", k, spec.Sampling, spec.Tau, predicted[k], done, setupTime.Seconds(), solve.Seconds(), cpu.Seconds(), nslices, short, filled, points, doubles,
			(m1.TotalAlloc-m0.TotalAlloc)>>10, m1.Mallocs-m0.Mallocs)
	}
	runtime.ReadMemStats(&m1)
	fmt.Printf("# collections during the jobs: %d\n", m1.NumGC-gc0)
	// The messages a worker sends the page for the whole run (lab.Serve, as a
	// worker serves its jobs: points gathered over worker.UpdateEvery).
	next, updates, points := 0, 0, 0
	worker.Serve(ds, func() (worker.JobSpec, bool) {
		if next == len(specs) {
			return worker.JobSpec{}, false
		}
		next++
		return specs[next-1], true
	}, func(u worker.Update) { updates, points = updates+1, points+len(u.Points) },
		worker.NewControl(), worker.NewSlicer(worker.SliceTarget), func() time.Duration { return time.Since(start) })
	fmt.Printf("# one worker serving the run sends %d updates for %d trace points\n", updates, points)
	schedule(specs, costs, predicted, st)
}

// schedule prints the makespan of the measured jobs on 1 and 2 workers in
// three orders.
func schedule(specs []worker.JobSpec, costs, predicted []float64, st dataset.Stats) {
	total := 0.0
	for _, c := range costs {
		total += c
	}
	runOrder := make([]int, len(specs))
	for k := range runOrder {
		runOrder[k] = k
	}
	byCost := func(c []float64) []int {
		o := slices.Clone(runOrder)
		slices.SortStableFunc(o, func(a, b int) int { return cmp.Compare(c[b], c[a]) })
		return o
	}
	fmt.Printf("# %d jobs, %.3f s in all (setup and solve), longest %.3f s; 2 workers cannot beat %.3f s\n",
		len(specs), total, slices.Max(costs), max(total/2, slices.Max(costs)))
	for _, o := range []struct {
		name  string
		order []int
	}{{"run order", runOrder}, {"JobCost, longest first", byCost(predicted)}, {"measured, longest first", byCost(costs)}} {
		var b strings.Builder
		for w := 1; w <= 2; w++ {
			free := make([]float64, w)
			for _, j := range o.order {
				k := slices.Index(free, slices.Min(free))
				free[k] += costs[j]
			}
			m := slices.Max(free)
			fmt.Fprintf(&b, " %d worker(s) %.3f s;", w, m)
			if w == 2 {
				fmt.Fprintf(&b, " speed-up %.2f×", total/m)
			}
		}
		fmt.Printf("# %s:%s\n", o.name, b.String())
	}
	_ = st
}
