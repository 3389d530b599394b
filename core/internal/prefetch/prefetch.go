// Package prefetch starts loading the memory of a sparse row, or of one
// example's state, that a loop will read soon, so that its cache misses
// resolve while the loop works on the example before.
//
// A plain load used for warming (as dfSDCA did) holds up retirement until
// its miss resolves: one iteration's work does not hide a miss to memory,
// so the processor stalls at the warming load (a profile of the importance
// epoch on the page's data put a fifth of the samples there). A prefetch
// instruction retires at once and fetches every line of the row, not only
// its first. Where Go has no such instruction (anything but amd64, which
// includes WebAssembly), Row falls back to loading the row's first entries
// and Float64 and Int to loading the entry.
package prefetch

// How many visits ahead of the current one a serial loop (SDCA's and
// dfSDCA's, whose order of examples is drawn in advance) prefetches a row,
// and an example's row offset and state: the row's prefetch reads the
// offsets, so they must arrive first. At one and two visits ahead a visit
// still waited on part of a miss. Alternating the distances in one
// process on w8a and ijcnn1.tr (the AMD VM of 2026-12-02, medians of the
// paired ratios): an epoch at three and six took 8–27% less time than at
// one and two with dfSDCA and 4–9% less with SDCA (60 epochs each, serial
// importance sampling), whole adaptive solves of 8 epochs 6–10% and 1–3%
// less (30 each); eight and twelve gained no more.
const (
	RowAhead   = 3
	StateAhead = 6
)

// Row starts loading the cache lines of row i of the CSR matrix (rowPtr,
// col, val). Its result is 0 or a sum of loaded entries: the caller keeps
// it alive (adds it to a field), so that the compiler keeps the fallback's
// loads.
func Row(rowPtr []int, col []int32, val []float64, i int) float64 {
	return row(rowPtr, col, val, i)
}

// Float64 starts loading the cache line of x[i], as Row does a row's; it
// returns 0 or x[i], for the caller to keep alive. i must be in range.
func Float64(x []float64, i int) float64 { return float64At(x, i) }

// Int starts loading the cache line of x[i], as Float64 does.
func Int(x []int, i int) float64 { return intAt(x, i) }
