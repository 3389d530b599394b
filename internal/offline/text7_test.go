package offline

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestText7 checks that encodeText7 round-trips any bytes, writes none of
// the characters the HTML parser would change or that could end a <script>,
// and costs 8 bits of text for 7 of data.
func TestText7(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	random := make([]byte, 100000)
	for i := range random {
		random[i] = byte(rng.Uint32())
	}
	inputs := map[string][]byte{
		"empty":  nil,
		"one":    {0x42},
		"zeros":  make([]byte, 1001), // all chunks are NUL, the last one padded
		"ones":   bytes.Repeat([]byte{0xff}, 999),
		"random": random,
		// "<" (0111100) and CR (0001101) chunk after chunk: 7 bytes hold 8 chunks.
		"lt":         bytes.Repeat(pack7(0x3c), 50),
		"cr":         bytes.Repeat(pack7(0x0d), 50),
		"script end": []byte("</script><!-- \r\n\x00"),
	}
	for n := 0; n < 20; n++ {
		inputs["short "+strings.Repeat("x", n)] = random[:n]
		inputs["short zero "+strings.Repeat("x", n)] = make([]byte, n)
	}
	for name, in := range inputs {
		text := encodeText7(in)
		if !utf8.ValidString(text) {
			t.Errorf("%s: text is not UTF-8", name)
		}
		if i := strings.IndexAny(text, text7Special); i >= 0 {
			t.Errorf("%s: text has %q at byte %d", name, text[i], i)
		}
		if max := (len(in)*8+6)/7 + 1; len(text) > max {
			t.Errorf("%s: %d bytes of text for %d bytes, want ≤ %d", name, len(text), len(in), max)
		}
		out, err := decodeText7(text, len(in))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !bytes.Equal(out, in) {
			t.Errorf("%s: decodes to %x, want %x", name, out, in)
		}
	}
}

// pack7 returns 7 bytes that hold the 7-bit chunk c eight times.
func pack7(c byte) []byte {
	var acc uint64
	for range 8 {
		acc = acc<<7 | uint64(c)
	}
	out := make([]byte, 7)
	for i := range out {
		out[i] = byte(acc >> (8 * (6 - i)))
	}
	return out
}

func TestText7RefusesWhatItCannotHaveWritten(t *testing.T) {
	for name, c := range map[string]struct {
		text string
		n    int
	}{
		"less-than":  {"ab<cd", 3},
		"NUL":        {"ab\x00cd", 3},
		"CR":         {"ab\rcd", 3},
		"too short":  {"abc", 3},
		"out of set": {"ab\u0200c", 2},
	} {
		if _, err := decodeText7(c.text, c.n); !errors.Is(err, ErrText7) {
			t.Errorf("%s: error %v, want ErrText7", name, err)
		}
	}
}
