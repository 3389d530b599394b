package libsvm

import (
	"bytes"
	"fmt"
	"math"
	"strconv"

	"imlab/core/budget"
)

// lineParser turns one line into a label and its sparse features, reusing
// its slices from line to line so that parsing does not allocate per token.
type lineParser struct {
	maxIndex int64     // largest 1-based index accepted
	maxSeen  int64     // largest 1-based index met so far, zero values included
	nnz      int64     // values stored by earlier lines (zeros included)
	idx      []int32   // 0-based indices of the current line
	val      []float64 // values of the current line, zeros included
}

// syntaxErr is a failure inside a line: the token and what is wrong with it.
type syntaxErr struct {
	tok []byte
	err error
}

var utf8BOM = []byte{0xef, 0xbb, 0xbf}

// parse reads line into p.idx and p.val and returns its label. ok is false
// for a line with no example (blank or comment only).
func (p *lineParser) parse(line []byte) (label float64, ok bool, fail *syntaxErr) {
	p.idx, p.val = p.idx[:0], p.val[:0]
	if c := bytes.IndexByte(line, '#'); c >= 0 {
		line = line[:c]
	}
	tok, colon, pos := nextToken(line, 0)
	if len(tok) == 0 {
		return 0, false, nil
	}
	if colon >= 0 {
		return 0, false, &syntaxErr{tok, fmt.Errorf("%w: missing (line starts with index:value)", ErrLabel)}
	}
	label, err := parseFloat(tok)
	if err != nil {
		return 0, false, &syntaxErr{tok, wrapNumber(ErrLabel, err)}
	}
	prev := int64(0)
	for {
		start := skipSpace(line, pos)
		tok, colon, pos = nextToken(line, start)
		if len(tok) == 0 {
			return label, true, nil
		}
		if colon < 0 {
			return 0, false, &syntaxErr{tok, fmt.Errorf("%w: expected index:value", ErrSyntax)}
		}
		if colon == 0 {
			return 0, false, &syntaxErr{tok, fmt.Errorf("%w: empty index", ErrSyntax)}
		}
		head, value := tok[:colon], tok[colon+1:]
		if len(value) == 0 {
			// "j: v", as LIBSVM's protein files write: the value is the next token.
			next, nextColon, end := nextToken(line, pos)
			if len(next) == 0 || nextColon >= 0 {
				return 0, false, &syntaxErr{tok, fmt.Errorf("%w: empty value", ErrSyntax)}
			}
			value, pos, tok = next, end, line[start:end]
		}
		if string(head) == "qid" {
			continue
		}
		j, err := p.parseIndex(head)
		if err != nil {
			return 0, false, &syntaxErr{tok, err}
		}
		if j <= prev {
			return 0, false, &syntaxErr{tok, fmt.Errorf("%w: %d does not follow %d (indices must increase)", ErrIndex, j, prev)}
		}
		prev = j
		v, err := parseFloat(value)
		if err != nil {
			return 0, false, &syntaxErr{tok, wrapNumber(ErrValue, err)}
		}
		p.idx = append(p.idx, int32(j-1))
		p.val = append(p.val, v)
		p.maxSeen = max(p.maxSeen, j)
	}
}

// shape is the data set read so far, with the line just parsed, as the
// budget prices it: text bytes read, examples, features and values,
// counting a bias feature if there is one. Every line counts as an example,
// blank and comment lines too, so that a stream of them is bounded as fast
// as a stream of rows.
func (p *lineParser) shape(text int64, lines int, bias bool) budget.Shape {
	s := budget.Shape{Text: text, Examples: int64(lines), Features: p.maxSeen, NonZeros: p.nnz + int64(len(p.idx))}
	if bias {
		s.Features++
		s.NonZeros += s.Examples
	}
	return s
}

// parseIndex reads a 1-based feature index: an optional "+" then decimal digits.
func (p *lineParser) parseIndex(b []byte) (int64, error) {
	digits := b
	if digits[0] == '+' || digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 {
		return 0, ErrIndex
	}
	n := int64(0)
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, ErrIndex
		}
		if n = n*10 + int64(c-'0'); n > p.maxIndex {
			return 0, fmt.Errorf("%w: larger than %d", ErrIndex, p.maxIndex)
		}
	}
	if b[0] == '-' || n == 0 {
		return 0, fmt.Errorf("%w: indices start at 1", ErrIndex)
	}
	return n, nil
}

// errNotFinite marks a number that parsed as NaN or ±Inf, or overflowed.
var errNotFinite = fmt.Errorf("not finite")

// parseFloat parses a finite float64 in decimal notation. One-digit
// integers, most of the values in sparse binary data sets, skip strconv.
func parseFloat(b []byte) (float64, error) {
	if len(b) == 1 && '0' <= b[0] && b[0] <= '9' {
		return float64(b[0] - '0'), nil
	}
	v, err := strconv.ParseFloat(string(b), 64)
	switch {
	case err == nil && (math.IsNaN(v) || math.IsInf(v, 0)) || err != nil && math.IsInf(v, 0):
		return 0, errNotFinite
	case err == nil && !isDecimal(b):
		return 0, errNotDecimal // strconv's extensions: hex, "_", "inf"
	}
	return v, err
}

// wrapNumber turns a parseFloat failure into kind, keeping "not finite" as
// detail; a syntax error needs none beyond kind and the quoted token.
func wrapNumber(kind, err error) error {
	if err == errNotFinite || err == errNotDecimal {
		return fmt.Errorf("%w: %v", kind, err)
	}
	return kind
}

// Byte classes for the tokenizer.
const (
	plain = iota
	space
	colon
)

var class = [256]uint8{' ': space, '\t': space, '\n': space, '\r': space, '\v': space, '\f': space, ':': colon}

func skipSpace(line []byte, pos int) int {
	for pos < len(line) && class[line[pos]] == space {
		pos++
	}
	return pos
}

// nextToken returns the token starting at or after pos, the offset of its
// first colon (-1 if none) and the position just past it; the token is empty
// at the end of the line.
func nextToken(line []byte, pos int) (tok []byte, colonAt, end int) {
	pos = skipSpace(line, pos)
	colonAt = -1
	for end = pos; end < len(line); end++ {
		switch class[line[end]] {
		case space:
			return line[pos:end], colonAt, end
		case colon:
			if colonAt < 0 {
				colonAt = end - pos
			}
		}
	}
	return line[pos:end], colonAt, end
}
