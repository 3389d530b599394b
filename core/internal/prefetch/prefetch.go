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
