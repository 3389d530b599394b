package offline

import (
	"errors"
	"strings"
)

// The single file carries main.wasm's gzip bytes as text that may stand
// inside a <script> element. base64 costs 4/3 of the bytes; this encoding
// (after Kevin Albertson's base-122) costs 8/7, which is 14% instead of 33%.
//
// The bytes are read as a bit stream, most significant bit first, in 7-bit
// chunks; the last chunk is padded with zeros and the decoder stops after
// the byte count it is given. A chunk c becomes the character c (one byte
// of UTF-8), unless c is one of text7Special — characters the HTML parser
// would change (NUL becomes U+FFFD, CR becomes LF) or that could end the
// element or start a comment ("<") — in which case c and the chunk d that
// follows it (0 if none) become one character, U+0080 + (k<<7 | d), k being
// c's index in text7Special: two bytes of UTF-8 for 14 bits. So every byte
// of the text carries 7 bits. index.html's loader decodes it (unpack); the
// document must be read as UTF-8, which index.html's <meta charset> says.
const text7Special = "\x00\r<"

// ErrText7 is returned by decodeText7 for text that encodeText7 cannot
// have written.
var ErrText7 = errors.New("not text7-encoded bytes")

// encodeText7 returns b as text7 text.
func encodeText7(b []byte) string {
	var sb strings.Builder
	sb.Grow(len(b)*8/7 + len(b)/64 + 2)
	var acc uint32 // bits not yet written, the last nbits of it
	nbits := 0
	chunks := (len(b)*8 + 6) / 7
	next := func() uint32 {
		if nbits < 7 {
			if len(b) > 0 {
				acc = acc<<8 | uint32(b[0])
				b = b[1:]
			} else {
				acc <<= 8 // zero padding
			}
			nbits += 8
		}
		nbits -= 7
		return (acc >> nbits) & 0x7f
	}
	for i := 0; i < chunks; i++ {
		c := next()
		k := strings.IndexByte(text7Special, byte(c))
		if k < 0 {
			sb.WriteByte(byte(c))
			continue
		}
		var d uint32
		if i+1 < chunks {
			d = next()
			i++
		}
		sb.WriteRune(rune(0x80 + uint32(k)<<7 | d))
	}
	return sb.String()
}

// decodeText7 returns the n bytes that text encodes. It is index.html's
// unpack in Go, for the tests.
func decodeText7(text string, n int) ([]byte, error) {
	out := make([]byte, 0, n)
	var acc uint32
	nbits := 0
	put := func(v uint32) {
		acc = acc<<7 | v
		nbits += 7
		if nbits >= 8 {
			nbits -= 8
			if len(out) < n {
				out = append(out, byte(acc>>nbits))
			}
			acc &= 1<<nbits - 1
		}
	}
	for _, r := range text {
		switch {
		case r < 0x80 && strings.IndexByte(text7Special, byte(r)) >= 0:
			return nil, ErrText7
		case r < 0x80:
			put(uint32(r))
		case r < 0x80+rune(len(text7Special))<<7:
			v := uint32(r - 0x80)
			put(uint32(text7Special[v>>7]))
			put(v & 0x7f)
		default:
			return nil, ErrText7
		}
	}
	if len(out) < n {
		return nil, ErrText7
	}
	return out, nil
}
