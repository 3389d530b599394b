package prefetch

//go:noescape
func row(idx []int32, val []float64) float64
