// Command imlab is the native command-line face of imlab: it generates the
// paper's synthetic data, prints data statistics and the theory of τ-nice and
// τ-importance sampling, runs dfSDCA, and rebuilds the paper's ratio tables.
//
// Results go to standard output (-format csv|md), progress to standard error;
// a bad flag or file gives a one-line error and exit status 1 (2 for usage).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// command is one imlab subcommand.
type command struct {
	name, args, summary string
	run                 func(args []string, env *env) error
}

var commands = []command{
	{"gen", "-dist NAME -n N -d D -density W -seed S -o FILE", "write the paper's synthetic data as LIBSVM", runGen},
	{"stats", "-data FILE [-bias]", "n, d, nnz, density and σ of a data set", runStats},
	{"theory", "-data FILE -tau 1,2,4 [-loss L] [-lambda auto|X] [-partition P] [-seed S]", "step sizes and theoretical ratio per τ", runTheory},
	{"run", "-data FILE -sampling nice|imp|uniform|importance -tau T -eps E [...]", "run dfSDCA and print its trace", runRun},
	{"paper", "-data FILE [-bias] [-eps 1e-10] [-seeds K]", "the paper's theoretical:empirical table", runPaper},
	{"report", "[-size quick|paper] [-seeds K] [-data FILE,…] [-o DIR]", "rebuild all the paper's tables and figures into DIR/results.md", runReport},
	{"optimum", "-data FILE [-bias] [-loss L] [-lambda auto|X]", "P* to ‖∇P‖ ≈ 1e-12, with its certified gap bound", runOptimum},
}

// env is where a command writes; tests substitute buffers.
type env struct {
	stdout, stderr io.Writer
}

// errUsage marks errors that are the caller's misuse (exit status 2).
var errUsage = errors.New("usage")

func main() {
	os.Exit(imlab(os.Args[1:], &env{stdout: os.Stdout, stderr: os.Stderr}))
}

// imlab runs one command line and returns the process exit status.
func imlab(args []string, e *env) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "help" {
		usage(e.stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range commands {
		if c.name != args[0] {
			continue
		}
		err := c.run(args[1:], e)
		switch {
		case err == nil:
			return 0
		case errors.Is(err, flag.ErrHelp):
			return 0
		case errors.Is(err, errUsage):
			fmt.Fprintf(e.stderr, "imlab %s: %s (see 'imlab %s -h')\n", c.name, oneLine(err), c.name)
			return 2
		default:
			fmt.Fprintf(e.stderr, "imlab %s: %s\n", c.name, oneLine(err))
			return 1
		}
	}
	fmt.Fprintf(e.stderr, "imlab: unknown command %q (want one of gen, stats, theory, run, paper, report, optimum)\n", args[0])
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: imlab COMMAND [flags]   (imlab COMMAND -h for its flags)")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-7s %s\n          %s\n", c.name, c.summary, c.args)
	}
}

// oneLine joins a possibly multi-line error (errors.Join) into one line.
func oneLine(err error) string {
	msg := strings.TrimSuffix(err.Error(), ": "+errUsage.Error())
	return strings.ReplaceAll(msg, "\n", "; ")
}
