// Package paper holds the published numbers of "Importance Sampling for
// Minibatches" (Csiba & Richtárik, arXiv 1602.02283; JMLR 19(27), 2018):
// its tables of theoretical : empirical ratios θ(τ-imp)/θ(τ-nice), and the
// recognition of its data sets, so that the CLI and the browser lab can
// print the paper's values beside their own.
package paper
