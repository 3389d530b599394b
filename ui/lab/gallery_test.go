package lab

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"imlab/internal/shareddata"
	"imlab/ui/lab/internal/labtest"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// mapGallery is a GallerySource holding files in memory.
type mapGallery map[string]string

func (m mapGallery) Has(g setup.GallerySet) (bool, string) {
	_, ok := m[g.Name]
	return ok, "not in the test's build"
}

func (m mapGallery) Open(g setup.GallerySet) (io.Reader, error) {
	return strings.NewReader(m[g.Name]), nil
}

// withTestSet adds a small set to the gallery for the test's duration.
func withTestSet(t *testing.T, name, text string) setup.GallerySet {
	t.Helper()
	g := setup.GallerySet{Name: name, File: name + ".svm", Title: name, Bytes: int64(len(text)), Fingerprint: setup.Fingerprint([]byte(text))}
	saved := setup.Gallery
	setup.Gallery = append(setup.Gallery[:len(setup.Gallery):len(setup.Gallery)], g)
	t.Cleanup(func() { setup.Gallery = saved })
	return g
}

// The gallery's entries are the files of ../shared/data, byte for byte.
func TestGalleryMatchesSharedData(t *testing.T) {
	dir := shareddata.Dir(t)
	for _, g := range setup.Gallery {
		b, err := os.ReadFile(filepath.Join(dir, g.File))
		if err != nil {
			t.Errorf("%s: %v", g.Name, err)
			continue
		}
		if ref := setup.RefOf(g.File, b); !ref.Matches(g.Ref()) {
			t.Errorf("%s: %v, the catalogue says %v", g.Name, ref, g.Ref())
		}
	}
}

// data= names a gallery set in a link; a link to a gallery run names the
// set, not a file, and reads back as itself.
func TestGalleryLink(t *testing.T) {
	s, err := setup.ParseHash("data=w8a&bias=true&taus=1,8", setup.DefaultSettings())
	if err != nil {
		t.Fatal(err)
	}
	if s.Data != "w8a" || s.File.Name != "" {
		t.Fatalf("data %q, file %v", s.Data, s.File)
	}
	if h := s.Hash(); !strings.Contains(h, "data=w8a") || strings.Contains(h, "file=") {
		t.Errorf("hash %q", h)
	}
	if back, err := setup.ParseHash(s.Hash(), setup.DefaultSettings()); err != nil || back.Hash() != s.Hash() {
		t.Errorf("round trip: %q, %v", back.Hash(), err)
	}
	for _, bad := range []string{"data=w9a", "data=w8a&file=x.svm&fsize=3&fsha=0123456789abcdef"} {
		_, err := setup.ParseHash(bad, setup.DefaultSettings())
		var fe *setup.FieldError
		if !errors.As(err, &fe) || fe.Field != setup.FieldData {
			t.Errorf("%q: error %v, want one naming the data set", bad, err)
		}
	}
	if s, _, err := setup.PageSettings("lesson=6", setup.DefaultSettings()); err != nil || s.Data != "w8a" {
		t.Errorf("lesson 6 reads data %q (%v), want the gallery's w8a", s.Data, err)
	}
	// The link of lesson 6 run on a file of one's own names the file, and reads back.
	s.Data, s.File = "", setup.FileRef{Name: "mine.svm", Size: 3, Fingerprint: "0123456789abcdef"}
	link := setup.JoinHash(s, setup.Teaching{Lesson: 6})
	if back, _, err := setup.PageSettings(link, setup.DefaultSettings()); err != nil || back.Data != "" || back.File != s.File {
		t.Errorf("%q reads back as data %q, file %v (%v)", link, back.Data, back.File, err)
	}
}

// A gallery set loads as a file would, but the settings name the set; a
// set the build lacks, or bytes that are not the catalogue's, are errors
// that keep the data shown.
func TestLoadGallery(t *testing.T) {
	text := "+1 1:1 2:3\n-1 2:1\n+1 1:2 3:4\n-1 3:1\n"
	g := withTestSet(t, "tiny", text)
	h := newHarness(t)
	h.c.Generate(labtest.Small())
	h.wait("preset", isPhase(Ready))

	s := labtest.Small()
	s.Data = g.Name
	h.c.LoadGallery(s) // no gallery source
	got := h.wait("no gallery", hasErr)
	if !errors.Is(got.Err, errNotInBuild) || got.Data == nil || got.Data.Source != worker.SourcePreset {
		t.Fatalf("without a gallery: error %v, data %+v", got.Err, got.Data)
	}

	h.c.SetGallery(mapGallery{g.Name: "+1 1:1\n"})
	h.c.LoadGallery(s)
	got = h.wait("wrong bytes", hasErr)
	if got.Err == nil || !strings.Contains(got.Err.Error(), "not the gallery's file") || got.Data.Source != worker.SourcePreset {
		t.Fatalf("wrong bytes: error %v, data %+v", got.Err, got.Data)
	}

	h.c.SetGallery(mapGallery{g.Name: text})
	h.c.LoadGallery(s)
	got = h.wait("gallery set", func(s *Snapshot) bool { return s.Phase == Ready && s.Data != nil && s.Data.Source == worker.SourceFile })
	if got.Settings.Data != g.Name || got.Settings.File.Name != "" || !strings.Contains(got.Settings.Hash(), "data=tiny") {
		t.Errorf("settings after a gallery load: data %q, file %v, hash %q", got.Settings.Data, got.Settings.File, got.Settings.Hash())
	}
	if got.Data.Stats.N != 4 {
		t.Errorf("%d examples, want 4", got.Data.Stats.N)
	}
	ref, name, raw, ok := h.c.DataFile()
	if !ok || name != g.Name || string(raw) != text || !ref.Matches(g.Ref()) {
		t.Errorf("DataFile: %v %q %q %v", ref, name, raw, ok)
	}

	// A run on the set keeps naming it.
	run := got.Settings
	run.Taus, run.Eps = []int{1, 2}, 1e-3
	h.c.Run(run)
	got = h.wait("run", isPhase(Done))
	if got.Settings.Data != g.Name || got.Settings.File.Name != "" {
		t.Errorf("after a run: data %q, file %v", got.Settings.Data, got.Settings.File)
	}

	// Other file options reread the set, still named as the set.
	s.Bias = !s.Bias
	h.c.Reread(s)
	got = h.wait("reread", func(x *Snapshot) bool { return x.Phase == Ready && x.Settings.Bias == s.Bias })
	if got.Settings.Data != g.Name || got.Settings.File.Name != "" {
		t.Errorf("reread: data %q, file %v", got.Settings.Data, got.Settings.File)
	}

	// Opening preset settings forgets the set.
	h.c.Open(labtest.Small())
	got = h.wait("preset again", func(x *Snapshot) bool { return x.Phase == Ready && x.Data.Source == worker.SourcePreset })
	if got.Settings.Data != "" {
		t.Errorf("preset after a gallery set: data %q", got.Settings.Data)
	}
}
