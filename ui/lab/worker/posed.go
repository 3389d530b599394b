package worker

import (
	"imlab/core/dataset"
	"imlab/core/loss"
	"imlab/core/problem"
)

// posed are the problems posed on one data set, by loss and λ, so that P*,
// the theory and every job of a run share one: problem.New validates the
// data and measures its norms, two passes over the non-zeros, which at
// the paper's size cost a job about as much as its set-up.
type posed struct {
	ds *dataset.Dataset
	by map[posedKey]*problem.Problem
}

type posedKey struct {
	loss   loss.Spec
	lambda float64
}

func newPosed(ds *dataset.Dataset) *posed {
	return &posed{ds: ds, by: make(map[posedKey]*problem.Problem)}
}

// problem returns the problem of loss l and λ = lambda on the data set,
// posing it the first time it is asked for (problem.New's error, not kept,
// otherwise).
func (p *posed) problem(l loss.Spec, lambda float64) (*problem.Problem, error) {
	k := posedKey{l, lambda}
	if pr, ok := p.by[k]; ok {
		return pr, nil
	}
	pr, err := problem.New(p.ds, l.Loss(), lambda)
	if err != nil {
		return nil, err
	}
	p.by[k] = pr
	return pr, nil
}
