package libsvm

import (
	"bytes"
	"compress/bzip2"
	"io"
	"math/rand/v2"
	"slices"
	"testing"
)

// maxBzip2Bytes bounds what bzip2ed compresses: its block sort compares
// whole rotations, quadratic on repetitive text, so fuzz inputs beyond it
// are tested gzipped only.
const maxBzip2Bytes = 2 << 10

// bzip2ed compresses text into a valid bzip2 stream of one block (none for
// empty text). Go has a bzip2 reader but no writer; this one is the least
// the format allows: run-length coding, a block sort by plain comparison,
// move-to-front, and two identical Huffman tables of (nearly) equal code
// lengths. It panics beyond maxBzip2Bytes.
func bzip2ed(text []byte) []byte {
	if len(text) > maxBzip2Bytes {
		panic("bzip2ed: text too long")
	}
	var w bitWriter
	w.write(uint64('B')<<16|uint64('Z')<<8|'h', 24)
	w.write('9', 8)
	var streamCRC uint32
	if len(text) > 0 {
		blockCRC := bzip2CRC(text)
		streamCRC = blockCRC
		w.write(0x314159265359, 48)
		w.write(uint64(blockCRC), 32)
		w.write(0, 1) // not randomised
		s := runLengths(text)
		last, origPtr := blockSort(s)
		w.write(uint64(origPtr), 24)
		writeBlock(&w, last)
	}
	w.write(0x177245385090, 48)
	w.write(uint64(streamCRC), 32) // one block: the stream CRC is its CRC
	return w.flush()
}

// writeBlock writes the symbol map, the Huffman tables and the coded
// symbols of a block-sorted text.
func writeBlock(w *bitWriter, last []byte) {
	var used [256]bool
	for _, c := range last {
		used[c] = true
	}
	var order []byte // the used bytes, ascending: move-to-front's start
	var ranges uint64
	for c := range 256 {
		if used[c] {
			order = append(order, byte(c))
			ranges |= 1 << (15 - c/16)
		}
	}
	w.write(ranges, 16)
	for r := range 16 {
		if ranges&(1<<(15-r)) == 0 {
			continue
		}
		var bits uint64
		for c := r * 16; c < r*16+16; c++ {
			if used[c] {
				bits |= 1 << (15 - c%16)
			}
		}
		w.write(bits, 16)
	}
	syms := moveToFront(last, order)
	alpha := len(order) + 2 // RUNA, RUNB, indices 1…len(order)-1, end of block
	lengths, codes := flatCode(alpha)
	const groups, perSelector = 2, 50
	selectors := (len(syms) + perSelector - 1) / perSelector
	w.write(groups, 3)
	w.write(uint64(selectors), 15)
	for range selectors {
		w.write(0, 1) // table 0, move-to-front coded in unary
	}
	for range groups {
		cur := lengths[0]
		w.write(uint64(cur), 5)
		for _, l := range lengths {
			for ; cur < l; cur++ {
				w.write(0b10, 2)
			}
			for ; cur > l; cur-- {
				w.write(0b11, 2)
			}
			w.write(0, 1)
		}
	}
	for _, s := range syms {
		w.write(uint64(codes[s]), uint(lengths[s]))
	}
}

// runLengths is bzip2's first stage: a run of 4 to 255 equal bytes becomes
// four of them and a count of the rest.
func runLengths(text []byte) []byte {
	var out []byte
	for i := 0; i < len(text); {
		j := i
		for j < len(text) && text[j] == text[i] && j-i < 255 {
			j++
		}
		if n := j - i; n >= 4 {
			out = append(out, text[i], text[i], text[i], text[i], byte(n-4))
		} else {
			out = append(out, text[i:j]...)
		}
		i = j
	}
	return out
}

// blockSort is the Burrows–Wheeler transform of s: the last column of its
// sorted rotations, and the row of s itself.
func blockSort(s []byte) (last []byte, origPtr int) {
	n := len(s)
	rot := make([]int, n)
	for i := range rot {
		rot[i] = i
	}
	slices.SortStableFunc(rot, func(a, b int) int {
		for k := range n {
			if ca, cb := s[(a+k)%n], s[(b+k)%n]; ca != cb {
				return int(ca) - int(cb)
			}
		}
		return 0
	})
	last = make([]byte, n)
	for row, start := range rot {
		last[row] = s[(start+n-1)%n]
		if start == 0 {
			origPtr = row
		}
	}
	return last, origPtr
}

