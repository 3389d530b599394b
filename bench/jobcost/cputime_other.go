//go:build !linux

package main

import "time"

// threadCPU is unknown here: 0.
func threadCPU() time.Duration { return 0 }

func lockThread() {}
