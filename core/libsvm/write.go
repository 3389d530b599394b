package libsvm

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"

	"imlab/core/dataset"
)

// MaxWrittenTokenBytes bounds the bytes Write spends on one stored value:
// a space, an index of at most 10 digits, a colon and a float64 in its
// shortest form (at most 24 bytes, as in -1.2345678901234567e-308).
const MaxWrittenTokenBytes = 1 + 10 + 1 + 24

// MaxWrittenLineBytes bounds the length of the line Write writes for an
// example of nnz stored values (label and "\n" included), so that a writer
// can check that a reader's line limit will accept every line.
func MaxWrittenLineBytes(nnz int) int {
	return 24 + (nnz+1)*MaxWrittenTokenBytes + 1 // +1 token: the width marker "D:0"
}

// Write writes ds in LIBSVM format: each label and value in the shortest
// form that parses back to the same float64, and 1-based indices.
//
// A file's width is its largest index, so when no example has a non-zero in
// the last feature, Write appends an explicit "D:0" to the last line; Read
// then restores D exactly. Labels are written as they are; Read maps them to
// ±1, so Write followed by Read reproduces any data set Read returned.
func Write(w io.Writer, ds *dataset.Dataset) error {
	if err := ds.Validate(); err != nil {
		return fmt.Errorf("libsvm: cannot write: %w", err)
	}
	widthShown := ds.D == 0 || slices.Contains(ds.Col, int32(ds.D-1))
	bw := bufio.NewWriterSize(w, bufferBytes)
	var line []byte
	for i := 0; i < ds.N; i++ {
		line = strconv.AppendFloat(line[:0], ds.Y[i], 'g', -1, 64)
		idx, val := ds.Row(i)
		for k, j := range idx {
			line = append(line, ' ')
			line = strconv.AppendInt(line, int64(j)+1, 10)
			line = append(line, ':')
			line = strconv.AppendFloat(line, val[k], 'g', -1, 64)
		}
		if i == ds.N-1 && !widthShown {
			line = append(line, ' ')
			line = strconv.AppendInt(line, int64(ds.D), 10)
			line = append(line, ":0"...)
		}
		line = append(line, '\n')
		if _, err := bw.Write(line); err != nil {
			return err
		}
	}
	return bw.Flush()
}
