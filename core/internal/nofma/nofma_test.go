package nofma

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// target is a platform on which Go fuses multiply-adds.
type target struct {
	name string
	env  []string
}

var targets = []target{
	{"arm64", []string{"GOARCH=arm64"}},
	{"ppc64le", []string{"GOARCH=ppc64le"}},
	{"s390x", []string{"GOARCH=s390x"}},
	{"riscv64", []string{"GOARCH=riscv64"}},
	{"loong64", []string{"GOARCH=loong64"}},
	{"amd64v3", []string{"GOARCH=amd64", "GOAMD64=v3"}},
}

// fusedOp matches the fused multiply-add mnemonics of every target, as
// -gcflags=-S prints them: FMADDD, FMSUBD, FNMADDD, FNMSUBD (arm64,
// riscv64, loong64; …S or …F for float32), FMADD, FMSUB, FNMADD, FNMSUB
// (ppc64, s390x; …S, …CC), WFMADB, WFMSDB, VFMA, VFMS (s390x vectors) and
// VFMADD231SD, VFNMSUB132SD, … (amd64). FMAXD and integer MADD do not match.
var fusedOp = regexp.MustCompile(`^(?:[VW]?FN?M(?:ADD|SUB)\w*|[VW]FN?M[AS](?:DB|SB)?)$`)

var (
	// textLine starts a function: "imlab/core/sparse.dotGeneric STEXT …".
	textLine = regexp.MustCompile(`^(\S+) STEXT\b`)
	// instLine is one instruction: "\t0x0010 00016 (/path/file.go:26)\tFMADDD\t…".
	instLine = regexp.MustCompile(`^\s+0x[0-9a-f]+ \d+ \((.+):(\d+)\)\s+(\S+)`)
)

// site is a fused instruction: where its source is, the function it was
// compiled into (the source may be a callee inlined there) and its
// mnemonic.
type site struct {
	file string // relative to the module for the module's files
	line int
	fn   string
	op   string
}

func (s site) String() string {
	return fmt.Sprintf("%s:%d: %s in %s", s.file, s.line, s.op, s.fn)
}

// scan reads the output of go build -gcflags=-S and returns the fused
// instructions, one per file, line, function and mnemonic, and the number of
// instructions read. Paths under root are made relative to it.
func scan(r io.Reader, root string) (sites []site, insts int, err error) {
	seen := map[site]bool{}
	fn := ""
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := textLine.FindStringSubmatch(line); m != nil {
			fn = m[1]
			continue
		}
		m := instLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		insts++
		if !fusedOp.MatchString(m[3]) {
			continue
		}
		n, _ := strconv.Atoi(m[2])
		s := site{file: m[1], line: n, fn: fn, op: m[3]}
		if rel, err := filepath.Rel(root, s.file); err == nil && filepath.IsLocal(rel) {
			s.file = filepath.ToSlash(rel)
		}
		if !seen[s] {
			seen[s] = true
			sites = append(sites, s)
		}
	}
	return sites, insts, sc.Err()
}

func TestNoFusedMultiplyAdd(t *testing.T) {
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no go command to run under " + runtime.GOOS)
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("the go command is needed to compile core for the fusing architectures: %v", err)
	}
	out, err := exec.Command(goTool, "list", "-m", "-f", "{{.Path}} {{.Dir}}").Output()
	if err != nil {
		t.Fatalf("go list -m: %v", err)
	}
	modPath, root, _ := strings.Cut(strings.TrimSpace(string(out)), " ")
	for _, tg := range targets {
		t.Run(tg.name, func(t *testing.T) {
			// Compiled once per target; the build cache replays the
			// listing on later runs.
			cmd := exec.CommandContext(t.Context(), goTool, "build", "-gcflags="+modPath+"/...=-S", modPath+"/core/...")
			cmd.Dir = root
			cmd.Env = append(os.Environ(), "GOOS=linux", "CGO_ENABLED=0", "GOFLAGS=")
			cmd.Env = append(cmd.Env, tg.env...)
			listing, err := cmd.StderrPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			sites, insts, scanErr := scan(listing, root)
			io.Copy(io.Discard, listing)
			if err := cmd.Wait(); err != nil {
				t.Fatalf("go build for %s: %v", tg.name, err)
			}
			if scanErr != nil {
				t.Fatal(scanErr)
			}
			if insts == 0 {
				t.Fatalf("go build -gcflags=-S for %s printed no instructions", tg.name)
			}
			var bad []string
			for _, s := range sites {
				bad = append(bad, s.String())
			}
			slices.Sort(bad)
			if len(bad) > 0 {
				t.Errorf("%s: %d fused multiply-adds; round the product with float64(…) on that line, or, "+
					"where the line is a callee inlined into the function named, the product its caller passes:\n\t%s",
					tg.name, len(bad), strings.Join(bad, "\n\t"))
			}
		})
	}
}

// TestScan checks the parsing of a listing on one line of each kind.
func TestScan(t *testing.T) {
	listing := `# imlab/core/sparse
imlab/core/sparse.dotGeneric STEXT nosplit size=420 args=0x48 locals=0x0 funcid=0x0 align=0x0
	0x0000 00000 (/m/core/sparse/generic.go:20)	TEXT	imlab/core/sparse.dotGeneric(SB), NOSPLIT|NOFRAME|ABIInternal, $0-72
	0x0010 00016 (/m/core/sparse/generic.go:26)	FMADDD	F3, F2, F1, F1
	0x0014 00020 (/m/core/sparse/generic.go:26)	FMAXD	F3, F2, F1
	0x0018 00024 (/m/core/sparse/generic.go:27)	MADD	R1, R2, R3, R4
	0x0018 00024 (/m/core/sparse/generic.go:28)	FMULD	F1, F2, F3
	0x0000 00000 f3 0f 10 44 24 08 ...
imlab/core/method.NoiseAtOptimum STEXT size=1000 args=0x48 locals=0x0 funcid=0x0 align=0x0
	0x0020 00032 (/m/core/problem/problem.go:97)	VFMADD231SD	X1, X2, X3
	0x0024 00036 (/m/core/problem/problem.go:99)	WFMSDB	V1, V2, V3, V4
	0x0028 00040 (/root/go/pkg/mod/gonum.org/v1/gonum@v0.17.0/internal/asm/f64/axpy.go:28)	FNMSUBS	F1, F2, F3, F4
	0x0000 00000 (<unknown line number>)	NOP
`
	sites, insts, err := scan(strings.NewReader(listing), "/m")
	if err != nil {
		t.Fatal(err)
	}
	if insts != 8 {
		t.Errorf("read %d instructions, want 8", insts)
	}
	var got []string
	for _, s := range sites {
		got = append(got, s.String())
	}
	want := []string{
		"core/sparse/generic.go:26: FMADDD in imlab/core/sparse.dotGeneric",
		"core/problem/problem.go:97: VFMADD231SD in imlab/core/method.NoiseAtOptimum",
		"core/problem/problem.go:99: WFMSDB in imlab/core/method.NoiseAtOptimum",
		"/root/go/pkg/mod/gonum.org/v1/gonum@v0.17.0/internal/asm/f64/axpy.go:28: FNMSUBS in imlab/core/method.NoiseAtOptimum",
	}
	if !slices.Equal(got, want) {
		t.Errorf("scan found\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}
