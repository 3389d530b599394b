package setup

import (
	"strings"
	"testing"
)

// TestHashOfFileOrGalleryHasNoGeneratorKeys: the link of a run on a file
// or a gallery set names that data, not the synthetic generator's law,
// density, size and seed; a preset's link keeps them; both read back the same.
func TestHashOfFileOrGalleryHasNoGeneratorKeys(t *testing.T) {
	file := DefaultSettings()
	file.File = FileRef{Name: "mine.svm", Size: 1234, Fingerprint: strings.Repeat("ab", fingerprintBytes)}
	gallery := DefaultSettings()
	gallery.Data = "w8a"
	for _, s := range []Settings{file, gallery} {
		h := s.Hash()
		for key := range generatorKeys {
			if strings.Contains("&"+h, "&"+string(key)+"=") {
				t.Errorf("link %q has the generator's key %s", h, key)
			}
		}
		back, err := ParseHash(h, DefaultSettings())
		if err != nil || back.Hash() != h {
			t.Errorf("link %q reads back as %q (%v)", h, back.Hash(), err)
		}
	}
	if h := DefaultSettings().Hash(); !strings.HasPrefix(h, "norms=") || !strings.Contains(h, "&dseed=") {
		t.Errorf("a preset's link %q lacks the generator's keys", h)
	}
}
