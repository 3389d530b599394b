package lab

import (
	"errors"
	"fmt"
	"io"
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

// ErrNotInBuild reports a gallery set that this build of the site does not
// carry.
var ErrNotInBuild = errors.New("not in this build")

// GallerySource gives the gallery's files where the page runs: the served
// site fetches them from its data/ folder, the single file reads its
// embedded copies.
type GallerySource interface {
	// Has reports whether the build carries g, and if not, why (shown
	// beside the set in the gallery).
	Has(g GallerySet) (ok bool, why string)
	// Open returns g's bytes; it may block the calling goroutine.
	Open(g GallerySet) (io.Reader, error)
}

// SetGallery gives the controller the page's gallery source.
func (c *Controller) SetGallery(src GallerySource) {
	c.mu.Lock()
	c.gallery = src
	c.mu.Unlock()
}

// GalleryHas reports whether the page can load g, and if not, why.
func (c *Controller) GalleryHas(g GallerySet) (bool, string) {
	c.mu.Lock()
	src := c.gallery
	c.mu.Unlock()
	if src == nil {
		return false, "this page has no data gallery"
	}
	return src.Has(g)
}

// Open shows the settings s as a link does: a gallery set is loaded, a
// file is asked for (AwaitFile), preset data is generated.
func (c *Controller) Open(s Settings) {
	switch {
	case s.Data != "":
		c.LoadGallery(s)
	case s.File.Name != "":
		c.AwaitFile(s)
	default:
		c.Generate(s)
	}
}

// LoadGallery loads the gallery set s.Data with the file options of s. A
// set the build lacks, or whose bytes are not the catalogue's, is an error
// that leaves the data shown as it was: no other data stands in for it.
func (c *Controller) LoadGallery(s Settings) {
	c.mu.Lock()
	defer c.notify()
	defer c.mu.Unlock()
	g, ok := GallerySetNamed(s.Data)
	var err error
	switch {
	case !ok:
		err = fieldError(FieldData, "%q is not a gallery set (%s)", s.Data, galleryNames())
	case c.gallery == nil:
		err = fmt.Errorf("data %s: %w: this page has no data gallery", g.Name, ErrNotInBuild)
	default:
		if has, why := c.gallery.Has(g); !has {
			err = fmt.Errorf("data %s: %w: %s", g.Name, ErrNotInBuild, why)
		}
	}
	if err == nil {
		err = s.Validate()
	}
	if err != nil {
		c.err = err
		c.changedLocked()
		return
	}
	c.err = nil
	src := c.gallery
	s.File = FileRef{}
	c.startLocked(func(t *task) error {
		if _, ok := c.beginLoad(t); !ok {
			return nil
		}
		r, err := src.Open(g)
		if err != nil {
			return fmt.Errorf("data %s: reading %s: %w", g.Name, g.File, err)
		}
		raw, err := io.ReadAll(io.LimitReader(r, g.Bytes+1))
		if err != nil {
			return fmt.Errorf("data %s: reading %s: %w", g.Name, g.File, err)
		}
		ref := refOf(g.File, raw, t.pacer())
		if !ref.Matches(g.Ref()) {
			return fmt.Errorf("data %s: %s is not the gallery's file (%d bytes, fingerprint %s; this one: %d bytes, %s)",
				g.Name, g.File, g.Bytes, g.Fingerprint, ref.Size, ref.Fingerprint)
		}
		c.mu.Lock()
		if t.aliveLocked() {
			c.file = &fileBytes{ref: ref, raw: raw, gallery: g.Name}
		}
		c.mu.Unlock()
		return c.parseGallery(t, ref, raw, s, g.Name)
	})
}

// parseGallery parses raw, the bytes of gallery set name, and installs the
// data with settings that name the set rather than a file.
func (c *Controller) parseGallery(t *task, ref FileRef, raw []byte, s Settings, name string) error {
	s.Data, s.File = name, FileRef{}
	return c.load(t, DataSpec{File: raw, Name: ref.Name, Bias: s.Bias, PositiveClass: s.PositiveClass}, s, ref, FileRef{})
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

// DataFile returns the bytes of the file the data shown was read from (a
// gallery set or a file of the user's) and the gallery set's name ("" for
// a user's file); ok is false for preset data.
func (c *Controller) DataFile() (ref FileRef, gallery string, raw []byte, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.file == nil || c.data == nil || c.data.Source != SourceFile {
		return FileRef{}, "", nil, false
	}
	return c.file.ref, c.file.gallery, c.file.raw, true
}
