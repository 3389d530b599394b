package offline

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"imlab/internal/shareddata"
	"imlab/ui/lab/setup"
)

// MarkGallery lists the sets once, however often it runs.
func TestMarkGallery(t *testing.T) {
	index := []byte("<!doctype html>\n<html><head>\n<meta charset=\"utf-8\">\n</head><body></body></html>\n")
	sets := setup.Gallery[:2]
	once, err := MarkGallery(index, sets)
	if err != nil {
		t.Fatal(err)
	}
	twice, err := MarkGallery(once, sets)
	if err != nil {
		t.Fatal(err)
	}
	if string(once) != string(twice) || !strings.Contains(string(once), `<meta name="imlab-gallery" content="w8a a9a">`) {
		t.Errorf("marked:\n%s\nagain:\n%s", once, twice)
	}
	none, _ := MarkGallery(once, nil)
	if !strings.Contains(string(none), `content=""`) || strings.Count(string(none), GalleryMetaName) != 1 {
		t.Errorf("no sets:\n%s", none)
	}
}

// CopyGallery copies what ../shared/data holds, checked; embedGallery puts
// the sets marked for it in the single file, decodable, before the loader.
func TestCopyAndEmbedGallery(t *testing.T) {
	from := shareddata.Dir(t)
	dir := t.TempDir()
	sets, err := CopyGallery(dir, from)
	if err != nil {
		t.Fatal(err)
	}
	if len(sets) == 0 {
		t.Skip("../shared/data holds none of the gallery's sets")
	}
	single := []byte("<html><head>" + loaderTag + "go()</script></head></html>")
	out, n, err := embedGallery(single, dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range sets {
		has := strings.Contains(string(out), `id="`+g.ElementID()+`"`)
		if has != g.InSingleFile {
			t.Errorf("%s embedded: %v, want %v", g.Name, has, g.InSingleFile)
		}
	}
	if n <= 0 || len(out) != len(single)+n || !strings.HasSuffix(string(out), loaderTag+"go()</script></head></html>") {
		t.Errorf("%d bytes added, %d more in the file", n, len(out)-len(single))
	}

	// A file that is not the catalogue's is refused.
	bad := t.TempDir()
	if err := os.WriteFile(filepath.Join(bad, setup.Gallery[0].File), []byte("+1 1:1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := CopyGallery(t.TempDir(), bad); !errors.Is(err, ErrGalleryFile) {
		t.Errorf("a wrong file: %v", err)
	}
}
