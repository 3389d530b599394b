package wasmdata

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// module is a WebAssembly module of a custom section and a data section
// holding segs, in that order.
func module(segs ...Segment) []byte {
	b := append([]byte(nil), magic...)
	custom := []byte{4, 'n', 'a', 'm', 'e', 1, 2, 3}
	b = append(b, 0, byte(len(custom)))
	b = append(b, custom...)
	data := encode(segs)
	b = append(b, sectionData)
	b = binary.AppendUvarint(b, uint64(len(data)))
	return append(b, data...)
}

// dataBody is the body of the data section of a module made by module.
func dataBody(mod []byte) []byte {
	r := mod[len(magic)+10+1:]
	_, n := binary.Uvarint(r)
	return r[n:]
}

// memory is the memory the module's data segments lay out.
func memory(t *testing.T, mod []byte) []byte {
	t.Helper()
	r := mod[len(magic):]
	for len(r) > 0 {
		size, n := binary.Uvarint(r[1:])
		body := r[1+n : 1+n+int(size)]
		if r[0] == sectionData {
			segs, err := Segments(body)
			if err != nil {
				t.Fatal(err)
			}
			var mem []byte
			for _, s := range segs {
				if end := int(s.Offset) + len(s.Data); end > len(mem) {
					mem = append(mem, make([]byte, end-len(mem))...)
				}
				copy(mem[s.Offset:], s.Data)
			}
			return mem
		}
		r = r[1+n+int(size):]
	}
	return nil
}

func TestJoin(t *testing.T) {
	// Two runs, each in order, the second below the first, as Go's
	// linker writes its sections.
	in := module(
		Segment{1000, []byte{1, 2, 3}}, Segment{1010, []byte{4}}, Segment{1200, []byte{5, 6}},
		Segment{8, []byte{7, 8}}, Segment{20, []byte{9}}, Segment{5000, []byte{10}})
	for _, c := range []struct{ gap, want int }{{1, 6}, {8, 5}, {11, 4}, {200, 3}, {1 << 20, 1}} {
		out, before, after, err := Join(in, c.gap)
		if err != nil {
			t.Fatal(err)
		}
		if before != 6 || after != c.want {
			t.Errorf("gap %d: %d segments into %d, want 6 into %d", c.gap, before, after, c.want)
		}
		if !bytes.Equal(memory(t, out), memory(t, in)) {
			t.Errorf("gap %d: the memory differs", c.gap)
		}
		if !bytes.Equal(out[:len(magic)+10], in[:len(magic)+10]) {
			t.Errorf("gap %d: the custom section changed", c.gap)
		}
	}
	out, _, _, _ := Join(in, 11)
	segs, _ := Segments(dataBody(out))
	if len(segs) != 4 || segs[0].Offset != 8 || len(segs[0].Data) != 13 || segs[1].Offset != 1000 || len(segs[1].Data) != 11 {
		t.Errorf("gap 11: segments %v", segs)
	}
}

// Offsets are i32.const operands, signed LEB128: one past 2³¹ is negative.
func TestJoinHighOffsets(t *testing.T) {
	in := module(Segment{1 << 31, []byte{1}}, Segment{1<<31 + 3, []byte{2}}, Segment{1<<32 - 1, []byte{3}})
	out, _, after, err := Join(in, 4)
	if err != nil {
		t.Fatal(err)
	}
	segs, err := Segments(dataBody(out))
	if err != nil {
		t.Fatal(err)
	}
	if after != 2 || len(segs) != 2 || segs[0].Offset != 1<<31 || !bytes.Equal(segs[0].Data, []byte{1, 0, 0, 2}) || segs[1].Offset != 1<<32-1 {
		t.Errorf("segments %v", segs)
	}
}

func TestJoinRefuses(t *testing.T) {
	good := module(Segment{0, []byte{1}})
	overlap := module(Segment{0, []byte{1, 2, 3}}, Segment{2, []byte{4}})
	passive := append([]byte(nil), good...)
	passive[len(passive)-5] = 1 // the segment's flags
	truncated := good[:len(good)-1]
	miscounted := append(append([]byte(nil), good...), sectionDataCount, 1, 2)
	for name, mod := range map[string][]byte{"overlapping": overlap, "passive": passive, "truncated": truncated,
		"miscounted": miscounted, "not wasm": []byte("hello")} {
		if _, _, _, err := Join(mod, 100); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v, want ErrFormat", name, err)
		}
	}
	if _, _, _, err := Join(good, 100); err != nil {
		t.Errorf("good: %v", err)
	}
}

// wasm-opt writes a data count section (bulk memory): it counts the
// merged segments.
func TestJoinDataCount(t *testing.T) {
	in := append(module(Segment{0, []byte{1}}, Segment{5, []byte{2}}, Segment{100, []byte{3}}), sectionDataCount, 1, 3)
	out, _, after, err := Join(in, 10)
	if err != nil {
		t.Fatal(err)
	}
	if after != 2 || !bytes.HasSuffix(out, []byte{sectionDataCount, 1, 2}) {
		t.Errorf("%d segments, module ends % x", after, out[len(out)-3:])
	}
}

// A Go program built for js/wasm and joined runs as it did: its strings,
// tables and initialised variables are where the runtime expects them.
func TestJoinedProgramRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasm program")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node")
	}
	dir := t.TempDir()
	src := `package main

import (
	"fmt"
	"sort"
	"strings"
)

var table = map[string]int{"alpha": 1, "beta": 22, "gamma": 333}

func main() {
	var keys []string
	for k := range table {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%s=%d ", strings.ToUpper(k), table[k])
	}
	fmt.Printf("%.3f\n", 22.0/7)
}
`
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wasm := filepath.Join(dir, "hello.wasm")
	build := exec.Command("go", "build", "-o", wasm, ".")
	build.Dir, build.Env = dir, append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	in, err := os.ReadFile(wasm)
	if err != nil {
		t.Fatal(err)
	}
	out, before, after, err := Join(in, 4096)
	if err != nil {
		t.Fatal(err)
	}
	if after >= before/10 {
		t.Errorf("%d segments into %d: few merged", before, after)
	}
	if err := os.WriteFile(wasm, out, 0o644); err != nil {
		t.Fatal(err)
	}
	run := exec.Command(node, filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec_node.js"), wasm)
	got, err := run.CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, got)
	}
	if want := "ALPHA=1 BETA=22 GAMMA=333 3.143\n"; !strings.HasSuffix(string(got), want) {
		t.Errorf("output %q, want %q", got, want)
	}
}
