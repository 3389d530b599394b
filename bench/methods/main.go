// Command methods regenerates docs/methods.md: the methods' versions of the
// paper's ratio tables on its artificial data at the quick size and on its
// real data, the methods side by side at one τ, τ* against measurement, and
// the race's latest table (copied from docs/peers.md). From the repository
// root, with the paper's data in ../shared/data:
//
//	go run ./bench/methods -out docs/methods.md
//
// (./build.sh methods runs it.) After bench/peers.sh, -race-only rewrites
// just the race section from docs/peers.md, in seconds.
//
// Every table is the output of an imlab command, built from this tree and
// run as printed beside the table, with the machine and the time it took.
// The prose around the tables is in intro.md, tested.md and outro.md beside
// this file. A section of the old page that this command does not write
// (a "## " heading of its own) is kept, after the generated ones.
package main

import (
	"bytes"
	_ "embed"
	"encoding/csv"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"imlab/core/method/catalog"
)

var (
	//go:embed intro.md
	intro string
	//go:embed tested.md
	tested string
	//go:embed outro.md
	outro string
)

// config is what the command line chooses.
type config struct {
	out, dataDir, peers, size string
	methods                   []string
	seeds, jobs               int
	sgdBudget                 string
	taus                      string
}

func main() {
	var c config
	flag.StringVar(&c.out, "out", "docs/methods.md", "the page to write")
	flag.StringVar(&c.dataDir, "data", "../shared/data", "directory with w8a.gz and ijcnn1.tr.gz")
	flag.StringVar(&c.peers, "peers", "docs/peers.md", "bench/peers.sh's page, whose measured block holds the race")
	flag.StringVar(&c.size, "size", "quick", "artificial data size: tiny (a smoke test) or quick")
	methods := flag.String("methods", "dfsdca,sdca,saga,lsvrg,sgd", "methods of the paper's tables")
	flag.IntVar(&c.seeds, "seeds", 1, "seeds per cell of the paper's tables")
	flag.IntVar(&c.jobs, "jobs", runtime.NumCPU(), "runs at once in the paper's tables")
	flag.StringVar(&c.sgdBudget, "sgd-max-passes", "1000", "SGD's budget per run in the paper's tables, in passes/τ")
	flag.StringVar(&c.taus, "tau-star-taus", "1,2,4,8,16,32,64,128", "τ of the τ* tables")
	raceOnly := flag.Bool("race-only", false, "rewrite only the race section of -out from -peers (seconds; after bench/peers.sh)")
	flag.Parse()
	c.methods = strings.Split(*methods, ",")
	if *raceOnly {
		if err := replaceRace(c.out, c.peers); err != nil {
			log.Fatal(err)
		}
		log.Printf("rewrote the race section of %s from %s", c.out, c.peers)
		return
	}
	start := time.Now()
	bin, cleanup, err := buildImlab()
	if err != nil {
		log.Fatal(err)
	}
	defer cleanup()
	g := &generator{cfg: c, bin: bin}
	doc, err := g.page()
	if err != nil {
		log.Fatal(err)
	}
	kept, err := foreignSections(c.out, doc)
	if err != nil {
		log.Fatal(err)
	}
	doc = strings.Replace(doc, "{{TOTAL}}", time.Since(start).Round(time.Second).String(), 1) + kept
	if err := os.WriteFile(c.out, []byte(doc), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %s in %s", c.out, time.Since(start).Round(time.Second))
}

// replaceRace rewrites the race section of the page at out (from its
// heading to the next) with the latest measured block of peers.
func replaceRace(out, peers string) error {
	old, err := os.ReadFile(out)
	if err != nil {
		return err
	}
	page := string(old)
	const heading = "\n## The race\n"
	i := strings.Index(page, heading)
	if i < 0 {
		return fmt.Errorf("%s: no race section", out)
	}
	j := strings.Index(page[i+len(heading):], "\n## ")
	if j < 0 {
		return fmt.Errorf("%s: nothing after the race section", out)
	}
	race, err := (&generator{cfg: config{peers: peers}}).race()
	if err != nil {
		return err
	}
	page = page[:i] + strings.TrimRight(race, "\n") + "\n" + page[i+len(heading)+j:]
	return os.WriteFile(out, []byte(page), 0o644)
}

// buildImlab builds cmd/imlab from this tree into a temporary directory.
func buildImlab() (string, func(), error) {
	dir, err := os.MkdirTemp("", "imlab-methods-")
	if err != nil {
		return "", nil, err
	}
	bin := filepath.Join(dir, "imlab")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/imlab")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		os.RemoveAll(dir)
		return "", nil, fmt.Errorf("building imlab: %w", err)
	}
	return bin, func() { os.RemoveAll(dir) }, nil
}

