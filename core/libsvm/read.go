package libsvm

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"

	"imlab/core/budget"
	"imlab/core/dataset"
)

// bufferBytes is the size of Read's input buffers.
const bufferBytes = 64 << 10

// Options control how Read interprets a file.
type Options struct {
	Bias          bool   // append a constant-1 feature to every example (index D of the result)
	PositiveClass string // the label read as +1, all others −1; "" = automatic (binary files only)
	Name          string // file name used in errors
	// Budget bounds the data set read, checked line by line before the line
	// is stored: decompressed bytes, examples, features and non-zeros
	// (bias included). 0 means budget.Default.
	Budget budget.Budget
	// MaxLineBytes is the longest accepted line; 0 means Budget.LineBytes(),
	// so that every line of a data set that fits the budget is accepted.
	MaxLineBytes int
}

// Read parses a LIBSVM/svmlight stream, plain, gzip or bzip2 compressed, into a
// data set with labels ±1. Errors are *ParseError values; one wrapping a
// *budget.Error reports a file too large for Options.Budget, found as soon as
// the part read so far exceeds it.
func Read(r io.Reader, opt Options) (*dataset.Dataset, error) {
	ds, _, err := ReadClasses(r, opt)
	return ds, err
}

// ReadClasses is Read that also reports the file's classes, its labels
// before they are mapped to ±1, from the same parse.
func ReadClasses(r io.Reader, opt Options) (*dataset.Dataset, Classes, error) {
	fail := func(line int, tok []byte, err error) (*dataset.Dataset, Classes, error) {
		return nil, Classes{}, &ParseError{File: opt.Name, Line: line, Token: tokenText(tok), Err: err}
	}
	positive, err := parseClass(opt.PositiveClass)
	if err != nil {
		return fail(0, nil, err)
	}
	limit := opt.Budget
	if limit <= 0 {
		limit = budget.Default
	}
	maxLine := opt.MaxLineBytes
	if maxLine <= 0 {
		maxLine = limit.LineBytes()
	}
	src, err := open(r, bufferBytes)
	if err != nil {
		return fail(0, nil, err)
	}
	text := &countingReader{r: src.text}
	lines := lineReader{br: bufio.NewReaderSize(text, bufferBytes), max: maxLine}
	p := lineParser{maxIndex: math.MaxInt32}
	if opt.Bias {
		p.maxIndex-- // the bias feature takes index D, which must fit in int32 too
	}
	var b dataset.Builder
	for {
		line, err := lines.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			switch {
			case errors.Is(err, ErrBinary):
				if derr := src.damage(lines.br); derr != nil {
					err = derr // corrupt data decompresses to garbage
				}
			case !errors.Is(err, ErrLineTooLong) && !errors.Is(err, ErrCRLineEnds):
				err = src.wrap(err)
			}
			return fail(lines.line+1, nil, err)
		}
		if lines.line == 1 && bytes.HasPrefix(line, utf8BOM) {
			line = line[3:]
		}
		y, ok, bad := p.parse(line)
		if bad != nil {
			// damage reads on into the buffer that holds line: what the
			// error quotes is taken first.
			crOnly := hasBareCR(line)
			tok := bytes.Clone(bad.tok[:min(len(bad.tok), maxTokenBytes+1)])
			if err := src.damage(lines.br); err != nil {
				return fail(lines.line, nil, err) // the bad token is the damage's garbage
			}
			if crOnly { // what went wrong is the line ends, not the token
				return fail(lines.line, nil, errCROnly)
			}
			return fail(lines.line, tok, bad.err)
		}
		if err := limit.Check(p.shape(text.n, lines.line, opt.Bias)); err != nil {
			return fail(lines.line, nil, err)
		}
		if ok {
			p.nnz += int64(len(p.idx))
			b.Append(p.idx, p.val, y)
		}
	}
	if b.Len() == 0 {
		return fail(0, nil, ErrEmpty)
	}
	b.SetMinFeatures(int(p.maxSeen))
	ds, err := b.Build()
	if err != nil {
		return fail(0, nil, err) // unreachable: the parser enforces every invariant
	}
	classes := classesOf(ds.Y)
	if err := binarize(ds.Y, classes, positive, opt.PositiveClass); err != nil {
		return fail(0, nil, err)
	}
	if opt.Bias {
		ds = ds.WithBias()
	}
	if err := ds.CheckNorms(); err != nil {
		return fail(0, nil, err)
	}
	return ds, classes, nil
}

// ReadFile reads the named file with Read; errors name the file by its base
// name unless opt.Name is set.
func ReadFile(path string, opt Options) (*dataset.Dataset, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if opt.Name == "" {
		opt.Name = filepath.Base(path)
	}
	return Read(f, opt)
}

// countingReader counts the bytes read through it: the decompressed text.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n += int64(n)
	return n, err
}
