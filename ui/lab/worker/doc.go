// Package worker is a lab worker's side and the wire format between the page
// and its workers: the one Message both ways, and Run, a worker's whole life
// (load the data, solve P*, compute the method's theory, run jobs in slices,
// obeying pause, step and stop between slices), with what those messages
// carry (DataSpec and Loaded, JobSpec and Update, MethodTheory). A worker
// does long work as core's steppers do it, a step at a time, and waits (so
// yields to its host) between steps and slices.
//
// Host starts workers: Web Workers in the browser (ui/browser), goroutines
// in tests, or PageHost, the page's own thread, where workers cannot start
// or are not wanted. It is free of any browser API, so that it runs and is
// tested natively and under node.
package worker
