package libsvm

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
)

// Magic numbers at the start of a stream.
var (
	gzipMagic   = []byte{0x1f, 0x8b}
	bzip2Magic  = []byte("BZh") // followed by the block size '1'…'9'
	unsupported = []struct {
		name  string
		magic []byte
	}{
		{"xz", []byte{0xfd, '7', 'z', 'X', 'Z', 0}},
		{"zstd", []byte{0x28, 0xb5, 0x2f, 0xfd}},
		{"zip", []byte{'P', 'K', 3, 4}},
		{"7z", []byte{'7', 'z', 0xbc, 0xaf, 0x27, 0x1c}},
	}
)

// source is the byte stream Read parses: the input, decompressed if its first
// bytes say it is compressed.
type source struct {
	in     recordingReader
	text   io.Reader
	format string // "gzip", "bzip2" or "" for plain text
}

// recordingReader remembers the input's own failure, so that a decompressor
// error caused by it is reported as an I/O error, not as corrupt data.
type recordingReader struct {
	r   io.Reader
	err error
}

func (rr *recordingReader) Read(p []byte) (int, error) {
	n, err := rr.r.Read(p)
	if err != nil && err != io.EOF {
		rr.err = err
	}
	return n, err
}

// open inspects the first bytes of r and returns the text stream.
func open(r io.Reader, bufSize int) (*source, error) {
	s := &source{in: recordingReader{r: r}}
	br := bufio.NewReaderSize(&s.in, bufSize)
	magic, err := br.Peek(6)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, err
	}
	switch {
	case bytes.HasPrefix(magic, gzipMagic):
		s.format = "gzip"
		z, err := gzip.NewReader(br)
		if err != nil {
			return nil, s.wrap(err)
		}
		s.text = z
	case len(magic) >= 4 && bytes.HasPrefix(magic, bzip2Magic) && '1' <= magic[3] && magic[3] <= '9':
		s.format = "bzip2"
		s.text = bzip2.NewReader(br)
	default:
		for _, u := range unsupported {
			if bytes.HasPrefix(magic, u.magic) {
				return nil, fmt.Errorf("%w: %s (decompress the file first)", ErrUnsupported, u.name)
			}
		}
		s.text = br
	}
	return s, nil
}

// wrap classifies an error met while reading the text stream: the input's own
// error is passed on, anything else from a decompressor means bad data.
func (s *source) wrap(err error) error {
	if s.format == "" || (s.in.err != nil && errors.Is(err, s.in.err)) {
		return err
	}
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return fmt.Errorf("%w: %s: %w", ErrCorrupt, s.format, err)
}

// damageScanBytes bounds how much of a compressed stream damage reads, so
// that a syntax error early in a huge file is reported without delay.
const damageScanBytes = 64 << 20

// damage reads on in a compressed stream after a syntax error and returns the
// decompressor's error if the stream turns out to be corrupt: damaged data
// usually decompresses to garbage before the checksum at the end of the
// stream can tell, and "corrupt" is then the true diagnosis.
func (s *source) damage(rest io.Reader) error {
	if s.format == "" {
		return nil
	}
	if _, err := io.CopyN(io.Discard, rest, damageScanBytes); err != nil && err != io.EOF {
		if err := s.wrap(err); errors.Is(err, ErrCorrupt) {
			return err
		}
	}
	return nil
}
