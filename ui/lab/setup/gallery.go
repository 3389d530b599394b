package setup

import (
	"fmt"
	"strings"
)

// GallerySet is one of the paper's real data sets that a build of the site
// can carry (the data gallery): the page loads it with a click or the link
// key data=NAME, and a link to a run on it names the set, not a file, so
// that it reproduces the run wherever the set is in the build. The build
// copies the files from ../shared/data (never from the repository, which
// holds no data) into the site's data/ folder and, for the sets marked
// InSingleFile, into imlab.html.
type GallerySet struct {
	Name  string // the link's data= value
	File  string // the file's name in ../shared/data and in the site's data/ folder
	Title string // what the gallery shows
	About string // what the set is and where it is from (../shared/data/README.md)
	// Bytes and Fingerprint are the file's size and Fingerprint: the page
	// checks the bytes it is given against them, so a link's data=NAME
	// means the same bytes in every build.
	Bytes       int64
	Fingerprint string
	// InSingleFile says whether imlab.html embeds the set. Each embedded
	// set costs its size and a third (base64) in the file that is mailed
	// or copied to a USB stick.
	InSingleFile bool
}

// Gallery is the data gallery, in the order the page lists it: the
// paper's real sets that ../shared/data holds (its README gives their
// provenance and checksums; the fingerprints are the first 8 bytes of those
// SHA-256 sums).
var Gallery = []GallerySet{
	{Name: "w8a", File: "w8a.gz", Title: "w8a (49,749 × 300, sparse)",
		About: "LIBSVM w8a, binary, 3.9% non-zero: the paper's Table 5 and lesson 6.",
		Bytes: 466682, Fingerprint: "bbb05ebf28740515", InSingleFile: true},
	{Name: "a9a", File: "a9a.gz", Title: "a9a (32,561 × 123, sparse)",
		About: "LIBSVM a9a (Adult), binary, 11% non-zero.",
		Bytes: 197533, Fingerprint: "b301f3e87350539f"},
	{Name: "ijcnn1", File: "ijcnn1.tr.gz", Title: "ijcnn1.tr (35,000 × 22, dense)",
		About: "LIBSVM ijcnn1.tr, binary, 59% non-zero: the paper's Table 5.",
		Bytes: 1101260, Fingerprint: "a2ed872e06868eea"},
}

// GalleryDir is the site's folder of gallery files.
const GalleryDir = "data"

// GalleryElementID is the id of the single file's element that holds the
// set's bytes in base64 (a <script type="application/octet-stream">, which
// never runs, so the page's Content-Security-Policy need not allow it).
func (g GallerySet) ElementID() string { return "imlab-data-" + g.Name }

// Ref is the file reference of the set's bytes.
func (g GallerySet) Ref() FileRef {
	return FileRef{Name: g.File, Size: g.Bytes, Fingerprint: g.Fingerprint}
}

// GallerySetNamed returns the gallery set called name.
func GallerySetNamed(name string) (GallerySet, bool) {
	for _, g := range Gallery {
		if g.Name == name {
			return g, true
		}
	}
	return GallerySet{}, false
}

func galleryNames() string {
	names := make([]string, len(Gallery))
	for i, g := range Gallery {
		names[i] = g.Name
	}
	return strings.Join(names, ", ")
}

// galleryField is the link key data=NAME: the gallery set of the run.
func galleryField() Field {
	return Field{Key: FieldData, Label: "Data set",
		parse:  func(t string, s *Settings) error { s.Data = t; return nil },
		format: func(s Settings) string { return s.Data },
		check: func(s Settings) error {
			if s.Data == "" {
				return nil
			}
			if _, ok := GallerySetNamed(s.Data); !ok {
				return fmt.Errorf("%q is not a gallery set (%s)", s.Data, galleryNames())
			}
			if s.File.Name != "" {
				return fmt.Errorf("given with a file (%s): a run reads one or the other", s.File.Name)
			}
			return nil
		}}
}
