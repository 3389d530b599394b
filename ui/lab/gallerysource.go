package lab

import (
	"errors"
	"fmt"
	"io"

	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// errNotInBuild reports a gallery set that this build of the site does not
// carry.
var errNotInBuild = errors.New("not in this build")

// GallerySource gives the gallery's files where the page runs: the served
// site fetches them from its data/ folder, the single file reads its
// embedded copies.
type GallerySource interface {
	// Has reports whether the build carries g, and if not, why (shown
	// beside the set in the gallery).
	Has(g setup.GallerySet) (ok bool, why string)
	// Open returns g's bytes; it may block the calling goroutine.
	Open(g setup.GallerySet) (io.Reader, error)
}

// SetGallery gives the controller the page's gallery source.
func (c *Controller) SetGallery(src GallerySource) {
	c.mu.Lock()
	c.gallery = src
	c.mu.Unlock()
}

// GalleryHas reports whether the page can load g, and if not, why.
func (c *Controller) GalleryHas(g setup.GallerySet) (bool, string) {
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
func (c *Controller) Open(s setup.Settings) {
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
func (c *Controller) LoadGallery(s setup.Settings) {
	c.mu.Lock()
	defer c.notify()
	defer c.mu.Unlock()
	g, ok := setup.GallerySetNamed(s.Data)
	var err error
	switch {
	case !ok:
		err = s.Validate() // names the gallery's sets, as the data= key's check does
	case c.gallery == nil:
		err = fmt.Errorf("data %s: %w: this page has no data gallery", g.Name, errNotInBuild)
	default:
		if has, why := c.gallery.Has(g); !has {
			err = fmt.Errorf("data %s: %w: %s", g.Name, errNotInBuild, why)
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
	s.File = setup.FileRef{}
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
		h := setup.NewFileHash(g.File, raw)
		if err := t.steps(h); err != nil {
			return err // superseded: the newer action owns the status
		}
		ref := h.Ref()
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
func (c *Controller) parseGallery(t *task, ref setup.FileRef, raw []byte, s setup.Settings, name string) error {
	s.Data, s.File = name, setup.FileRef{}
	return c.load(t, worker.DataSpec{File: raw, Name: ref.Name, Bias: s.Bias, PositiveClass: s.PositiveClass}, s, ref, setup.FileRef{})
}

// DataFile returns the bytes of the file the data shown was read from (a
// gallery set or a file of the user's) and the gallery set's name ("" for
// a user's file); ok is false for preset data.
func (c *Controller) DataFile() (ref setup.FileRef, gallery string, raw []byte, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.file == nil || c.data == nil || c.data.Source != worker.SourceFile {
		return setup.FileRef{}, "", nil, false
	}
	return c.file.ref, c.file.gallery, c.file.raw, true
}
