package method

import "testing"

// TestThinStep checks the thinned grid's spacing: 1 up to m = 2K, then
// doubling with every doubling of m.
func TestThinStep(t *testing.T) {
	for _, c := range []struct{ m, k, want int64 }{
		{0, 4, 1}, {7, 4, 1}, {8, 4, 2}, {15, 4, 2}, {16, 4, 4}, {31, 4, 4}, {32, 4, 8}, {1 << 20, 8, 1 << 17},
	} {
		if got := thinStep(c.m, c.k); got != c.want {
			t.Errorf("thinStep(%d, %d) = %d, want %d", c.m, c.k, got, c.want)
		}
	}
}
