//go:build !unix

// Package cputime reads the process's CPU time, for benchmarks on a shared
// machine, where other processes inflate the wall clock but not it.
package cputime

import "time"

// Supported reports whether Process works on this system.
const Supported = false

// Process returns 0: there is no getrusage here.
func Process() time.Duration { return 0 }
