// Package libsvmtest provides hostile LIBSVM inputs for tests: small files
// that expand beyond a memory budget once decompressed or parsed, and
// numbers outside LIBSVM's grammar. The reader's tests and the page
// controller's tests refuse the same catalogue.
package libsvmtest
