package main

import (
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
	t := table.Table{Header: []string{"n", "d", "nnz", "density", "sigma", "lambda_auto"}}
	t.Add(table.Float(float64(st.N)), table.Float(float64(st.D)), table.Float(float64(st.NNZ)),
		table.Float(st.Density), table.Float(st.Sigma), table.Float(problem.DefaultLambda(ds)))
	return t.Write(e.stdout, *format)
}
