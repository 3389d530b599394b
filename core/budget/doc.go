// Package budget prices a data set, and the vectors imlab allocates for it,
// in bytes, and refuses one that would not fit in a memory budget before
// anything is allocated.
//
// A Go program cannot recover from running out of memory: the runtime ends
// it (in a browser, the tab's program). So every load and every generation
// describes what it knows so far as a Shape — decompressed bytes read,
// examples, features, non-zeros — and asks Budget.Check before growing. The
// cost model is linear:
//
//	bytes = PerExample·n + PerFeature·d + PerNonZero·nnz
//
// with coefficients counted from the code (see cost.go). Decompressed text
// is not held in memory, but it is bounded too (TextFactor times the budget)
// so that input which makes no data, such as a compressed stream of blank
// lines, cannot cost unbounded time.
//
// An exceeded budget is an *Error naming the quantity, its value and its
// limit; it wraps ErrExceeded.
//
// Every product that is added is rounded with float64(…), so that no
// compiler fuses the two into an FMA (see package core).
package budget
