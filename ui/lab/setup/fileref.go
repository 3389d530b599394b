package setup

import (
	"encoding/hex"
	"fmt"
)

// fingerprintBytes is how many leading bytes of a file's SHA-256 a link
// carries: 64 bits tell a different file apart with certainty for any
// practical purpose and keep the link short.
const fingerprintBytes = 8

// FileRef names the file a run used, so a link can ask for it again and
// check that the file chosen is the same: its name, its size in bytes and
// the fingerprint of its raw (possibly compressed) bytes.
type FileRef struct {
	Name        string
	Size        int64
	Fingerprint string // Fingerprint of the bytes; "" with no file
}

// Fingerprint is the first fingerprintBytes of the SHA-256 of data, in
// lower-case hexadecimal: what `sha256sum FILE | cut -c1-16` prints.
func Fingerprint(data []byte) string { return fingerprintOf(sum256(data)) }

func fingerprintOf(sum [32]byte) string { return hex.EncodeToString(sum[:fingerprintBytes]) }

// RefOf describes data read from a file called name.
func RefOf(name string, data []byte) FileRef {
	return FileRef{Name: name, Size: int64(len(data)), Fingerprint: Fingerprint(data)}
}

// FileHash is RefOf a step at a time (of about a millisecond: a
// pace.Stepper's), so that the page's thread can yield between the steps
// of a large file's hash.
type FileHash struct {
	name string
	s    *sum256Steps
}

// NewFileHash starts the hash of data, read from a file called name.
func NewFileHash(name string, data []byte) *FileHash {
	return &FileHash{name: name, s: newSum256(data)}
}

// Step hashes the next piece of the file and reports whether the whole
// file is hashed; it never fails.
func (h *FileHash) Step() (done bool, err error) { return h.s.step(), nil }

// Ref is the file's reference, once Step has reported done.
func (h *FileHash) Ref() FileRef {
	return FileRef{Name: h.name, Size: int64(len(h.s.data)), Fingerprint: fingerprintOf(h.s.sum())}
}

// Matches reports whether r and o name the same bytes (the name may differ:
// a renamed copy is the same data).
func (r FileRef) Matches(o FileRef) bool {
	return r.Size == o.Size && r.Fingerprint == o.Fingerprint
}

func (r FileRef) String() string {
	return fmt.Sprintf("%s (%d bytes, fingerprint %s)", r.Name, r.Size, r.Fingerprint)
}

func validFingerprint(s string) bool {
	if len(s) != 2*fingerprintBytes {
		return false
	}
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}
