package libsvm

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
)

// lineReader yields the lines of a stream one at a time. Memory stays bounded
// by the bufio buffer plus max, however long a line in the input is.
type lineReader struct {
	br     *bufio.Reader
	max    int      // longest accepted line, without its "\n"
	pieces [][]byte // a line that does not fit in br's buffer, gathered
	held   int      // capacity of pieces, in bytes: never over max+1
	line   int      // 1-based number of the last line returned
}

// next returns the next line including any trailing "\n". The slice is valid
// until the following call. At the end of the input it returns io.EOF; a line
// longer than max gives an error wrapping ErrLineTooLong; any other error is
// the underlying reader's; a line with a NUL byte, which no text file has,
// gives one wrapping ErrBinary. In every error case the failing line is
// lr.line+1.
func (lr *lineReader) next() ([]byte, error) {
	b, err := lr.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		return lr.nextLong(b)
	}
	if err != nil && (err != io.EOF || len(b) == 0) {
		return nil, err
	}
	if err := checkText(b, 0); err != nil {
		return nil, err
	}
	if textBytes(b) > lr.max {
		return nil, lr.tooLong(b)
	}
	return lr.accept(b)
}

// textBytes is the length of line without its "\n", if any.
func textBytes(line []byte) int {
	if n := len(line); n > 0 && line[n-1] == '\n' {
		return n - 1
	}
	return len(line)
}

// nextLong gathers a line that overflows br's buffer. Each part is priced
// before it is stored: the line is refused as soon as it is known to exceed
// max, and is gathered into pieces that are never copied as they grow, so
// that a line costs its length and the longest refused one its limit, with
// no garbage left behind by growing. An accepted line is joined into one
// slice for the parser, the only moment it is held twice.
func (lr *lineReader) nextLong(b []byte) ([]byte, error) {
	defer lr.release()
	length, atEOF := 0, false
	for {
		n := textBytes(b)
		if err := checkText(b, length); err != nil {
			return nil, err
		}
		if length+n > lr.max {
			if len(lr.pieces) > 0 {
				b = lr.pieces[0] // the line's start tells its line ends best
			}
			return nil, lr.tooLong(b)
		}
		lr.store(b)
		length += len(b)
		if n < len(b) || atEOF {
			return lr.accept(lr.join(length))
		}
		var err error
		switch b, err = lr.br.ReadSlice('\n'); err {
		case nil, bufio.ErrBufferFull:
		case io.EOF:
			atEOF = true
		default:
			return nil, err
		}
	}
}

// store appends b to the gathered pieces, opening a new piece twice the size
// of the last when it is full, but never more than max+1 bytes in all.
// nextLong has checked that the line, "\n" included, fits in max+1.
func (lr *lineReader) store(b []byte) {
	for len(b) > 0 {
		last := len(lr.pieces) - 1
		if last < 0 || len(lr.pieces[last]) == cap(lr.pieces[last]) {
			size := len(b)
			if last >= 0 {
				size = max(size, 2*cap(lr.pieces[last]))
			}
			size = min(size, lr.max+1-lr.held)
			lr.pieces = append(lr.pieces, make([]byte, 0, size))
			lr.held += size
			last++
		}
		p := lr.pieces[last]
		k := min(len(b), cap(p)-len(p))
		lr.pieces[last] = append(p, b[:k]...)
		b = b[k:]
	}
}

// join returns the gathered line, of length bytes, as one slice.
func (lr *lineReader) join(length int) []byte {
	if len(lr.pieces) == 1 {
		return lr.pieces[0]
	}
	line := make([]byte, 0, length)
	for _, p := range lr.pieces {
		line = append(line, p...)
	}
	return line
}

// release lets the pieces of a long line go: a file with one long line
// does not keep its cost for the rest of the read.
func (lr *lineReader) release() {
	clear(lr.pieces)
	lr.pieces, lr.held = lr.pieces[:0], 0
}

// accept counts and returns a line that has passed every check.
func (lr *lineReader) accept(b []byte) ([]byte, error) {
	lr.line++
	return b, nil
}

// tooLong is the error for a line over max that starts with start: a line
// too long because its lines end in CR alone says so.
func (lr *lineReader) tooLong(start []byte) error {
	if hasBareCR(start) {
		return errCROnly
	}
	return fmt.Errorf("%w: more than %d bytes", ErrLineTooLong, lr.max)
}

// errCROnly is the error for a file whose lines end in CR alone.
var errCROnly = fmt.Errorf("%w: save it with LF (or CR LF) line ends, e.g. tr '\\r' '\\n' <in >out", ErrCRLineEnds)

// hasBareCR reports whether b holds a CR followed by anything but LF: the
// line end of classic Mac OS text, read as one line with CRs inside.
func hasBareCR(b []byte) bool {
	for {
		k := bytes.IndexByte(b, '\r')
		if k < 0 || k+1 == len(b) {
			return false
		}
		if b[k+1] != '\n' {
			return true
		}
		b = b[k+1:]
	}
}

// checkText returns an error wrapping ErrBinary if part, which starts at
// byte offset of its line, holds a NUL byte: binary data or UTF-16 text,
// refused at once rather than read to the line limit.
func checkText(part []byte, offset int) error {
	if k := bytes.IndexByte(part, 0); k >= 0 {
		return fmt.Errorf("%w: a NUL byte at byte %d of the line: binary data, or UTF-16 text (save it as ASCII or UTF-8)", ErrBinary, offset+k+1)
	}
	return nil
}
