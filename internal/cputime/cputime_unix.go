//go:build unix

// Package cputime reads the process's CPU time, for benchmarks on a shared
// machine, where other processes inflate the wall clock but not it.
package cputime

import (
	"syscall"
	"time"
)

// Supported reports whether Process works on this system.
const Supported = true

// Process is the process's CPU time so far, user and system (0 if the
// system call fails).
func Process() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
