package main

import (
	"bufio"
	"fmt"
	"log"
	"os"
	"regexp"
	"sort"
)

// compiles reads the log of V8's --trace-wasm-compilation-times (Chromium
// run with --js-flags=--trace-wasm-compilation-times, its standard output)
// and sums the time of each tier's compilations by package, naming the
// functions from wasmPath, a build of the same code with its name section
// (-w without -s: the same function indices). With after, only the
// compilations logged after the first one of that function count: say, a
// function the Run button's handler calls first, to see what V8 compiles
// during a run. The times are the compiler threads' wall time.
func compiles(wasmPath, logPath string, after []string) {
	raw, err := os.ReadFile(wasmPath)
	if err != nil {
		log.Fatal(err)
	}
	m, err := parse(raw)
	if err != nil {
		log.Fatal(err)
	}
	name := func(index int) string {
		if k := index - m.imports; k >= 0 && k < len(m.funcs) && m.funcs[k].name != "" {
			return m.funcs[k].name
		}
		return fmt.Sprintf("#%d", index)
	}
	f, err := os.Open(logPath)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	line := regexp.MustCompile(`^Compiled function \S+#(\d+) using (\w+), took (\d+) μs`)
	type sum struct {
		n  int
		us int
	}
	byPkg, byFn := map[[2]string]*sum{}, map[[2]string]*sum{}
	add := func(to map[[2]string]*sum, k [2]string, us int) {
		if to[k] == nil {
			to[k] = &sum{}
		}
		to[k].n++
		to[k].us += us
	}
	counting := len(after) == 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		g := line.FindStringSubmatch(sc.Text())
		if g == nil {
			continue
		}
		var index, us int
		fmt.Sscan(g[1], &index)
		fmt.Sscan(g[3], &us)
		fn := name(index)
		if !counting {
			counting = fn == after[0]
			continue
		}
		add(byPkg, [2]string{g[2], pkgOf(fn)}, us)
		add(byFn, [2]string{g[2], fn}, us)
	}
	if err := sc.Err(); err != nil {
		log.Fatal(err)
	}
	report := func(title string, s map[[2]string]*sum, top int) {
		keys := make([][2]string, 0, len(s))
		for k := range s {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool { return s[keys[i]].us > s[keys[j]].us })
		fmt.Printf("%-8s %9s %5s %s\n", "tier", "ms", "funcs", title)
		for i, k := range keys {
			if i == top {
				break
			}
			fmt.Printf("%-8s %9.1f %5d %s\n", k[0], float64(s[k].us)/1e3, s[k].n, k[1])
		}
		fmt.Println()
	}
	report("package", byPkg, 30)
	report("function", byFn, 30)
}