// generator runs imlab and lays out the page.
type generator struct {
	cfg config
	bin string
}

// run runs imlab with args and returns its standard output and the wall
// time; its progress goes to our standard error.
func (g *generator) run(args ...string) (string, time.Duration, error) {
	log.Printf("imlab %s", strings.Join(args, " "))
	cmd := exec.Command(g.bin, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, os.Stderr
	start := time.Now()
	err := cmd.Run()
	took := time.Since(start)
	if err != nil {
		return "", took, fmt.Errorf("imlab %s: %w", strings.Join(args, " "), err)
	}
	return out.String(), took, nil
}

// ran describes a command for the page: the command line and its time, with
// the load average as it ended (the machine is shared).
func ran(args []string, took time.Duration) string {
	return fmt.Sprintf("    imlab %s\n\n(%s; load average then %s.)\n\n", strings.Join(args, " "), took.Round(time.Second), loadAverage())
}

func (g *generator) data(name string) string { return filepath.Join(g.cfg.dataDir, name) }

// page writes every section; {{TOTAL}} stands for the total time.
func (g *generator) page() (string, error) {
	var b strings.Builder
	b.WriteString(intro)
	fmt.Fprintf(&b, `
## How this page is made

This page is generated, tables and all, by one command from the repository root, `+"`./build.sh methods`"+`, which runs

    go run ./bench/methods -out docs/methods.md

It builds `+"`imlab`"+` from the tree and runs the commands printed beside each table; the prose is in
`+"`bench/methods/*.md`"+`. This run: %s, on %s, imlab at %s, %s in all; the
machine is shared with other work, so its times are noisy (each command's own time and the load average as it
ended are given).

`, time.Now().UTC().Format("2006-01-02 15:04 UTC"), machine(), commit(), "{{TOTAL}}")
	b.WriteString(tested)
	for _, sec := range []func() (string, error){g.paperTables, g.acrossMethods, g.tauStar, g.race} {
		s, err := sec()
		if err != nil {
			return "", err
		}
		b.WriteString(s)
	}
	b.WriteString(outro)
	return b.String(), nil
}

// paperTables are the paper's ratio tables for every method.
func (g *generator) paperTables() (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, `
## The paper's tables, per method

`+"`imlab paper -method M`"+` (and `+"`imlab report -method M`"+`, which adds the figures) rebuild the paper's ratio tables
with method M instead of dfSDCA: each cell is **theoretical : empirical** ratio of τ-importance over τ-nice,
%d seed(s), random partition, logistic loss, λ = maxᵢ‖xᵢ‖/n, the paper's row (dfSDCA's) beneath ours. For
dfSDCA the theoretical ratio is the paper's θ_imp/θ_nice; for the other methods it is the ratio of the passes per
e-fold that the method's theory predicts with each sampling (`+"`imlab theory -method M`"+`). The empirical ratio
is the passes to ε = 1e−10 of τ-nice over those of τ-importance; "–" where a run spent its budget first (the CLI's
`+"`imlab paper`"+` and the page write "> budget" there; the page's budget is the link key `+"`maxpasses`"+`, in the same unit
as `+"`-max-passes`"+`). SGD's
tables are to ε = %g instead (`+"`catalog.DefaultsOf`"+`, the default of `+"`imlab paper -method sgd`"+`), with
decreasing steps and a budget of %s passes/τ: its theory gives its rate, and so the theoretical ratio, for the
safe constant step down to a neighbourhood of w* set by the gradient noise at w*, and below it decreasing steps
converge at O(1/k) only, so 1e−6 would take thousands of passes and measure that noise rather than the rate. The
artificial data are at the %s size (n = 5,000 for quick), the real data w8a and ijcnn1.tr with a bias feature.
`, g.cfg.seeds, catalog.DefaultsOf(catalog.SGD).Eps, g.cfg.sgdBudget, g.cfg.size)
	real := g.data("w8a.gz") + "," + g.data("ijcnn1.tr.gz")
	for _, m := range g.cfg.methods {
		fmt.Fprintf(&b, "\n### %s\n\n", m)
		for _, preset := range []string{"sparse", "dense", "real"} {
			args := []string{"paper", "-method", m, "-preset", preset, "-seeds", strconv.Itoa(g.cfg.seeds),
				"-partition", "random", "-jobs", strconv.Itoa(g.cfg.jobs), "-format", "md"}
			if preset == "real" {
				args = append(args, "-data", real)
			} else {
				args = append(args, "-size", g.cfg.size)
			}
			if m == "sgd" {
				args = append(args, "-max-passes", g.cfg.sgdBudget)
			}
			out, took, err := g.run(args...)
			if err != nil {
				return "", err
			}
			fmt.Fprintf(&b, "%s\n\n%s", map[string]string{"sparse": "Table 2, sparse artificial data (ω' = 0.1):",
				"dense": "Table 3, dense artificial data (ω' = 0.8):", "real": "Table 5, real data with a bias feature:"}[preset],
				ran(args, took))
			b.WriteString(out + "\n")
		}
	}
	return b.String(), nil
}

