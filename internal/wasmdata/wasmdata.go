// Package wasmdata rewrites the data section of a WebAssembly module built
// by Go, so that it compresses better.
//
// Go's linker writes the program's data (type descriptors, strings, the
// pclntab, initialised variables) as active data segments, starting a new
// segment wherever 10 or more zero bytes can be left out: for imlab's
// main.wasm that is some 77,000 segments. Each one costs a header (its
// memory offset and length, 6–8 bytes) that gzip cannot predict, while the
// zeros they leave out would compress to almost nothing: the headers cost
// about 130 kB of the gzip file. Join merges segments separated by short
// runs of zeros, writing the zeros out. The memory the module starts with
// is the same byte for byte; only the file changes (docs/size.md).
package wasmdata

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// Segment is an active data segment of memory 0: Data at offset Offset.
type Segment struct {
	Offset uint32
	Data   []byte
}

const (
	sectionData      = 11
	sectionDataCount = 12
)

var magic = []byte{0, 'a', 's', 'm', 1, 0, 0, 0}

// ErrFormat reports a module Join cannot read: not WebAssembly, or data
// segments of a form Go's linker does not write (passive, another memory,
// an offset that is not a constant).
var ErrFormat = errors.New("wasmdata: unsupported module")

// Join returns module with its data segments merged wherever fewer than
// maxGap zero bytes separate them, and the number of segments before and
// after. The other sections are copied as they are.
func Join(module []byte, maxGap int) (out []byte, before, after int, err error) {
	if !bytes.HasPrefix(module, magic) {
		return nil, 0, 0, fmt.Errorf("%w: no WebAssembly header", ErrFormat)
	}
	type section struct {
		id   byte
		body []byte
	}
	var sections []section
	dataCount := -1 // the data count section's place, if there is one (wasm-opt writes one)
	for r := module[len(magic):]; len(r) > 0; {
		id := r[0]
		size, n := binary.Uvarint(r[1:])
		if n <= 0 || uint64(len(r)-1-n) < size {
			return nil, 0, 0, fmt.Errorf("%w: section %d overruns the file", ErrFormat, id)
		}
		body := r[1+n : 1+n+int(size)]
		r = r[1+n+int(size):]
		switch id {
		case sectionData:
			segs, err := Segments(body)
			if err != nil {
				return nil, 0, 0, err
			}
			// Go's linker writes each of its sections' segments in order,
			// but not the sections. Apart, their order does not matter;
			// overlapping, merging could write zeros over a segment's bytes.
			slices.SortFunc(segs, func(a, b Segment) int { return cmp.Compare(a.Offset, b.Offset) })
			for k := 1; k < len(segs); k++ {
				if uint64(segs[k].Offset) < uint64(segs[k-1].Offset)+uint64(len(segs[k-1].Data)) {
					return nil, 0, 0, fmt.Errorf("%w: overlapping data segments", ErrFormat)
				}
			}
			joined := merge(segs, maxGap)
			before, after = len(segs), len(joined)
			body = encode(joined)
		case sectionDataCount:
			dataCount = len(sections)
		}
		sections = append(sections, section{id, body})
	}
	if dataCount >= 0 {
		// Only memory.init and data.drop name a segment (by index), and
		// only a passive one is of use to them: with every segment active
		// (Segments refuses others), the count is all there is to change.
		if c, _ := binary.Uvarint(sections[dataCount].body); c != uint64(before) {
			return nil, 0, 0, fmt.Errorf("%w: the data count section says %d segments, the data %d", ErrFormat, c, before)
		}
		sections[dataCount].body = binary.AppendUvarint(nil, uint64(after))
	}
	out = append(out, magic...)
	for _, s := range sections {
		out = append(out, s.id)
		out = binary.AppendUvarint(out, uint64(len(s.body)))
		out = append(out, s.body...)
	}
	return out, before, after, nil
}

// Segments reads the segments of a data section's body.
func Segments(body []byte) ([]Segment, error) {
	bad := fmt.Errorf("%w: a data segment Go's linker would not write", ErrFormat)
	count, n := binary.Uvarint(body)
	if n <= 0 || count > uint64(len(body)) {
		return nil, bad
	}
	body = body[n:]
	segs := make([]Segment, 0, count)
	for range count {
		// flags 0 (active, memory 0), i32.const OFFSET, end, then the bytes.
		if len(body) < 2 || body[0] != 0 || body[1] != 0x41 {
			return nil, bad
		}
		off, n := readSleb(body[2:])
		if n == 0 || len(body) < 2+n+1 || body[2+n] != 0x0b {
			return nil, bad
		}
		body = body[2+n+1:]
		size, m := binary.Uvarint(body)
		if m <= 0 || uint64(len(body)-m) < size {
			return nil, bad
		}
		segs = append(segs, Segment{Offset: uint32(int32(off)), Data: body[m : m+int(size)]})
		body = body[m+int(size):]
	}
	if len(body) != 0 {
		return nil, bad
	}
	return segs, nil
}

// readSleb reads a signed LEB128 number, as i32.const holds, and its
// length; 0 for none.
func readSleb(b []byte) (x int64, n int) {
	var shift uint
	for i, c := range b {
		if i == 5 { // an i32 takes at most 5 bytes
			break
		}
		x |= int64(c&0x7f) << shift
		shift += 7
		if c < 0x80 {
			if c&0x40 != 0 {
				x |= -1 << shift
			}
			return x, i + 1
		}
	}
	return 0, 0
}

// merge joins segments (sorted, apart) whose gap is under maxGap.
func merge(segs []Segment, maxGap int) []Segment {
	var out []Segment
	for _, s := range segs {
		if n := len(out); n > 0 {
			last := &out[n-1]
			if gap := int64(s.Offset) - int64(last.Offset) - int64(len(last.Data)); gap < int64(maxGap) {
				last.Data = append(last.Data, make([]byte, gap)...)
				last.Data = append(last.Data, s.Data...)
				continue
			}
		}
		out = append(out, Segment{s.Offset, slices.Clone(s.Data)})
	}
	return out
}

func encode(segs []Segment) []byte {
	b := binary.AppendUvarint(nil, uint64(len(segs)))
	for _, s := range segs {
		b = append(b, 0, 0x41)
		b = appendSleb(b, int64(int32(s.Offset)))
		b = append(b, 0x0b)
		b = binary.AppendUvarint(b, uint64(len(s.Data)))
		b = append(b, s.Data...)
	}
	return b
}

func appendSleb(b []byte, x int64) []byte {
	for {
		c := byte(x & 0x7f)
		x >>= 7
		if (x == 0 && c&0x40 == 0) || (x == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