// moveToFront codes last as bzip2's symbols: runs of front bytes in
// bijective base 2 (RUNA = 0, RUNB = 1), any other byte as its position
// plus one, then end of block.
func moveToFront(last, order []byte) []uint16 {
	list := slices.Clone(order)
	var syms []uint16
	zeros := 0
	flush := func() {
		for ; zeros > 0; zeros = (zeros - 1) / 2 {
			syms = append(syms, uint16(1-zeros&1)) // odd: RUNA, even: RUNB
			if zeros&1 == 0 {
				zeros--
			}
		}
	}
	for _, c := range last {
		k := bytes.IndexByte(list, c)
		if k == 0 {
			zeros++
			continue
		}
		flush()
		syms = append(syms, uint16(k+1))
		copy(list[1:k+1], list[:k])
		list[0] = c
	}
	flush()
	return append(syms, uint16(len(order)+1))
}

// flatCode is a complete prefix code for alpha symbols with lengths that
// differ by at most one, its codes assigned canonically (shorter first,
// then by symbol) as bzip2 decoders expect.
func flatCode(alpha int) (lengths []uint8, codes []uint32) {
	l := 1
	for 1<<l < alpha {
		l++
	}
	short := 1<<l - alpha // symbols one bit shorter
	lengths = make([]uint8, alpha)
	for s := range lengths {
		lengths[s] = uint8(l)
		if s < short {
			lengths[s] = uint8(l - 1)
		}
	}
	codes = make([]uint32, alpha)
	code := uint32(0)
	for length := uint8(1); length <= uint8(l); length++ {
		for s, ls := range lengths {
			if ls == length {
				codes[s] = code
				code++
			}
		}
		code <<= 1
	}
	return lengths, codes
}

// bzip2CRC is the CRC-32 bzip2 uses: polynomial 0x04c11db7, bits taken
// from the most significant end.
func bzip2CRC(b []byte) uint32 {
	crc := ^uint32(0)
	for _, c := range b {
		crc ^= uint32(c) << 24
		for range 8 {
			if crc&(1<<31) != 0 {
				crc = crc<<1 ^ 0x04c11db7
			} else {
				crc <<= 1
			}
		}
	}
	return ^crc
}

// bitWriter packs bits, most significant first.
type bitWriter struct {
	out  []byte
	acc  byte
	nacc uint
}

func (w *bitWriter) write(v uint64, n uint) {
	for ; n > 0; n-- {
		w.acc = w.acc<<1 | byte(v>>(n-1)&1)
		if w.nacc++; w.nacc == 8 {
			w.out = append(w.out, w.acc)
			w.acc, w.nacc = 0, 0
		}
	}
}

func (w *bitWriter) flush() []byte {
	if w.nacc > 0 {
		w.out = append(w.out, w.acc<<(8-w.nacc))
	}
	return w.out
}

// TestBzip2ed checks the test's bzip2 writer against compress/bzip2 on
// texts with long runs, every byte value, and random bytes.
func TestBzip2ed(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	texts := [][]byte{nil, []byte("+1 1:1\n"), bytes.Repeat([]byte("a"), 1000), bytes.Repeat([]byte("+1 1:1 2:0.5\n"), 150), {0, 0, 0, 0, 0, 255}}
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	texts = append(texts, all)
	for range 200 {
		b := make([]byte, r.IntN(maxBzip2Bytes))
		for i := range b {
			b[i] = "ab \n:1"[r.IntN(6)]
			if r.IntN(50) == 0 {
				b[i] = byte(r.Uint32())
			}
		}
		texts = append(texts, b)
	}
	for _, text := range texts {
		got, err := io.ReadAll(bzip2.NewReader(bytes.NewReader(bzip2ed(text))))
		if err != nil || !bytes.Equal(got, text) {
			t.Fatalf("bzip2ed(%q…) reads back as %q…, %v", text[:min(len(text), 20)], got[:min(len(got), 20)], err)
		}
	}
}
