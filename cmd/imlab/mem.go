package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"imlab/core/budget"
)

// memFlag is the -mem flag: the memory budget every load and generation is
// checked against before it allocates.
type memFlag struct{ b budget.Budget }

// register adds -mem to fs, defaulting to defaultMem().
func (m *memFlag) register(fs *flag.FlagSet) {
	m.b = defaultMem()
	fs.Var(m, "mem", "memory `budget` for the data set and its vectors, e.g. 512MiB or 8GiB; by default half the machine's memory")
}

func (m *memFlag) String() string {
	if m == nil || m.b == 0 {
		return ""
	}
	return m.b.String()
}

// memUnits are the units -mem accepts, all binary.
var memUnits = map[string]uint{"": 0, "b": 0, "k": 10, "kb": 10, "kib": 10, "m": 20, "mb": 20, "mib": 20,
	"g": 30, "gb": 30, "gib": 30, "t": 40, "tb": 40, "tib": 40, "p": 50, "pb": 50, "pib": 50}

// maxMem is the largest -mem, 1 PiB: far beyond any machine, and small
// enough that every limit derived from it fits an int64.
const maxMem = 1 << 50

// Set parses a byte count with an optional unit, such as 512MiB or 1.5G
// (KB, MB… are read as binary units too), from 1 byte to 1 PiB inclusive.
func (m *memFlag) Set(s string) error {
	i := strings.IndexFunc(s, func(r rune) bool { return !('0' <= r && r <= '9' || r == '.') })
	if i < 0 {
		i = len(s)
	}
	shift, ok := memUnits[strings.ToLower(s[i:])]
	v, err := strconv.ParseFloat(s[:i], 64)
	bytes := v * float64(uint64(1)<<shift)
	if !ok || err != nil || !(bytes >= 1 && bytes <= maxMem) {
		return fmt.Errorf("%q: want a size such as 512MiB or 8GiB, from 1 byte to 1 PiB inclusive", s)
	}
	m.b = budget.Budget(bytes)
	return nil
}

// defaultMem is half of MemTotal in /proc/meminfo, or budget.Default where
// that cannot be read (other systems, js/wasm).
func defaultMem() budget.Budget {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return budget.Default
	}
	defer f.Close()
	if kib, ok := memTotalKiB(f); ok {
		return budget.Budget(kib << 10 / 2)
	}
	return budget.Default
}

// memTotalKiB reads the MemTotal line of a /proc/meminfo.
func memTotalKiB(r io.Reader) (int64, bool) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 3 && f[0] == "MemTotal:" && f[2] == "kB" {
			kib, err := strconv.ParseInt(f[1], 10, 64)
			return kib, err == nil && kib > 0
		}
	}
	return 0, false
}

// ctxReader fails with the context's error once ctx is done, so that a
// read of a large file stops within one buffer when the user interrupts.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// ctxWriter is ctxReader's twin for output.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}