// acrossMethods is every method × sampling at τ = 8 on the real data.
func (g *generator) acrossMethods() (string, error) {
	var b strings.Builder
	b.WriteString(`
## Across methods at τ = 8

Passes through the data to a gap of 1e−6 / 1e−10 for every method × sampling, each with its safe step, one
seed, the minibatch samplings at τ = 8 (serial ones at τ = 1), and in brackets the theory's prediction to 1e−10,
PassesPerEFold · ln(gap₀/ε) from the gap at w = 0 (a statement about shape rather than a bound). "–" where the
budget (400 passes; SGD 100) ran out first; SGD runs with decreasing steps, to 1e−6 only, and its bracket gives
the gap where its budget ended instead. The command prints one row per method × sampling × ε (here in CSV,
laid out as a grid).
`)
	for _, f := range []string{"w8a.gz", "ijcnn1.tr.gz"} {
		args := []string{"methods", "-data", g.data(f), "-bias", "-tau", "8", "-eps", "1e-6,1e-10"}
		out, took, err := g.run(args...)
		if err != nil {
			return "", err
		}
		rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
		if err != nil {
			return "", fmt.Errorf("methods output: %w", err)
		}
		fmt.Fprintf(&b, "\n### %s\n\n%s%s", strings.TrimSuffix(f, ".gz"), ran(args, took), methodsGrid(rows))
	}
	return b.String(), nil
}

// methodsGrid lays imlab methods' long rows (header first; ε 1e−6 then
// 1e−10 for each method × sampling) out as a grid of methods × samplings.
func methodsGrid(rows [][]string) string {
	col := map[string]int{}
	for k, h := range rows[0] {
		col[h] = k
	}
	var methods, samplings []string
	cells := map[[2]string][]string{}
	for _, r := range rows[1:] {
		m, s := r[col["method"]], r[col["sampling"]]+" (τ="+r[col["tau"]]+")"
		if !slices.Contains(methods, m) {
			methods = append(methods, m)
		}
		if !slices.Contains(samplings, s) {
			samplings = append(samplings, s)
		}
		cells[[2]string{m, s}] = append(cells[[2]string{m, s}], r...)
	}
	dash := func(x string) string {
		if x == "" || x == "NaN" {
			return "–"
		}
		return x
	}
	var b strings.Builder
	b.WriteString("| method | " + strings.Join(samplings, " | ") + " |\n|---|" + strings.Repeat("---|", len(samplings)) + "\n")
	w := len(rows[0])
	for _, m := range methods {
		b.WriteString("| " + m + " |")
		for _, s := range samplings {
			c := cells[[2]string{m, s}] // two rows of w cells: ε = 1e−6, then 1e−10
			if len(c) < 2*w {
				b.WriteString(" |")
				continue
			}
			e6, e10 := c[col["passes"]], c[w+col["passes"]]
			if m == "sgd" {
				note := "gap " + c[col["last_gap"]] + " at " + c[col["last_passes"]]
				if dash(e6) != "–" {
					note = "to 1e−6 only"
				}
				fmt.Fprintf(&b, " %s (%s) |", dash(e6), note)
				continue
			}
			fmt.Fprintf(&b, " %s / %s (%s) |", dash(e6), dash(e10), c[w+col["predicted_passes"]])
		}
		b.WriteString("\n")
	}
	return b.String()
}

