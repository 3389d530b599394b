// Command wasmsize says what a Go js/wasm binary holds: its sections, the
// runtime's pclntab inside the data, and the code of each package (or each
// function), raw and gzip -9 on its own. The names come from the binary's
// name section, so build it without -s:
//
//	GOOS=js GOARCH=wasm go build -trimpath -o /tmp/main.wasm ./wasm
//	go run ./bench/wasmsize /tmp/main.wasm          # by package
//	go run ./bench/wasmsize /tmp/main.wasm fn       # by function
//	go run ./bench/wasmsize /tmp/main.wasm dom_v2   # functions whose name holds dom_v2
//	go run ./bench/wasmsize -diff A.wasm B.wasm imlab_core_   # functions of that prefix whose code differs
//	go run ./bench/wasmsize -compiles A.wasm V8.log [FUNC]    # what V8 compiled, by tier and package (compiles.go)
//
// -diff compares the length of each function's code in two builds: the
// bodies differ in the indices and addresses they hold even when nothing
// was recompiled, so equal lengths are what "unchanged" can mean. It is how
// build.sh's -l flags were checked to leave core's code as it was.
// The wasm linker writes package paths with '_' for '/' (imlab_ui_app).
// docs/size.md has the figures and how to read them.
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"log"
	"os"
	"regexp"
	"sort"
	"strings"
)

func main() {
	log.SetFlags(0)
	if len(os.Args) == 5 && os.Args[1] == "-diff" {
		diff(os.Args[2], os.Args[3], os.Args[4])
		return
	}
	if len(os.Args) >= 4 && os.Args[1] == "-compiles" {
		compiles(os.Args[2], os.Args[3], os.Args[4:])
		return
	}
	if len(os.Args) < 2 {
		log.Fatal("usage: wasmsize FILE.wasm [pkg|fn|SUBSTRING] | wasmsize -diff A.wasm B.wasm PREFIX | wasmsize -compiles FILE.wasm LOG [FUNCTION]")
	}
	b, err := os.ReadFile(os.Args[1])
	if err != nil {
		log.Fatal(err)
	}
	mode := "pkg"
	if len(os.Args) > 2 {
		mode = os.Args[2]
	}
	m, err := parse(b)
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range m.sections {
		fmt.Printf("section %-10s %9d bytes, gzip %8d\n", s.name, len(s.data), gz(s.data))
	}
	m.pclntab()
	fmt.Println()
	if mode == "pkg" {
		type agg struct {
			n    int
			code []byte
		}
		pk := map[string]*agg{}
		for _, f := range m.funcs {
			a := pk[pkgOf(f.name)]
			if a == nil {
				a = &agg{}
				pk[pkgOf(f.name)] = a
			}
			a.n++
			a.code = append(a.code, f.body...)
		}
		keys := make([]string, 0, len(pk))
		for k := range pk {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool { return len(pk[keys[i]].code) > len(pk[keys[j]].code) })
		fmt.Printf("%9s %8s %5s %s\n", "code", "gzip", "funcs", "package")
		for _, k := range keys {
			fmt.Printf("%9d %8d %5d %s\n", len(pk[k].code), gz(pk[k].code), pk[k].n, k)
		}
		return
	}
	fs := m.funcs
	sort.Slice(fs, func(i, j int) bool { return len(fs[i].body) > len(fs[j].body) })
	for _, f := range fs {
		if mode == "fn" || strings.Contains(f.name, mode) {
			fmt.Printf("%8d %s\n", len(f.body), f.name)
		}
	}
}

