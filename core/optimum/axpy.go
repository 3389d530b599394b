package optimum

// addScaled sets dst[j] += alpha·s[j], and addScaledTo sets
// dst[j] = y[j] + alpha·s[j]: gonum's floats.AddScaled and AddScaledTo with
// every product rounded before the sum (see core's doc on fused
// multiply-adds), which gonum's pure-Go loops on arm64 do not. On amd64
// gonum's SSE2 assembly rounds the same way, so the bits are unchanged there.
func addScaled(dst []float64, alpha float64, s []float64) {
	s = s[:len(dst)]
	for j, v := range s {
		dst[j] += float64(alpha * v)
	}
}

func addScaledTo(dst, y []float64, alpha float64, s []float64) {
	y, s = y[:len(dst)], s[:len(dst)]
	for j, v := range s {
		dst[j] = y[j] + float64(alpha*v)
	}
}
