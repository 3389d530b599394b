// Package libsvm reads and writes data sets in the LIBSVM/svmlight text
// format, one example per line:
//
//	<label> <index>:<value> <index>:<value> ... # optional comment
//
// Read streams its input line by line (never holding the whole file) and
// recognises gzip and bzip2 compression by the first bytes of the stream, not
// by the file name. Indices are 1-based in the file and 0-based in the
// returned [dataset.Dataset]; entries with value zero are dropped so that
// |J_j| counts true non-zeros, but they still count towards the width d, which
// is the largest index written in the file.
//
// The reader accepts the variations found in published files: "j: v" with a
// space after the colon (LIBSVM's protein files), blank lines, whole-line and
// trailing "#" comments, svmlight "qid:N" tokens (ignored), CRLF line endings,
// any run of spaces and tabs between tokens, a leading "+" on numbers ("+1"),
// and a UTF-8 byte-order mark.
//
// Labels are mapped to ±1 for binary classification. Two distinct values
// (±1, {0, 1} or any other pair) map the larger to +1. A file whose labels
// all have one value v is read as all +1 if v > 0 and all −1 otherwise, so
// that a file of only "0" or only "-1" examples means negatives, as in the
// {0,1} and ±1 conventions. A file with more than two classes needs
// Options.PositiveClass (one-vs-rest); without it Read fails with a
// *ClassError listing the classes found. Classes are compared by numeric
// value, so "1", "+1" and "1.0" are the same class.
//
// Every failure on malformed input is a *ParseError naming the file, the
// 1-based line and the offending token, wrapping one of the Err… sentinels
// (test with errors.Is), for example
//
//	w8a.gz: line 12: token "3:abc": invalid value
//
// Numbers are decimal, as LIBSVM and scikit-learn read them: strconv's
// extensions (hexadecimal, "1_000" digit separators, "inf") are refused.
// Options.Budget bounds what a file may expand to: the reader prices the
// part read so far after every line (core/budget) and refuses the file as
// soon as it exceeds the budget, before storing the line, so neither a
// compressed bomb nor a 22-byte file with index 300000000 can exhaust memory.
//
// Write emits the format Read accepts, with values printed in the shortest
// form that parses back to the same float64, so Write followed by Read
// reproduces a data set read by Read exactly.
package libsvm
