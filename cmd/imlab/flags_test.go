package main

import (
	"path/filepath"
	"strings"
	"testing"

	"imlab/core/method/catalog"
	"imlab/core/sampling"
)

// TestNumbersAreDecimal refuses, in every numeric flag, the Go-literal
// syntax a data file may not hold (digit separators, hexadecimal, binary,
// octal prefixes, inf and nan), and reads a leading 0 as decimal.
func TestNumbersAreDecimal(t *testing.T) {
	data := filepath.Join("..", "..", "core", "libsvm", "testdata", "tiny.svm")
	out := filepath.Join(t.TempDir(), "x.svm")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"theory", "-data", data, "-lambda", "1_0"}, `-lambda "1_0"`},
		{[]string{"theory", "-data", data, "-lambda", "0x1p-3"}, `-lambda "0x1p-3"`},
		{[]string{"theory", "-data", data, "-lambda", "inf"}, `-lambda "inf"`},
		{[]string{"gen", "-n", "1_0", "-o", out}, `"1_0" for flag -n`},
		{[]string{"gen", "-n", "0x10", "-o", out}, `"0x10" for flag -n`},
		{[]string{"gen", "-seed", "0b11", "-o", out}, `"0b11" for flag -seed`},
		{[]string{"gen", "-density", "0x1p-1", "-o", out}, `"0x1p-1" for flag -density`},
		{[]string{"gen", "-density", "nan", "-o", out}, `"nan" for flag -density`},
		{[]string{"run", "-data", data, "-eps", "1_0e-6"}, `"1_0e-6" for flag -eps`},
		{[]string{"run", "-data", data, "-max-passes", "inf"}, `"inf" for flag -max-passes`},
		{[]string{"methods", "-data", data, "-eps", "1e-3,0x1p-10"}, `-eps "1e-3,0x1p-10"`},
		{[]string{"theory", "-data", data, "-tau", "1,,2"}, `"1,,2" has an empty entry`},
		{[]string{"paper", "-data", data, "-tau", "1,2,"}, `"1,2," has an empty entry`},
		{[]string{"theory", "-data", data, "-class", "0x1"}, `PositiveClass "0x1"`},
	} {
		code, _, stderr := cli(c.args...)
		if code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want an error naming %s", c.args, code, stderr, c.want)
		}
	}
	code, stdout, stderr := cli("gen", "-n", "010", "-d", "3", "-seed", "007", "-o", "-")
	if code != 0 || strings.Count(stdout, "\n") != 10 {
		t.Errorf("gen -n 010: exit %d, %d rows (%s); want 10, not octal 8", code, strings.Count(stdout, "\n"), stderr)
	}
	if _, again, _ := cli("gen", "-n", "10", "-d", "3", "-seed", "7", "-o", "-"); again != stdout {
		t.Error("gen -seed 007 differs from -seed 7")
	}
	code, _, stderr = cli("gen", "-h")
	if code != 0 || !strings.Contains(stderr, "-n int") || !strings.Contains(stderr, "-density float") {
		t.Errorf("gen -h lists the flags' types wrongly:\n%s", stderr)
	}
}

// TestHelpListsEveryName: -sampling's and -method's help name every kind
// and method the flags accept, so that a new one cannot be left off it.
func TestHelpListsEveryName(t *testing.T) {
	code, _, stderr := cli("run", "-h")
	if code != 0 {
		t.Fatalf("run -h: exit %d", code)
	}
	help := map[string]string{}
	lines := strings.Split(stderr, "\n")
	for k, l := range lines {
		if f := strings.Fields(l); len(f) > 0 && k+1 < len(lines) {
			help[f[0]] = lines[k+1]
		}
	}
	for _, k := range sampling.Kinds {
		if !strings.Contains(help["-sampling"], " "+string(k)+",") && !strings.Contains(help["-sampling"], " "+string(k)+" ") {
			t.Errorf("run -h: -sampling's help %q leaves out %s", help["-sampling"], k)
		}
	}
	for _, m := range catalog.Names {
		if !strings.Contains(help["-method"], string(m)) {
			t.Errorf("run -h: -method's help %q leaves out %s", help["-method"], m)
		}
	}
}