// tauStar is τ* predicted against measured on the real data, summarised
// from imlab tau-star's long table.
func (g *generator) tauStar() (string, error) {
	var b strings.Builder
	b.WriteString(tauStarText)
	for _, f := range []string{"w8a.gz", "ijcnn1.tr.gz"} {
		args := []string{"tau-star", "-data", g.data(f), "-bias", "-tau", g.cfg.taus, "-measure", "-eps", "1e-4"}
		out, took, err := g.run(args...)
		if err != nil {
			return "", err
		}
		rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
		if err != nil {
			return "", fmt.Errorf("tau-star output: %w", err)
		}
		fmt.Fprintf(&b, "\n### %s\n\n%s", strings.TrimSuffix(f, ".gz"), ran(args, took))
		b.WriteString(summariseTauStar(rows))
	}
	return b.String(), nil
}

const tauStarText = `
## τ* against measurement

` + "`imlab tau-star`" + ` predicts, for each method and sampling, the time against τ under a simple parallel cost model
(` + "`catalog.CostModel`" + `): an iteration on a minibatch of τ examples on c cores costs ⌈τ/c⌉ example updates plus a
fixed synchronisation cost s (here c = 8, s = 1, the defaults); L-SVRG's full gradient costs ⌈n/c⌉ + s and
comes with probability q = τ/n per iteration. The predicted time per e-fold is that cost × 1/(−ln Rate)
iterations, in sequential passes (units of n example updates); τ* is the τ of least predicted time. With
` + "`-measure`" + ` each method × sampling × τ also runs from w = 0 to ε = 1e−4 and its trace is converted to the same
modelled time; the measured τ* is the τ of least measured time. The model leaves out memory bandwidth, the
spread of the examples' non-zeros and the cost of drawing a minibatch: it is for the shape of the curve and
where it turns, not for seconds. Below, per method and sampling: both τ*, the measured time (sequential
passes) at each, and at τ = 1, where c − 1 cores idle.
`

// summariseTauStar turns tau-star's rows (header first) into one line per
// method × sampling.
func summariseTauStar(rows [][]string) string {
	col := map[string]int{}
	for k, h := range rows[0] {
		col[h] = k
	}
	type key struct{ m, s string }
	var order []key
	byKey := map[key][][]string{}
	for _, r := range rows[1:] {
		k := key{r[col["method"]], r[col["sampling"]]}
		if _, ok := byKey[k]; !ok {
			order = append(order, k)
		}
		byKey[k] = append(byKey[k], r)
	}
	var b strings.Builder
	b.WriteString("| method | sampling | τ* predicted | τ* measured | time at predicted τ* | at measured τ* | at τ = 1 |\n")
	b.WriteString("|---|---|---:|---:|---:|---:|---:|\n")
	for _, k := range order {
		rs := byKey[k]
		pick := func(c string) []string {
			i := slices.IndexFunc(rs, func(r []string) bool { return r[col[c]] == "*" })
			if i < 0 {
				return nil
			}
			return rs[i]
		}
		cell := func(r []string, c string) string {
			if r == nil {
				return "–"
			}
			return r[col[c]]
		}
		pred, meas := pick("tau_star"), pick("tau_star_measured")
		one := rs[slices.IndexFunc(rs, func(r []string) bool { return r[col["tau"]] == "1" })]
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n", k.m, k.s, cell(pred, "tau"), cell(meas, "tau"),
			cell(pred, "time"), cell(meas, "time"), one[col["time"]])
	}
	return b.String()
}

// race copies the latest measured race from bench/peers.sh's page.
func (g *generator) race() (string, error) {
	var b strings.Builder
	b.WriteString(`
## The race

` + "`bench/peers.sh`" + ` (` + "`./build.sh bench`" + `) times imlab against LIBLINEAR ` + "`-s 7`" + ` and ` + "`-s 0`" + ` and scikit-learn's SAG and SAGA,
single-threaded, to 1e−6 and 1e−10 on w8a and ijcnn1.tr (bias, the paper's λ), and writes ` + "`docs/peers.md`" + `,
whose method and findings are there. Its latest measured block, as this page was generated (the run's date,
machine and imlab commit are its first lines):

`)
	block, err := measuredBlock(g.cfg.peers)
	if err != nil {
		return "", err
	}
	b.WriteString(block)
	return b.String(), nil
}
