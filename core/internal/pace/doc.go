// Package pace holds imlab's one protocol for long work: a piece of work
// exposes a bounded step (Run.Advance, a number of iterations; Stepper.Step,
// about a millisecond of work of its own choosing), and the caller owns the
// loop. A browser page calls the step itself and hands control back to its
// event loop between steps; native callers use Until or Steps, which check
// for cancellation between steps.
package pace
