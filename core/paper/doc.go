// Package paper holds the published numbers of "Importance Sampling for
// Minibatches" (Csiba & Richtárik, arXiv 1602.02283; JMLR 19(27), 2018) —
// its tables of theoretical : empirical ratios θ(τ-imp)/θ(τ-nice), and the
// recognition of its data sets — and the engine that rebuilds those tables
// on our data.
//
// The tables: Sparse, Dense and Real (Table), Cell, MatchReal and
// MatchPreset, so that the CLI and the browser lab print the paper's values
// beside their own.
//
// The presets: Artificial returns the Sources of Tables 2 and 3 (one per
// norm law in synth.PaperLaws, data seed DataSeed) at a Size: Tiny, Quick (n and d
// a tenth of the paper's) or Full.
//
// The engine: Reproduce runs every job of a table — source × partition rule
// × seed × {τ-nice, τ-importance} × τ — Config.Jobs at a time through
// core/pipeline, and averages the seeds (Average). A job's partition and
// samples come from its seed alone, so the result is the same, bit for bit,
// for any number of jobs and any scheduling.
package paper
