// Package catalog names imlab's methods and builds any of them, with its
// safe step, for a problem and a sampling plan (theory.Plan), as a
// method.Solver: the one switch a command line or a page needs for a
// -method flag or a selector. dfSDCA is adapted to method.Solver, with
// passes = τ·t/n.
//
// Beside building, it predicts (Predict, Ratio: each method's safe step,
// rate and passes per e-fold), measures (Measure, and Compare for a table of
// methods × samplings, theory beside measurement) and models parallel time
// against τ (CostModel, TauCurve, TauStar: the best minibatch size under
// the cost ⌈τ/c⌉ + s of an iteration on c cores).
//
// Every product that is added is rounded with float64(…), so that no
// compiler fuses the two into an FMA (see package core).
package catalog
