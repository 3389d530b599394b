// Package labtest holds the fixtures that the tests of the controller
// (ui/lab) and of the worker (ui/lab/worker) share: a small preset, its data
// and solved problem, the traces of its whole experiment run in one thread,
// and a bit-for-bit comparison of traces. Only tests import it.
package labtest
