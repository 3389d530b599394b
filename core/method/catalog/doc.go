// Package catalog names imlab's methods and builds any of them, with its
// safe step, for a problem and a sampling plan (theory.Plan), as a
// method.Solver: the one switch a command line or a page needs for a
// -method flag or a selector. dfSDCA is adapted to method.Solver, with
// passes = τ·t/n.
package catalog
