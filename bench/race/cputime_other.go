//go:build !unix

package main

import (
	"log"
	"time"
)

// cpuTime is not available here.
func cpuTime() time.Duration {
	log.Fatal("-clock cpu needs getrusage (a Unix system)")
	return 0
}
