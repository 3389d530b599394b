package setup

import (
	"fmt"
	"strconv"
)

// The workers= key's two words, as numbers of workers.
const (
	WorkersAuto = 0  // workers=auto: poolSize
	WorkersNone = -1 // workers=main: no workers, the page's main thread
)

// parseWorkers reads the workers= key: "auto", "main" or 1…MaxWorkers.
func parseWorkers(v string) (int, error) {
	switch v {
	case "auto", "":
		return WorkersAuto, nil
	case "main":
		return WorkersNone, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > MaxWorkers {
		return 0, fmt.Errorf("%w: link: workers=%q is not auto, main or a number of workers 1…%d", ErrSettings, v, MaxWorkers)
	}
	return n, nil
}

// formatWorkers writes n as parseWorkers reads it.
func formatWorkers(n int) string {
	switch {
	case n == WorkersAuto:
		return "auto"
	case n < 0:
		return "main"
	}
	return strconv.Itoa(n)
}

// MaxWorkers bounds the workers= key.
const MaxWorkers = 64
