package main

import (
	"fmt"

	"imlab/core/problem"
	"imlab/core/table"
)

func runStats(args []string, e *env) error {
	fs := newFlags("stats")
	var d dataFlags
	d.register(fs)
	format := formatFlag(fs)
	if err := parse(fs, args, e); err != nil {
		return err
	}
	ds, err := d.load(e.ctx)
	if err != nil {
		return err
	}
	st := ds.Summarize()
	// σ = max/mean ‖x_i‖² and the automatic λ = max‖x_i‖/n are not defined
	// when every example is zero (0/0, and λ = 0): printed as "–", said on
	// stderr.
	sigma, lambda := undefined, undefined
	if st.MaxNorm > 0 {
		sigma, lambda = table.Float(st.Sigma), table.Float(problem.DefaultLambdaOf(st))
	} else {
		fmt.Fprintf(e.stderr, "imlab stats: every example is zero: sigma and lambda_auto are undefined (%s)\n", undefined)
	}
	t := table.Table{Header: []string{"n", "d", "nnz", "density", "sigma", "lambda_auto"}}
	t.Add(table.Float(float64(st.N)), table.Float(float64(st.D)), table.Float(float64(st.NNZ)),
		table.Float(st.Density), sigma, lambda)
	return t.Write(e.stdout, *format)
}

// undefined is a table cell for a value that is not defined or not
// computed (σ of all-zero data, the standard deviation of one seed), as
// the paper's tables print a missing cell.
const undefined = "–"