// diff prints the functions whose names start with prefix that are longer
// or shorter in b than in a, or in one of them only (not inlined any more,
// or newly inlined, by their callers).
func diff(a, b, prefix string) {
	code := func(path string) map[string]int {
		raw, err := os.ReadFile(path)
		if err != nil {
			log.Fatal(err)
		}
		m, err := parse(raw)
		if err != nil {
			log.Fatal(path, ": ", err)
		}
		n := map[string]int{}
		for _, f := range m.funcs {
			if f.name == "" {
				log.Fatal(path, ": no name section (built with -s?)")
			}
			if strings.HasPrefix(f.name, prefix) {
				n[f.name] = len(f.body)
			}
		}
		return n
	}
	fa, fb := code(a), code(b)
	names := map[string]bool{}
	for k := range fa {
		names[k] = true
	}
	for k := range fb {
		names[k] = true
	}
	keys := make([]string, 0, len(names))
	for k := range names {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	same, differ, once := 0, 0, 0
	for _, k := range keys {
		x, inA := fa[k]
		y, inB := fb[k]
		switch {
		case inA && inB && x == y:
			same++
		case inA && inB:
			differ++
			fmt.Printf("differs  %8d -> %8d  %s\n", x, y, k)
		case inA:
			once++
			fmt.Printf("A only   %8d              %s\n", x, k)
		default:
			once++
			fmt.Printf("B only               %8d  %s\n", y, k)
		}
	}
	fmt.Printf("%s*: %d the same length, %d differ, %d in one build only\n", prefix, same, differ, once)
}

type section struct {
	name string
	data []byte
}

type function struct {
	name string
	body []byte
}

type module struct {
	sections []section
	funcs    []function
	imports  int    // imported functions: function k of funcs has index imports+k
	memory   []byte // the data segments laid out at their addresses
}

var sectionNames = map[byte]string{1: "type", 2: "import", 3: "function", 4: "table", 5: "memory",
	6: "global", 7: "export", 8: "start", 9: "element", 10: "code", 11: "data", 12: "datacount"}

func parse(b []byte) (*module, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, fmt.Errorf("not a wasm binary")
	}
	m := &module{}
	imports, names := 0, map[int]string{}
	var bodies [][]byte
	for r := reader(b[8:]); len(r) > 0; {
		id := r.byte()
		data := r.bytes(int(r.uleb()))
		name := sectionNames[id]
		s := reader(data)
		switch id {
		case 0:
			name = string(s.bytes(int(s.uleb())))
			if name == "name" {
				for len(s) > 0 {
					sub := s.byte()
					ss := reader(s.bytes(int(s.uleb())))
					if sub == 1 {
						for n := s2(ss.uleb()); n > 0; n-- {
							idx := int(ss.uleb())
							names[idx] = string(ss.bytes(int(ss.uleb())))
						}
					}
				}
			}
			name = "custom:" + name
		case 2:
			for n := s2(s.uleb()); n > 0; n-- {
				s.bytes(int(s.uleb()))
				s.bytes(int(s.uleb()))
				switch s.byte() {
				case 0:
					imports++
					s.uleb()
				case 1:
					s.byte()
					s.limits()
				case 2:
					s.limits()
				case 3:
					s.byte()
					s.byte()
				}
			}
		case 10:
			for n := s2(s.uleb()); n > 0; n-- {
				bodies = append(bodies, s.bytes(int(s.uleb())))
			}
		case 11:
			for n := s2(s.uleb()); n > 0; n-- {
				if s.byte() != 0 || s.byte() != 0x41 {
					return nil, fmt.Errorf("unexpected data segment")
				}
				off := int(s.uleb()) // i32.const: Go's offsets are positive and small
				s.byte()             // end
				seg := s.bytes(int(s.uleb()))
				if len(m.memory) < off+len(seg) {
					m.memory = append(m.memory, make([]byte, off+len(seg)-len(m.memory))...)
				}
				copy(m.memory[off:], seg)
			}
		}
		m.sections = append(m.sections, section{name, data})
	}
	m.imports = imports
	for k, body := range bodies {
		m.funcs = append(m.funcs, function{names[imports+k], body})
	}
	return m, nil
}

// pclntab prints the parts of the runtime's pclntab, found by its magic.
func (m *module) pclntab() {
	p := bytes.Index(m.memory, []byte{0xf1, 0xff, 0xff, 0xff, 0, 0, 1, 8})
	if p < 0 {
		return
	}
	h := func(i int) int { return int(binary.LittleEndian.Uint64(m.memory[p+8+8*i:])) }
	nfunc, funcname, cu, file, pc, pcln := h(0), h(3), h(4), h(5), h(6), h(7)
	fmt.Printf("data before pclntab %9d bytes, gzip %8d (types, strings, tables)\n", p, gz(m.memory[:p]))
	fmt.Printf("pclntab: %d functions\n", nfunc)
	for _, part := range []struct {
		name string
		a, z int
	}{{"funcnametab", funcname, cu}, {"cutab", cu, file}, {"filetab", file, pc}, {"pctab", pc, pcln}} {
		d := m.memory[p+part.a : p+part.z]
		fmt.Printf("  %-11s %9d bytes, gzip %8d\n", part.name, len(d), gz(d))
	}
	rest := m.memory[p+pcln:]
	fmt.Printf("data after pctab    %9d bytes, gzip %8d (functab, _func, data; gaps are zeros)\n", len(rest), gz(rest))
}

var domain = regexp.MustCompile(`^[a-z0-9]+\.(com|org|co|net|io|in)_`)

// pkgOf is the package of a function named by the wasm linker.
func pkgOf(name string) string {
	if d := domain.FindString(name); d != "" {
		return d + pkgOf(name[len(d):])
	}
	if i := strings.IndexByte(name, '.'); i >= 0 {
		return name[:i]
	}
	return name
}

func gz(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(b)
	w.Close()
	return buf.Len()
}

type reader []byte

func (r *reader) byte() byte {
	c := (*r)[0]
	*r = (*r)[1:]
	return c
}

func (r *reader) bytes(n int) []byte {
	b := (*r)[:n]
	*r = (*r)[n:]
	return b
}

func (r *reader) uleb() uint64 {
	v, n := binary.Uvarint(*r)
	*r = (*r)[n:]
	return v
}

func (r *reader) limits() {
	if r.byte()&1 != 0 {
		r.uleb()
	}
	r.uleb()
}

func s2(v uint64) int { return int(v) }
