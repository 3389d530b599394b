package dataset

import (
	"errors"
	"strings"
	"testing"
)

func TestCheckNorms(t *testing.T) {
	for _, tc := range []struct {
		name string
		rows [][]float64
		says string // "" = no error
	}{
		{"ordinary", [][]float64{{1, 2}, {3}}, ""},
		{"large but finite", [][]float64{{1e150, 1e150}, {1e-300}}, ""},
		{"one norm overflows", [][]float64{{1}, {1e308, 1e308}}, "example 2 has"},
		{"the sum overflows", [][]float64{{1.3e154}, {1.3e154}}, "at example 2"},
	} {
		var b Builder
		for _, r := range tc.rows {
			idx := make([]int32, len(r))
			for k := range idx {
				idx[k] = int32(k)
			}
			b.Append(idx, r, 1)
		}
		ds, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		err = ds.CheckNorms()
		switch {
		case tc.says == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.says != "" && (!errors.Is(err, ErrNormOverflow) || !strings.Contains(err.Error(), tc.says)):
			t.Errorf("%s: err = %v, want ErrNormOverflow saying %q", tc.name, err, tc.says)
		}
	}
}
