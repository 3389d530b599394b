// Package mtest has the test helpers the method packages share: small
// instances, every sampling of core/theory, exact enumeration of a
// sampling's minibatches, and the solution of a problem.
package mtest
