// Command imlab is the native command-line face of imlab: it generates the
// paper's synthetic data, prints data statistics and the theory of τ-nice and
// τ-importance sampling, runs dfSDCA or the other methods of core/method
// (-method), compares the methods and their best minibatch size, and
// rebuilds the paper's ratio tables.
//
// Results go to standard output (-format csv|md), progress to standard error;
// a bad flag or file gives a one-line error and exit status 1 (2 for usage).
// Ctrl-C stops any command within a second, with exit status 130.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"
)

// command is one imlab subcommand.
type command struct {
	name, args, summary string
	run                 func(args []string, env *env) error
}

var commands = []command{
	{"gen", "-dist NAME -n N -d D -density W -seed S -o FILE", "write the paper's synthetic data as LIBSVM", runGen},
	{"stats", "-data FILE [-bias]", "n, d, nnz, density and σ of a data set", runStats},
	{"theory", "-data FILE -tau 1,2,4 [-method M] [-loss L] [-lambda auto|X] [-partition P] [-seed S]", "step sizes and theoretical ratio per τ", runTheory},
	{"run", "-data FILE [-method M] [-sampling S] [-tau T] [-eps E] [...]", "run a method (default dfSDCA) and print its trace", runRun},
	{"methods", "-data FILE [-bias] [-tau 8] [-eps 1e-6,…] [-methods M,…] [-samplings S,…]", "passes to ε per method × sampling, theory beside measurement", runMethods},
	{"tau-star", "-data FILE [-bias] [-tau 1,2,…] [-cores C] [-sync S] [-measure [-eps E]]", "predicted (and measured) time against τ on C cores, and τ*", runTauStar},
	{"paper", "-data FILE [-bias] [-eps 1e-10] [-seeds K] [-jobs N]", "the paper's theoretical:empirical table", runPaper},
	{"report", "[-size quick|paper] [-seeds K] [-data FILE,…] [-o DIR] [-jobs N]", "rebuild all the paper's tables and figures into DIR/results.md", runReport},
	{"optimum", "-data FILE [-bias] [-loss L] [-lambda auto|X]", "P* to ‖∇P‖ ≈ 1e-12, with its certified gap bound", runOptimum},
}

// env is where a command writes and what stops it; tests substitute
// buffers and contexts.
type env struct {
	stdout, stderr io.Writer
	// ctx ends when the user interrupts (Ctrl-C); nil means never.
	ctx context.Context
}

// errUsage marks errors that are the caller's misuse (exit status 2).
var errUsage = errors.New("usage")

// Exit statuses.
const (
	exitError     = 1
	exitUsage     = 2
	exitInterrupt = 130 // 128 + SIGINT, as shells report it
)

// interruptGrace is how long a command may take to wind down after an
// interrupt (print what it finished, remove its temporary files) before
// imlab exits regardless.
const interruptGrace = 700 * time.Millisecond

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(imlab(os.Args[1:], &env{stdout: os.Stdout, stderr: os.Stderr, ctx: ctx}))
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
	if e.ctx == nil {
		e.ctx = context.Background()
	}
	for _, c := range commands {
		if c.name != args[0] {
			continue
		}
		err, interrupted := runInterruptible(c, args[1:], e)
		switch {
		case interrupted:
			fmt.Fprintf(e.stderr, "imlab %s: interrupted\n", c.name)
			return exitInterrupt
		case err == nil:
			return 0
		case errors.Is(err, flag.ErrHelp):
			return 0
		case errors.Is(err, errUsage):
			fmt.Fprintf(e.stderr, "imlab %s: %s (see 'imlab %s -h')\n", c.name, oneLine(err), c.name)
			return exitUsage
		default:
			fmt.Fprintf(e.stderr, "imlab %s: %s\n", c.name, oneLine(err))
			return exitError
		}
	}
	fmt.Fprintf(e.stderr, "imlab: unknown command %q (want one of gen, stats, theory, run, methods, tau-star, paper, report, optimum)\n", args[0])
	return exitUsage
}

// runInterruptible runs c and reports whether e.ctx ended it. Commands pass
// e.ctx down to every long loop (reading, P*, runs) and return soon after
// it ends; one caught in a loop that cannot stop (generating data) is
// abandoned after interruptGrace, and the process exits.
func runInterruptible(c command, args []string, e *env) (err error, interrupted bool) {
	done := make(chan error, 1)
	go func() { done <- c.run(args, e) }()
	select {
	case err = <-done:
		return err, e.ctx.Err() != nil
	case <-e.ctx.Done():
	}
	select {
	case <-done:
	case <-time.After(interruptGrace):
	}
	return e.ctx.Err(), true
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: imlab COMMAND [flags]   (imlab COMMAND -h for its flags)")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s %s\n           %s\n", c.name, c.summary, c.args)
	}
}

// oneLine joins a possibly multi-line error (errors.Join) into one line.
func oneLine(err error) string {
	msg := strings.TrimSuffix(err.Error(), ": "+errUsage.Error())
	return strings.ReplaceAll(msg, "\n", "; ")
}
