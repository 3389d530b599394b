// Package experiment runs the paper's comparison: for a data set, a loss and
// a list of minibatch sizes τ, dfSDCA with τ-nice and with τ-importance
// sampling, each at its theoretical step size, to a target gap ε. It yields
// the rows of the paper's tables: θ for each sampling, the theoretical ratio
// θ_imp/θ_nice, the iterations/n each run needed, and their empirical ratio.
//
// The same Experiment serves the CLI, which runs it to completion, and the
// browser, which advances it in time slices between animation frames.
//
// Every product that is added is rounded with float64(…), so that no
// compiler fuses the two into an FMA (see package core).
package experiment
