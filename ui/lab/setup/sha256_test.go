package setup

import (
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"testing"
)

func TestSum256MatchesCrypto(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	// Every length around the padding boundaries, then some long messages.
	lengths := []int{1000, 4096, 100003}
	for n := range 200 {
		lengths = append(lengths, n)
	}
	for _, n := range lengths {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		if got, want := sum256(data), sha256.Sum256(data); got != want {
			t.Fatalf("length %d: %x, want %x", n, got, want)
		}
	}
}

func TestFingerprint(t *testing.T) {
	// sha256sum of "abc" begins ba7816bf8f01cfea.
	if got := Fingerprint([]byte("abc")); got != "ba7816bf8f01cfea" {
		t.Errorf("Fingerprint(abc) = %s", got)
	}
}

func TestFileHashSteps(t *testing.T) {
	data := make([]byte, 3*paceBytes+100)
	h := NewFileHash("f", data)
	steps := 1
	for done, _ := h.Step(); !done; done, _ = h.Step() {
		steps++
	}
	want := sha256.Sum256(data)
	if got := h.Ref(); got.Fingerprint != hex.EncodeToString(want[:fingerprintBytes]) || got.Size != int64(len(data)) || got.Name != "f" || steps != 4 {
		t.Errorf("stepped hash %v (want %x), %d steps, want 4 (3 of paceBytes, 1 of the last whole block)", got, want, steps)
	}
}

func BenchmarkFingerprint(b *testing.B) {
	data := make([]byte, 1<<20)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		Fingerprint(data)
	}
}

func BenchmarkCryptoSHA256(b *testing.B) {
	data := make([]byte, 1<<20)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		sha256.Sum256(data)
	}
}
