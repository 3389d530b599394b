// Package mtest has the test helpers the method packages share: small
// instances, every sampling of core/theory, exact enumeration of a
// sampling's minibatches, and the solution of a problem.
//
// Every product that is added is rounded with float64(…), so that no
// compiler fuses the two into an FMA (see package core).
package mtest
