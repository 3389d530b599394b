// Package shareddata finds the LIBSVM data sets that sit beside the
// repository in ../shared/data, for tests that check the paper's numbers on
// real data. Such tests skip, with a message, where the data is absent: the
// rest of the suite passes on a bare clone.
package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

// Dir returns <repository root>/../shared/data, or skips t if it is absent.
func Dir(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("shared data: repository root (go.mod) not found")
		}
		dir = parent
	}
	data := filepath.Join(dir, "..", "shared", "data")
	if _, err := os.Stat(data); err != nil {
		t.Skipf("shared data not available (%v)", err)
	}
	return data
}

// Path returns the path of the named file in the shared data directory, or
// skips t if it is absent.
func Path(t testing.TB, name string) string {
	t.Helper()
	path := filepath.Join(Dir(t), name)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("shared data file %s not available (%v)", name, err)
	}
	return path
}
