package main

import (
	"runtime"
	"syscall"
	"time"
)

// threadCPU returns the CPU time of the calling OS thread (the caller
// locks itself to it), which other processes' load does not inflate as it
// does wall time.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func lockThread() { runtime.LockOSThread() }
