package libsvm

import (
	"bufio"
	"fmt"
	"io"
)

// lineReader yields the lines of a stream one at a time. Memory stays bounded
// by the bufio buffer plus max, however long a line in the input is.
type lineReader struct {
	br   *bufio.Reader
	max  int    // longest accepted line, without its "\n"
	long []byte // holds a line that does not fit in br's buffer
	line int    // 1-based number of the last line returned
}

// next returns the next line including any trailing "\n". The slice is valid
// until the following call. At the end of the input it returns io.EOF; a line
// longer than max gives an error wrapping ErrLineTooLong; any other error is
// the underlying reader's. In every error case the failing line is lr.line+1.
func (lr *lineReader) next() ([]byte, error) {
	b, err := lr.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		return lr.nextLong(b)
	}
	if err != nil && (err != io.EOF || len(b) == 0) {
		return nil, err
	}
	return lr.accept(b)
}

// nextLong gathers a line that overflows br's buffer, giving up as soon as it
// is known to exceed max.
func (lr *lineReader) nextLong(b []byte) ([]byte, error) {
	lr.long = append(lr.long[:0], b...)
	for {
		if len(lr.long) > lr.max { // no "\n" in it yet
			return nil, lr.tooLong()
		}
		b, err := lr.br.ReadSlice('\n')
		lr.long = append(lr.long, b...)
		switch {
		case err == bufio.ErrBufferFull:
		case err == nil, err == io.EOF:
			return lr.accept(lr.long)
		default:
			return nil, err
		}
	}
}

func (lr *lineReader) accept(b []byte) ([]byte, error) {
	n := len(b)
	if n > 0 && b[n-1] == '\n' {
		n--
	}
	if n > lr.max {
		return nil, lr.tooLong()
	}
	lr.line++
	return b, nil
}

func (lr *lineReader) tooLong() error {
	return fmt.Errorf("%w: more than %d bytes", ErrLineTooLong, lr.max)
}
